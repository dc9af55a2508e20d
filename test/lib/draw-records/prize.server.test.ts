/**
 * A prize after its draw, on a real embedded database (a temporary SQLite file), with the clock
 * passed in and two real RFC 3161 authorities on loopback (openssl ts -reply, their clocks set by
 * faketime): a claim is a statement the authorities seal, and it counts only when both seal it
 * before the next redraw's round; after that round `claimed` is refused and the redraw stands
 * (docs/draw.md, "Witnesses"). Never for a draw that has no prize.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DrawRefused } from "~/lib/draw-records/draw-refused";
import { recordClaim, settleClaim } from "~/lib/draw-records/prize.server";
import { redraw } from "~/lib/draw-records/rounds.server";
import { drawRecords, ensureUpcoming } from "~/lib/draw-records/stored-draws.server";
import { askMissingWitnesses, type WitnessConfig } from "~/lib/draw-records/witnesses.server";
import { DAY, DRAW, frozenThenRun, MINUTE, recordingDraws, sheet, T0 } from "../../support/draw-records";
import { rootsFile, startStandInAuthority, type StandInAuthority } from "../../support/timestamp-authority";
import { useTemporaryStorage } from "../../support/temporary-storage";

const storage = useTemporaryStorage("prize-");
const { options } = recordingDraws();
/** The redraw after round 0 of the draw of 7 December 2026: its round is out 30 days and 30 minutes on. */
const REDRAW_ROUND_OUT = DRAW + 30 * DAY + 30 * MINUTE;

let authorities: StandInAuthority[];
let config: WitnessConfig;
beforeAll(async () => {
  authorities = await Promise.all([
    startStandInAuthority("Testigo del Reclamo Uno", { keyType: "ec" }),
    startStandInAuthority("Testigo del Reclamo Dos", { keyType: "ec" }),
  ]);
  config = {
    authorities: authorities.map((authority) => authority.url),
    testRootsFile: rootsFile(authorities),
    timeoutMs: 10_000,
  };
});
afterAll(async () => {
  await Promise.all((authorities ?? []).map((authority) => authority.close()));
});

/** Both authorities seal December's claim statement, their clocks at `at`. */
async function sealClaim(at: number): Promise<void> {
  for (const authority of authorities) authority.clock = () => new Date(at);
  const { claim_statement } = await storage.db
    .selectFrom("draws")
    .select("claim_statement")
    .where("draw_at", "=", DRAW)
    .executeTakeFirstOrThrow();
  const round = await askMissingWitnesses(storage.db, DRAW, "claim", claim_statement!, config, () => at);
  expect(round.failures).toEqual([]);
}

describe("a prize after its draw", () => {
  it("counts a claim sealed by both authorities before the redraw's round: no redraw after it", async () => {
    await ensureUpcoming(storage.db, T0);
    // The draw of 7 December 2026 (12:00 in Argentina) is December's.
    await expect(recordClaim(storage.db, "2026-12", DRAW)).rejects.toThrow(
      new DrawRefused("no se hizo ningún sorteo en 2026-12: mirá `npm run draw -- status`"),
    );
    await frozenThenRun(storage.db, async () => sheet(["OL-1", "OL-2"]), options(DRAW + 31 * MINUTE));
    await expect(recordClaim(storage.db, "2026-11", DRAW + DAY)).rejects.toThrow("no se hizo ningún sorteo en 2026-11");
    const { statement } = await recordClaim(storage.db, "2026-12", DRAW + 3 * DAY);
    const [winner] = (await drawRecords(storage.db)).find(({ draw }) => draw.draw_at === DRAW)!.rounds;
    expect(statement).toBe(
      [
        "Opinion Labz: premio reclamado",
        "sorteo: 2026-12-07T15:00:00.000Z",
        "regla: opinionlabz-draw-v2",
        `huella de la lista: ${(await drawRecords(storage.db)).find(({ draw }) => draw.draw_at === DRAW)!.draw.list_hash}`,
        "ronda: 0",
        `ganador: ${winner!.winner_id}`,
        // 30 days and 30 minutes after the draw instant, on quicknet's 3 s rounds.
        `ronda de drand quicknet del resorteo: ${Math.ceil((REDRAW_ROUND_OUT / 1000 - 1_692_803_367) / 3) + 1}`,
        "",
      ].join("\n"),
    );
    // Written, not sealed: it does not count yet.
    expect(await settleClaim(storage.db, DRAW, config)).toBeNull();
    await sealClaim(DRAW + 3 * DAY + 5000);
    expect(await settleClaim(storage.db, DRAW, config)).toBe(DRAW + 3 * DAY + 5000);
    await expect(recordClaim(storage.db, "2026-12", DRAW + 4 * DAY)).rejects.toThrow(
      "el premio de 2026-12 ya está registrado como reclamado el 10/12/2026, 12:00 hora de Argentina (2026-12-10T15:00:05.000Z)",
    );
    // Claimed: 30 days later there is no unclaimed prize to redraw.
    await expect(redraw(storage.db, null, options(DRAW + 30 * DAY + 31 * MINUTE))).rejects.toThrow(
      "no hay ningún premio sin reclamar para resortear",
    );
  });

  it("counts no claim sealed after the redraw's round, and refuses `claimed` from that round on: the redraw stands", async () => {
    await ensureUpcoming(storage.db, T0);
    await frozenThenRun(storage.db, async () => sheet(["OL-1", "OL-2", "OL-3"]), options(DRAW + 31 * MINUTE));
    // Written before the round, but its seals come a second after it: it does not count.
    await recordClaim(storage.db, "2026-12", REDRAW_ROUND_OUT - MINUTE);
    await sealClaim(REDRAW_ROUND_OUT + 1000);
    expect(await settleClaim(storage.db, DRAW, config)).toBeNull();
    await expect(recordClaim(storage.db, "2026-12", REDRAW_ROUND_OUT)).rejects.toThrow(
      /^drand ya publicó la ronda \d+ del resorteo 1 \(el 6\/1\/2027, 12:30 hora de Argentina \(2027-01-06T15:30:00.000Z\)\): un reclamo sellado ahora no cuenta y el resorteo vale/,
    );
    const record = await redraw(storage.db, null, options(REDRAW_ROUND_OUT + MINUTE));
    expect(record.rounds).toHaveLength(2);
    // Once redrawn, the late claim of round 0 never counts.
    expect(await settleClaim(storage.db, DRAW, config)).toBeNull();
  });

  it("refuses a claim for a draw among the sample sheet's examples", async () => {
    await ensureUpcoming(storage.db, T0);
    const examples = async () => ({ ...sheet(["OL-1", "OL-2"]), fromSample: true });
    await frozenThenRun(storage.db, examples, options(DRAW + 31 * MINUTE));
    await expect(recordClaim(storage.db, "2026-12", DRAW + DAY)).rejects.toThrow(
      "el sorteo de 2026-12 se hizo con la planilla de ejemplo, no con participantes reales: no hay premio que entregar",
    );
  });
});
