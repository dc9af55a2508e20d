import { describe, expect, it } from "vitest";
import { leftOutSentence } from "~/lib/participants/left-out";

describe("leftOutSentence", () => {
  it("says nothing when no row was left out", () => {
    expect(leftOutSentence({ outsideWindow: 0, unreadableDate: 0, refusedId: 0 }, true)).toBeNull();
    expect(leftOutSentence({ outsideWindow: 0, unreadableDate: 0, refusedId: null }, true)).toBeNull();
  });

  it("agrees with one row, in the verb and the noun", () => {
    expect(leftOutSentence({ outsideWindow: 1, unreadableDate: 0, refusedId: 0 }, true)).toBe(
      "Quedó afuera 1 fila con fecha fuera de esos días o que ya entró en el sorteo anterior.",
    );
    expect(leftOutSentence({ outsideWindow: 0, unreadableDate: 0, refusedId: 1 }, true)).toBe(
      "Quedó afuera 1 fila con un ID de otro formato.",
    );
  });

  it("names only the reasons that left rows out, counted as in Argentina, joined as Spanish lists", () => {
    expect(leftOutSentence({ outsideWindow: 1234, unreadableDate: 1, refusedId: null }, true)).toBe(
      "Quedaron afuera 1.234 filas con fecha fuera de esos días o que ya entraron en el sorteo anterior y 1 fila con una fecha que no se puede leer.",
    );
    expect(leftOutSentence({ outsideWindow: 0, unreadableDate: 2, refusedId: 3 }, true)).toBe(
      "Quedaron afuera 2 filas con una fecha que no se puede leer y 3 filas con un ID de otro formato.",
    );
  });

  it("speaks of the previous draw's rows only when that draw froze a list of real entries", () => {
    expect(leftOutSentence({ outsideWindow: 2, unreadableDate: 0, refusedId: 0 }, false)).toBe(
      "Quedaron afuera 2 filas con fecha fuera de esos días.",
    );
    expect(leftOutSentence({ outsideWindow: 1, unreadableDate: 1, refusedId: 0 }, false)).toBe(
      "Quedaron afuera 1 fila con fecha fuera de esos días y 1 fila con una fecha que no se puede leer.",
    );
  });
});
