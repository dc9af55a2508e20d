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

  it("keeps long real names, countries, ids and dates", () => {
    const nombre = "María de los Ángeles Fernández de la Torre y Sánchez de Bustamante";
    const pais = "Reino Unido de Gran Bretaña e Irlanda del Norte";
    expect(validateParticipant([nombre, pais, "OL-2026-000123", "2026-10-23"])).toEqual({
      nombre,
      pais,
      id: "OL-2026-000123",
      fecha: "2026-10-23",
    });
    expect(validateParticipant(["a".repeat(100), "b".repeat(60), "c".repeat(32), "d".repeat(32)])).not.toBeNull();
  });

  it("drops a row with any field longer than real entries are: 100, 60, 32 and 32 characters", () => {
    expect(validateParticipant(["a".repeat(101), "Chile", "A-1", "2026-01-02"])).toBeNull();
    expect(validateParticipant(["a".repeat(200_000), "Chile", "A-1", "2026-01-02"])).toBeNull();
    expect(validateParticipant(["Ana", "b".repeat(61), "A-1", "2026-01-02"])).toBeNull();
    expect(validateParticipant(["Ana", "Chile", "c".repeat(33), "2026-01-02"])).toBeNull();
    expect(validateParticipant(["Ana", "Chile", "A-1", "d".repeat(33)])).toBeNull();
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
