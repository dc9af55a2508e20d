import { describe, expect, it } from "vitest";
import { shownName } from "~/lib/participants/public-name";

const maskedName = (name: string) => shownName(name, "initial");

/** The rule of docs/product.md, "Participant names", on the names people really type. */
describe("shownName, PARTICIPANT_NAMES=initial (the default)", () => {
  it.each([
    // Given names and surnames, one or two of each: the initial is the last surname's.
    ["Valentina Rodríguez", "Valentina R."],
    ["Juan Pérez García", "Juan G."],
    ["María José Núñez", "María N."],
    ["Juan Carlos Fernández López", "Juan L."],
    // Surnames with particles: the initial is the surname's.
    ["Lucía de la Fuente", "Lucía F."],
    ["Ana Del Valle", "Ana V."],
    ["Martín de los Santos Ruiz", "Martín R."],
    ["Pedro van der Berg", "Pedro B."],
    ["José Ortega y Gasset", "José G."],
    // Two given names and no surname: the second gives the initial.
    ["María José", "María J."],
    // One word, nothing to hide.
    ["Valentina", "Valentina"],
    ["  Renata  ", "Renata"],
    // Already abbreviated, as the sample sheet and the winners are written.
    ["Valentina R.", "Valentina R."],
    ["Juan P", "Juan P."],
    // A capital initial is not the particle "y" or "e".
    ["Felipe Y.", "Felipe Y."],
    ["Eva E", "Eva E."],
    ["José Ortega y", "José O."],
    ["J. Pérez", "J. P."],
    ["j pérez", "J. P."],
    // Surname first, after a comma.
    ["Pérez, Juan", "Juan P."],
    ["Pérez García, Juan Carlos", "Juan G."],
    ["de la Fuente, María José", "María F."],
    ["Pérez,Juan", "Juan P."],
    // A comma before a suffix is not surname first.
    ["Juan Pablo Díaz, hijo", "Juan D."],
    ["Juan Pablo D., hijo", "Juan D."],
    ["Carlos Gómez, Jr.", "Carlos G."],
    // Accents, ñ, hyphens, apostrophes and capitals.
    ["Ángela Álvarez", "Ángela Á."],
    ["Iñaki Ñúñez", "Iñaki Ñ."],
    ["ana núñez", "ana N."],
    ["JUAN PÉREZ", "JUAN P."],
    ["Jean-Pierre Dupont", "Jean-Pierre D."],
    ["Ana García-López", "Ana G."],
    ["Seán O'Brien", "Seán O."],
    // Decomposed accents (a phone's keyboard) come out whole.
    ["A\u0301ngela A\u0301lvarez", "Ángela Á."],
    // Written together or with other separators: still never a later word in full.
    ["JuanPérez", "Juan P."],
    ["juan.perez@gmail.com", "juan P."],
    ["juan_perez", "juan P."],
    ["María\tJosé\nNúñez", "María N."],
    ["Juan  \u00a0 Pérez", "Juan P."],
    ["¡Juan! (Pérez)", "Juan P."],
    ["Juan 2 Pérez", "Juan P."],
    // A suffix without a comma is no surname; only particles after the first word give no initial.
    ["Juan Pablo Díaz hijo", "Juan D."],
    ["Carlos Gómez Jr", "Carlos G."],
    ["Juan de la", "Juan"],
    // No letters at all.
    ["12345678", "Sin nombre"],
    ["🙂", "Sin nombre"],
  ])("%j is published as %j", (name, shown) => {
    expect(maskedName(name)).toBe(shown);
  });

  it("never shows any word but the first in full", () => {
    const names = ["María José Núñez Ortega", "Pérez García, Juan Carlos", "Lucía de la Fuente Sosa", "JuanPérez"];
    for (const name of names) {
      const shown = maskedName(name);
      const hidden = name.split(/[\s,]+|(?<=\p{Ll})(?=\p{Lu})/u).filter((word) => word.length > 1);
      const firstGiven = name.includes(",") ? name.split(",")[1]!.trim().split(/\s+/)[0] : hidden[0];
      for (const word of hidden.filter((word) => word !== firstGiven)) expect(shown, name).not.toContain(word);
    }
  });
});

describe("shownName, either rule", () => {
  it("masks by default rule and publishes names as written with PARTICIPANT_NAMES=full", () => {
    expect(shownName("Lucía de la Fuente", "initial")).toBe("Lucía F.");
    expect(shownName("Lucía de la Fuente", "full")).toBe("Lucía de la Fuente");
  });
});
