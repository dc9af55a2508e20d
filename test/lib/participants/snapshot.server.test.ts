import { describe, expect, it } from "vitest";
import { SnapshotBuilder } from "~/lib/participants/snapshot.server";

describe("SnapshotBuilder", () => {
  it("counts countries case- and accent-insensitively", () => {
    const builder = new SnapshotBuilder();
    for (const [index, pais] of ["México", "Mexico", "MEXICO", "méxico ", "Perú", "Peru", "Chile"].entries()) {
      builder.add({ nombre: `Persona ${index}`, pais, id: `X-${index}`, fecha: "2026-01-02" });
    }
    expect(builder.finish(0, 0, "url").countryCount).toBe(3);
  });

  it("puts the last sheet row first and formats dates once", () => {
    const builder = new SnapshotBuilder();
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
});
