/**
 * A prize after its draw, on a real embedded database (a temporary SQLite file), with the clock
 * passed in: the delivery recorded once, for the month named, and never for a draw that has no
 * prize; no redraw after it.
 */
import { describe, expect, it } from "vitest";
import { DrawRefused } from "~/lib/draw-records/draw-refused";
import { recordClaim } from "~/lib/draw-records/prize.server";
import { redraw } from "~/lib/draw-records/rounds.server";
import { drawRecords, ensureCommitment } from "~/lib/draw-records/stored-draws.server";
import { DAY, DRAW, frozenThenRun, MINUTE, recordingDraws, sheet, T0 } from "../../support/draw-records";
import { useTemporaryStorage } from "../../support/temporary-storage";

const storage = useTemporaryStorage("prize-");
const { options } = recordingDraws();

describe("a prize after its draw", () => {
  it("records the prize delivered once, for the month named, and redraws no more after it", async () => {
    await ensureCommitment(storage.db, T0);
    // The draw of 7 December 2026 (12:00 in Argentina) is December's.
    await expect(recordClaim(storage.db, "2026-12", DRAW)).rejects.toThrow(
      new DrawRefused("no se hizo ningún sorteo en 2026-12: mirá `npm run draw -- status`"),
    );
    await frozenThenRun(storage.db, async () => sheet(["OL-1", "OL-2"]), options(DRAW + 31 * MINUTE));
    await expect(recordClaim(storage.db, "2026-11", DRAW + DAY)).rejects.toThrow("no se hizo ningún sorteo en 2026-11");
    const claimed = await recordClaim(storage.db, "2026-12", DRAW + 3 * DAY);
    expect(claimed.draw.claimed_at).toBe(DRAW + 3 * DAY);
    expect((await drawRecords(storage.db)).find(({ draw }) => draw.draw_at === DRAW)!.draw.claimed_at).toBe(
      DRAW + 3 * DAY,
    );
    await expect(recordClaim(storage.db, "2026-12", DRAW + 4 * DAY)).rejects.toThrow(
      "el premio de 2026-12 ya está registrado como entregado el 10/12/2026, 12:00 hora de Argentina (2026-12-10T15:00:00.000Z)",
    );
    // Delivered: 30 days later there is no unclaimed prize to redraw.
    await expect(redraw(storage.db, null, options(DRAW + 30 * DAY))).rejects.toThrow(
      "no hay ningún premio sin reclamar para resortear",
    );
  });

  it("refuses to record a prize delivered for a draw among the sample sheet's examples", async () => {
    await ensureCommitment(storage.db, T0);
    const examples = async () => ({ ...sheet(["OL-1", "OL-2"]), fromSample: true });
    await frozenThenRun(storage.db, examples, options(DRAW + 31 * MINUTE));
    await expect(recordClaim(storage.db, "2026-12", DRAW + DAY)).rejects.toThrow(
      "el sorteo de 2026-12 se hizo con la planilla de ejemplo, no con participantes reales: no hay premio que entregar",
    );
  });
});
