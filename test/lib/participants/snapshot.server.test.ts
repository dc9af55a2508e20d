import { describe, expect, it } from "vitest";
import { searchParticipants } from "~/lib/participants/query.server";
import { SnapshotBuilder } from "~/lib/participants/snapshot.server";

describe("SnapshotBuilder", () => {
  it("counts countries case- and accent-insensitively, and shows each as written", () => {
    const builder = new SnapshotBuilder("full");
    const written = ["México", "Mexico", "MEXICO", "méxico", "Perú", "Peru", "Chile"];
    for (const [index, pais] of written.entries()) {
      builder.add({ nombre: `Persona ${index}`, pais, id: `X-${index}`, fecha: "2026-01-02" });
    }
    const snapshot = builder.finish(0, 0, "url");
    expect(snapshot.countryCount).toBe(3);
    expect(snapshot.participants.map((row) => row.pais).reverse()).toEqual(written);
  });

  it("puts the last sheet row first and formats dates once", () => {
    const builder = new SnapshotBuilder("full");
    builder.add({ nombre: "Primera", pais: "Chile", id: "A", fecha: "2026-1-2" });
    builder.add({ nombre: "Última", pais: "Chile", id: "B", fecha: "3/4/2026" });
    const snapshot = builder.finish(42, 7, "url");
    expect(snapshot.participants.map((row) => [row.nombre, row.fecha])).toEqual([
      ["Última", "3/4/2026"],
      ["Primera", "02/01/2026"],
    ]);
    expect(snapshot.searchIndex.text).toContain("ultima");
    expect([snapshot.fetchedAt, snapshot.dropped]).toEqual([42, 7]);
  });

  it("keeps only the published name, and searches what is shown and the id", () => {
    const builder = new SnapshotBuilder("initial");
    builder.add({ nombre: "Lucía de la Fuente", pais: "Chile", id: "LF-7", fecha: "2026-1-2" });
    const snapshot = builder.finish(0, 0, "url");
    expect(snapshot.participants).toEqual([{ nombre: "Lucía F.", pais: "Chile", id: "LF-7", fecha: "02/01/2026" }]);
    expect(snapshot.searchIndex.text).not.toContain("fuente");
    for (const hidden of ["fuente", "de la", "Lucía de"]) expect(searchParticipants(snapshot, hidden)).toEqual([]);
    for (const shown of ["lucia f.", "LF-7", "lf"]) {
      expect(
        searchParticipants(snapshot, shown).map((row) => row.id),
        shown,
      ).toEqual(["LF-7"]);
    }
  });

  it("publishes and searches names as written when PARTICIPANT_NAMES=full", () => {
    const builder = new SnapshotBuilder("full");
    builder.add({ nombre: "Lucía de la Fuente", pais: "Chile", id: "LF-7", fecha: "2026-1-2" });
    const snapshot = builder.finish(0, 0, "url");
    expect(snapshot.participants[0]!.nombre).toBe("Lucía de la Fuente");
    expect(searchParticipants(snapshot, "fuente").map((row) => row.id)).toEqual(["LF-7"]);
  });
});
