import { describe, expect, it } from "vitest";
import { SheetError, toSheetError } from "~/lib/participants/errors.server";

function named(name: string, message = "detail"): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe("toSheetError", () => {
  it("keeps a SheetError as it is", () => {
    const error = new SheetError("http", "upstream answered 503", 503);
    expect(toSheetError(error)).toBe(error);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("SheetError");
  });

  it.each(["TimeoutError", "AbortError"])("calls a %s a time-out", (name) => {
    expect(toSheetError(named(name))).toMatchObject({
      kind: "timeout",
      publicMessage: "La lista de participantes tardó demasiado en llegar.",
    });
  });

  it("calls a CSV parser error invalid data, keeping its detail for the log", () => {
    expect(toSheetError(named("CsvError", "Invalid Closing Quote"))).toMatchObject({
      kind: "invalid",
      message: "Invalid Closing Quote",
      publicMessage: "La lista de participantes no llegó con datos válidos.",
    });
  });

  it("adds why fetch failed (its cause's code, else its message) to the logged message", () => {
    const refused = new TypeError("fetch failed", { cause: { code: "ECONNREFUSED", message: "connect ECONNREFUSED" } });
    expect(toSheetError(refused)).toMatchObject({ kind: "unknown", message: "fetch failed (ECONNREFUSED)" });
    const certificate = new TypeError("fetch failed", { cause: { message: "certificate has expired" } });
    expect(toSheetError(certificate).message).toBe("fetch failed (certificate has expired)");
    expect(toSheetError(new Error("socket hang up")).message).toBe("socket hang up");
  });

  it("turns anything else thrown into an unknown error with the spec's wording", () => {
    expect(toSheetError("boom")).toMatchObject({
      kind: "unknown",
      message: "boom",
      publicMessage: "Error desconocido",
    });
    expect(toSheetError(undefined).message).toBe("undefined");
  });
});
