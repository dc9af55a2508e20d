/**
 * The stored draws on a real embedded database (a temporary SQLite file), with the clock passed
 * in: one record per draw however many replicas try, under rule v2, with no seed to choose.
 */
import { describe, expect, it } from "vitest";
import { drawRecords, ensureUpcoming } from "~/lib/draw-records/stored-draws.server";
import { DAY, DRAW, T0 } from "../../support/draw-records";
import { useTemporaryStorage } from "../../support/temporary-storage";

const storage = useTemporaryStorage("draws-");
describe("stored draws", () => {
  it("writes one record per draw instant, however many replicas try at once, with nothing secret in it", async () => {
    await Promise.all(Array.from({ length: 5 }, () => ensureUpcoming(storage.db, T0)));
    await ensureUpcoming(storage.db, T0 + DAY);
    const records = await drawRecords(storage.db);
    expect(records.map((record) => record.draw.draw_at)).toEqual([DRAW]);
    const { rule, seed, commitment, committed_at } = records[0]!.draw;
    expect([rule, seed, commitment, committed_at]).toEqual(["opinionlabz-draw-v2", "", "", T0]);
  });
});
