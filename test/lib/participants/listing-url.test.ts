import { expect, it } from "vitest";
import { listingHref } from "~/lib/participants/listing-url";

it.each([
  ["", 1, "/sorteos"],
  ["", 2, "/sorteos?page=2"],
  ["ana", 1, "/sorteos?q=ana"],
  ["José Pérez", 3, "/sorteos?q=Jos%C3%A9+P%C3%A9rez&page=3"],
  ["a&page=9", 1, "/sorteos?q=a%26page%3D9"],
])("search %j on page %i links to %s", (query, page, href) => {
  expect(listingHref(query, page)).toBe(href);
});
