/**
 * The stored draws on a real embedded database (a temporary SQLite file), with the clock passed
 * in: one commitment per draw however many replicas try; the latest real freeze and its ids,
 * which the list of /sorteos counts from.
 */
import { describe, expect, it } from "vitest";
import { freezeDueDraw } from "~/lib/draw-records/freeze.server";
import { runDraw } from "~/lib/draw-records/rounds.server";
import { drawRecords, ensureCommitment, frozenIds, latestRealFreeze } from "~/lib/draw-records/stored-draws.server";
import { sha256 } from "../../support/draw-command";
import { DAY, DRAW, MINUTE, recordingDraws, sheet, T0 } from "../../support/draw-records";
import { useTemporaryStorage } from "../../support/temporary-storage";

const storage = useTemporaryStorage("draws-");
const { options } = recordingDraws();

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

  it("counts the list of /sorteos from the latest real freeze, run or not; a sample list takes nothing", async () => {
    await ensureCommitment(storage.db, T0);
    expect(await latestRealFreeze(storage.db)).toBeNull();
    const sample = async () => ({
      entries: [{ id: "OL-1", name: "Ana B.", country: "Perú", date: "2020-01-01" }],
      fromSample: true,
    });
    await freezeDueDraw(storage.db, sample, DRAW + 1000);
    expect(await latestRealFreeze(storage.db)).toBeNull();
    expect(await frozenIds(storage.db, DRAW)).toEqual(new Set());
  });

  it("names the latest real freeze and its ids, before the run and after it", async () => {
    await ensureCommitment(storage.db, T0);
    await freezeDueDraw(storage.db, async () => sheet(["OL-1", "OL-2"]), DRAW + 1000);
    expect(await latestRealFreeze(storage.db)).toBe(DRAW);
    expect(await frozenIds(storage.db, DRAW)).toEqual(new Set(["OL-1", "OL-2"]));
    await runDraw(storage.db, async () => sheet(["OL-9"]), options(DRAW + 31 * MINUTE));
    // The next month is committed, not frozen: the latest freeze is still December's.
    expect(await latestRealFreeze(storage.db)).toBe(DRAW);
  });
});
