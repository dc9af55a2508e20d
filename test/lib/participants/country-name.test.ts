import { describe, expect, it } from "vitest";
import { countryName } from "~/lib/participants/country-name";

describe("countryName (docs/product.md, 'Countries')", () => {
  it.each([
    ["argentina", "Argentina"],
    ["ARGENTINA", "Argentina"],
    [" Argentína ", "Argentina"],
    ["mexico", "México"],
    ["Méjico", "México"],
    ["PERU", "Perú"],
    ["republica dominicana", "República Dominicana"],
    ["usa", "Estados Unidos"],
    ["EE. UU.", "Estados Unidos"],
    ["espana", "España"],
  ])("shows %j as %j, its canonical Spanish name", (written, shown) => {
    expect(countryName(written)).toBe(shown);
  });

  it.each([
    ["trinidad y tobago", "Trinidad y Tobago"],
    ["ITALIA", "Italia"],
    ["Corea del Sur", "Corea del Sur"],
    ["San Marino", "San Marino"],
    ["<svg onload=alert(3)>", "<svg onload=alert(3)>"],
    ["otro 2", "otro 2"],
  ])("shows %j, a country it does not know, as %j: capitalized only when typed in one case", (written, shown) => {
    expect(countryName(written)).toBe(shown);
  });
});
