import type { Kysely } from "kysely";
import { argentinaDay } from "~/lib/draw/entry-window";
import type { StatementKind } from "~/lib/draw/witness-statement";
import { singleton } from "~/lib/server/singleton.server";
import { storage } from "~/lib/storage/database.server";
import type { Tables } from "~/lib/storage/schema";
import { claimDeadline, settleClaim } from "./prize.server";
import type { DrawRow } from "./stored-draws.server";
import { askMissingWitnesses, listDeadline, STATEMENT_COLUMN, witnessConfig } from "./witnesses.server";

/**
 * The server's witnesses (docs/draw.md, "Witnesses"): right after a freeze and right after a
 * claim, the authorities are asked for their tokens, away from any visitor's request; one that
 * fails is asked again after 5 s, then twice as long each time, at most 5 minutes apart, each
 * failure logged, until the round the statement must precede is out (a seal after it counts for
 * nothing). With nothing missing, the database is looked at every 5 minutes (a draw command,
 * another process, may have written a statement).
 */

const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 5 * 60_000;

/**
 * The statements still missing a token from some authority while a token can still count: each
 * frozen list until its round 0 is out, and each claim not counted yet until the next redraw's
 * round is out.
 */
async function pendingStatements(
  db: Kysely<Tables>,
  authorities: readonly string[],
  now: number,
): Promise<{ draw: DrawRow; kind: StatementKind }[]> {
  const [draws, witnesses] = await Promise.all([
    db
      .selectFrom("draws")
      .selectAll()
      .where((eb) => eb.or([eb("list_statement", "is not", null), eb("claim_statement", "is not", null)]))
      .where("erased_at", "is", null)
      .execute(),
    db.selectFrom("draw_witnesses").select(["draw_at", "statement", "authority"]).execute(),
  ]);
  const has = new Set(witnesses.map((row) => `${row.draw_at} ${row.statement} ${row.authority}`));
  const complete = (draw: DrawRow, kind: StatementKind) =>
    authorities.every((authority) => has.has(`${draw.draw_at} ${kind} ${authority}`));
  return draws.flatMap((draw) => {
    const pending: { draw: DrawRow; kind: StatementKind }[] = [];
    if (draw.list_statement !== null && now < listDeadline(draw.draw_at) && !complete(draw, "list")) {
      pending.push({ draw, kind: "list" });
    }
    const claimOpen =
      draw.claim_round !== null && draw.claimed_at === null && now < claimDeadline(draw.draw_at, draw.claim_round);
    if (draw.claim_statement !== null && claimOpen && !complete(draw, "claim")) pending.push({ draw, kind: "claim" });
    return pending;
  });
}

/** Asks for every missing token once; how many authorities failed. */
async function witnessPending(retryInMs: number): Promise<number> {
  const config = witnessConfig();
  let failures = 0;
  for (const { draw, kind } of await pendingStatements(storage.db, config.authorities, Date.now())) {
    const statement = draw[STATEMENT_COLUMN[kind]]!;
    const round = await askMissingWitnesses(storage.db, draw.draw_at, kind, statement, config, Date.now);
    if (kind === "claim" && round.stored.length > 0) await settleClaim(storage.db, draw.draw_at);
    const about = { draw: argentinaDay(draw.draw_at), statement: kind };
    for (const witnessed of round.stored) {
      console.log(
        JSON.stringify({
          event: "draw.witnessed",
          ...about,
          authority: witnessed.authority,
          stampedAt: new Date(witnessed.facts.stampedAt).toISOString(),
        }),
      );
    }
    for (const failure of round.failures) {
      console.warn(
        JSON.stringify({
          event: "draw.witness_retry",
          ...about,
          authority: failure.authority,
          reason: failure.reason,
          error: failure.message,
          retryInSeconds: retryInMs / 1000,
          // On the server's clock: when every authority still missing is asked again.
          retryAt: new Date(Date.now() + retryInMs).toISOString(),
        }),
      );
    }
    failures += round.failures.length;
  }
  return failures;
}

let running: Promise<void> | null = null;
let timer: NodeJS.Timeout | undefined;
let failedRounds = 0;
/** When the next round is due, on the server's clock. */
let nextRoundAt = Infinity;

/** The wait after a round with failures: 5 s, 10 s, 20 s… at most 5 minutes. */
const retryDelay = (failedBefore: number) => Math.min(FIRST_RETRY_MS * 2 ** failedBefore, MAX_RETRY_MS);

/** A statement was written while a round ran, after that round had read what is missing. */
let askAgain = false;

/**
 * Asks now for every token still missing (never waited on by a request), then again after the
 * back-off if any authority failed, or in 5 minutes. Calls while a round runs join it.
 */
function witnessSoon(): Promise<void> {
  running ??= witnessPending(retryDelay(failedRounds))
    .then((failures) => {
      failedRounds = failures > 0 ? failedRounds + 1 : 0;
      return failures > 0 ? retryDelay(failedRounds - 1) : MAX_RETRY_MS;
    })
    .catch((error: unknown) => {
      console.error("[draw] No se pudo pedir el sello a las autoridades (se reintenta en 5 minutos):", error);
      return MAX_RETRY_MS;
    })
    .then((wait) => {
      // A statement the round did not see is asked right away, not a back-off later.
      const next = askAgain ? 0 : wait;
      askAgain = false;
      clearTimeout(timer);
      nextRoundAt = Date.now() + next;
      timer = setTimeout(() => void witnessSoon(), next).unref();
    })
    .finally(() => (running = null));
  return running;
}

/**
 * Right after a freeze or a claim: its statement is asked now, or, if a round is running
 * (which read what was missing before the statement existed), right after that round.
 */
export function witnessNewStatement(): void {
  if (running) askAgain = true;
  else void witnessSoon();
}

/**
 * The next round, if its time has come on the server's clock: the draw timer calls this on its
 * ticks and page renewals, without waiting, so a clock moved forward (or a timer the machine ran
 * late) asks again on time.
 */
export function witnessIfDue(now: number): void {
  if (now >= nextRoundAt) void witnessSoon();
}

/** At start-up, once per process: the first round, which arms the next. */
export function startWitnessing(): void {
  void singleton("draw-witnesses", async () => {
    void witnessSoon();
  });
}
