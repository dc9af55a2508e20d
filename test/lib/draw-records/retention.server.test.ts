/**
 * A draw's participation data erased 12 months after its instant, on a real embedded database
 * (a temporary SQLite file), with the clock passed in; the proof kept, its sealed statements and
 * their seals included (docs/draw.md, "Retention").
 */
import { describe, expect, it } from "vitest";
import { eraseExpiredDrawData } from "~/lib/draw-records/retention.server";
import { recordClaim } from "~/lib/draw-records/prize.server";
import { redraw } from "~/lib/draw-records/rounds.server";
import { drawRecords, ensureUpcoming } from "~/lib/draw-records/stored-draws.server";
import { BEACON, DAY, DRAW, frozenThenRun, MINUTE, recordingDraws, sheet, T0 } from "../../support/draw-records";
import { useTemporaryStorage } from "../../support/temporary-storage";

const storage = useTemporaryStorage("draws-");
const { options } = recordingDraws();

describe("draw retention", () => {
  it("erases a draw's list, names, countries and winners 12 months after its instant, keeping the proof", async () => {
    await ensureUpcoming(storage.db, T0);
    const { draw } = await frozenThenRun(storage.db, async () => sheet(["OL-1", "OL-2"]), options(DRAW + 31 * MINUTE));
    // Its statements and an authority's seal (hashes, counts and dates: no one's data).
    const seal = {
      draw_at: DRAW,
      statement: "list" as const,
      authority: "http://timestamp.example",
      reply: "MIIB",
      stamped_at: DRAW + 2000,
      latest_at: DRAW + 3000,
      received_at: DRAW + 4000,
    };
    await storage.db.insertInto("draw_witnesses").values(seal).execute();
    await storage.db
      .updateTable("draws")
      .set({ claim_statement: "reclamo\n", list_statement: "lista\n" })
      .where("draw_at", "=", DRAW)
      .execute();
    expect(await eraseExpiredDrawData(storage.db, DRAW + 365 * DAY - 1)).toBe(0);
    expect(await eraseExpiredDrawData(storage.db, DRAW + 365 * DAY)).toBe(1);
    expect(await eraseExpiredDrawData(storage.db, DRAW + 366 * DAY)).toBe(0);
    const erased = await storage.db
      .selectFrom("draws")
      .selectAll()
      .where("draw_at", "=", DRAW)
      .executeTakeFirstOrThrow();
    expect(erased).toMatchObject({
      list_text: null,
      list_names: null,
      list_countries: null,
      list_hash: draw.list_hash,
      erased_at: DRAW + 365 * DAY,
      claim_statement: "reclamo\n",
      list_statement: "lista\n",
    });
    expect(await storage.db.selectFrom("draw_witnesses").selectAll().execute()).toEqual([seal]);
    const [round] = await storage.db.selectFrom("draw_rounds").selectAll().execute();
    expect(round).toMatchObject({ winner_id: "", winner_name: "", winner_country: null, beacon: BEACON });
    // The next month's draw, written at the run, is not 12 months old: untouched.
    expect((await drawRecords(storage.db)).map(({ draw }) => draw.erased_at)).toEqual([null, DRAW + 365 * DAY]);
    await expect(redraw(storage.db, "2026-12", options(DRAW + 365 * DAY))).rejects.toThrow("su lista se borró");
    await expect(recordClaim(storage.db, "2026-12", DRAW + 365 * DAY)).rejects.toThrow("su registro se borró");
  });
});
