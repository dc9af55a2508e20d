/**
 * The stored draws on a real embedded database (a temporary SQLite file), with the clock passed
 * in: one commitment per draw however many replicas try.
 */
import { describe, expect, it } from "vitest";
import { drawRecords, ensureCommitment } from "~/lib/draw-records/stored-draws.server";
import { sha256 } from "../../support/draw-command";
import { DAY, DRAW, T0 } from "../../support/draw-records";
import { useTemporaryStorage } from "../../support/temporary-storage";

const storage = useTemporaryStorage("draws-");
describe("stored draws", () => {
  it("commits one seed per draw instant, however many replicas try at once", async () => {
    await Promise.all(Array.from({ length: 5 }, () => ensureCommitment(storage.db, T0)));
    await ensureCommitment(storage.db, T0 + DAY);
    const records = await drawRecords(storage.db);
    expect(records.map((record) => record.draw.draw_at)).toEqual([DRAW]);
    const { seed, commitment, committed_at } = records[0]!.draw;
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(commitment).toBe(sha256(seed));
    expect(committed_at).toBe(T0);
  });
});
