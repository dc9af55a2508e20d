import { describe, expect, it } from "vitest";
import { validateParticipant } from "~/lib/participants/validate-participant.server";

describe("validateParticipant (docs/product.md#participants-pipeline)", () => {
  it("keeps a row with four non-empty fields, positional", () => {
    expect(validateParticipant(["Ana", "Chile", "A-1", "2026-01-02"])).toEqual({
      nombre: "Ana",
      pais: "Chile",
      id: "A-1",
      fecha: "2026-01-02",
    });
  });

  it("ignores extra columns", () => {
    expect(validateParticipant(["Ana", "Chile", "A-1", "2026-01-02", "x", "y"])?.id).toBe("A-1");
  });

  it("trims and drops stray double quotes", () => {
    expect(validateParticipant(['  "Ana"  ', 'Chi"le', " A-1 ", "2026-01-02 "])).toEqual({
      nombre: "Ana",
      pais: "Chile",
      id: "A-1",
      fecha: "2026-01-02",
    });
  });

  it.each([
    [["Ana", "Chile", "A-1"]],
    [["", "Chile", "A-1", "2026-01-02"]],
    [["Ana", "  ", "A-1", "2026-01-02"]],
    [["Ana", "Chile", '""', "2026-01-02"]],
    [["Ana", "Chile", "A-1", ""]],
    [[]],
  ])("drops %j", (record) => {
    expect(validateParticipant(record)).toBeNull();
  });
});
