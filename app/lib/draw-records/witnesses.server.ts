import type { Kysely } from "kysely";
import { readFileSync } from "node:fs";
import { argentinaDay, entryWindow } from "~/lib/draw/entry-window";
import {
  askAuthority,
  DEFAULT_TIMESTAMP_AUTHORITIES,
  publicRootsPem,
  WitnessFailure,
  witnessRoots,
  type Witnessed,
} from "~/lib/draw/timestamp-authorities.server";
import { DRAW_TIMING } from "~/lib/draw/draw-checks";
import type { WitnessFindings } from "~/lib/draw/draw-verdict";
import type { PublishedDraw } from "~/lib/draw/published-draw";
import { beaconRound, quicknetRoundTime } from "~/lib/draw/quicknet-rounds";
import { verifyTimestampReply } from "~/lib/draw/timestamp-token";
import { expectedStatements, WITNESSES_NEEDED, witnessChecks, type StatementSource } from "~/lib/draw/witness-checks";
import type { StatementKind } from "~/lib/draw/witness-statement";
import { env } from "~/lib/server/env.server";
import type { Tables } from "~/lib/storage/schema";
import { idRuleOf, leftOutOf, ruleOf, witnessesOf, type DrawRow, type DrawWitnessRow } from "./stored-draws.server";

/**
 * The draw's witnesses in the database (docs/draw.md, "Witnesses"): each statement as it was
 * first stamped, and each authority's token over it, checked before it is kept. Shared by the
 * server's clock, which asks right after a freeze and a claim, and the draw commands, which ask
 * when the server has not and check what is stored before they draw.
 */

/** Where the witnesses are asked, and what their tokens must lead to (TIMESTAMP_AUTHORITIES, TIMESTAMP_ROOTS). */
export interface WitnessConfig {
  authorities: readonly string[];
  /** Test roots, counted only on a development or test server (parse-env.server.ts); null elsewhere. */
  testRootsFile: string | null;
  timeoutMs: number;
}

/** The configuration's witnesses: the authorities it names, or the well-known public ones. */
export function witnessConfig(witnesses: typeof env.witnesses = env.witnesses): WitnessConfig {
  return {
    authorities: witnesses.authorities ?? DEFAULT_TIMESTAMP_AUTHORITIES,
    testRootsFile: witnesses.testRootsFile,
    timeoutMs: witnesses.timeoutMs,
  };
}

/** The test roots as PEM text where they count (development and test), for the page's check and the badge; else null. */
export function testRootsPem(config: WitnessConfig = witnessConfig()): string | null {
  return config.testRootsFile ? readFileSync(config.testRootsFile, "utf8") : null;
}

type StoredDraw = Pick<
  DrawRow,
  | "draw_at"
  | "rule"
  | "commitment"
  | "list_hash"
  | "entry_count"
  | "from_sample"
  | "outside_window"
  | "unreadable_dates"
  | "refused_ids"
  | "id_rule"
  | "id_pattern"
  | "frozen_at"
  | "window_from"
  | "claim_round"
  | "commitment_statement"
  | "list_statement"
  | "claim_statement"
>;

export const STATEMENT_COLUMN = {
  commitment: "commitment_statement",
  list: "list_statement",
  claim: "claim_statement",
} as const;

/** The values a stored draw's statements state, as the record publishes them; a claim's winner from `rounds`. */
function statementSource(draw: StoredDraw, rounds: readonly { winner_id: string }[] = []): StatementSource {
  const sample = draw.from_sample === 1;
  return {
    drawAt: new Date(draw.draw_at).toISOString(),
    rule: ruleOf(draw),
    commitment: draw.commitment || null,
    listHash: draw.list_hash ?? "",
    entryCount: draw.entry_count ?? 0,
    sample,
    window: entryWindow(draw.draw_at, draw.window_from),
    leftOut: sample ? null : leftOutOf(draw),
    idRule: idRuleOf(draw),
    idPattern: draw.id_pattern,
    frozenAt: new Date(draw.frozen_at ?? draw.draw_at).toISOString(),
    rounds: rounds.map((round) => ({ winnerId: round.winner_id })),
    claimRound: draw.claim_round,
  };
}

function decoded(reply: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(reply, "base64"));
}

/** What asking the authorities did: the tokens now kept, and why the others gave none. */
export interface WitnessRound {
  stored: Witnessed[];
  failures: WitnessFailure[];
}

/**
 * Asks each authority that has no token yet for `statement` (all at once, each within the
 * time-out), checks each answer and keeps the valid ones (insert-if-absent: another replica's
 * token for the same authority stands).
 */
export async function askMissingWitnesses(
  db: Kysely<Tables>,
  drawAt: number,
  kind: StatementKind,
  statement: string,
  config: WitnessConfig,
  now: () => number,
): Promise<WitnessRound> {
  const have = new Set((await witnessesOf(db, drawAt, kind)).map((row) => row.authority));
  const missing = config.authorities.filter((authority) => !have.has(authority));
  const roots = witnessRoots(config.testRootsFile);
  const answers = await Promise.allSettled(
    missing.map((authority) => askAuthority(authority, statement, roots, config.timeoutMs)),
  );
  const round: WitnessRound = { stored: [], failures: [] };
  for (const [index, answer] of answers.entries()) {
    if (answer.status === "rejected") {
      const reason: unknown = answer.reason;
      round.failures.push(
        reason instanceof WitnessFailure ? reason : new WitnessFailure(missing[index]!, "unreachable", String(reason)),
      );
      continue;
    }
    const witnessed = answer.value;
    await db
      .insertInto("draw_witnesses")
      .values({
        draw_at: drawAt,
        statement: kind,
        authority: witnessed.authority,
        reply: Buffer.from(witnessed.reply).toString("base64"),
        stamped_at: witnessed.facts.stampedAt,
        latest_at: witnessed.facts.latestAt,
        received_at: now(),
      })
      .onConflict((conflict) => conflict.columns(["draw_at", "statement", "authority"]).doNothing())
      .execute();
    // Touching its draw's row moves the records' change counter (the draws table's trigger), so
    // every server shows the new seal within a second (docs/decisions/056-draw-records-read-once-per-change.md).
    await db
      .updateTable("draws")
      .set((eb) => ({ [STATEMENT_COLUMN[kind]]: eb.ref(STATEMENT_COLUMN[kind]) }))
      .where("draw_at", "=", drawAt)
      .execute();
    round.stored.push(witnessed);
  }
  return round;
}

/** A stored token that still checks out against the statement the record's values make today. */
export interface ValidWitness {
  authority: string;
  stampedAt: number;
  latestAt: number;
  /** The organization its certificate names: what tells two authorities apart. */
  organization: string;
}

/**
 * The stored tokens over a draw's statement that hold today: the stored statement must be the
 * one the record's current values make (a value changed in the database since is named), and
 * each token must be valid for it under the server's roots. What the commands draw on, never the
 * stored columns' word.
 */
export async function validWitnesses(
  db: Kysely<Tables>,
  draw: StoredDraw,
  kind: StatementKind,
  config: WitnessConfig = witnessConfig(),
): Promise<{ valid: ValidWitness[]; problems: string[] }> {
  const stored = draw[STATEMENT_COLUMN[kind]];
  if (stored === null) return { valid: [], problems: [] };
  const rounds =
    kind === "claim"
      ? await db
          .selectFrom("draw_rounds")
          .select("winner_id")
          .where("draw_at", "=", draw.draw_at)
          .orderBy("round")
          .execute()
      : [];
  const expected = expectedStatements(statementSource(draw, rounds), DRAW_TIMING)[kind];
  if (stored !== expected) {
    return {
      valid: [],
      problems: [`el texto sellado (${kind}) ya no dice lo que dice el registro del ${argentinaDay(draw.draw_at)}`],
    };
  }
  const roots = witnessRoots(config.testRootsFile);
  const bytes = new TextEncoder().encode(stored);
  const valid: ValidWitness[] = [];
  const problems: string[] = [];
  for (const row of await witnessesOf(db, draw.draw_at, kind)) {
    const verdict = await verifyTimestampReply(decoded(row.reply), bytes, roots);
    if (verdict.ok) {
      valid.push({
        authority: row.authority,
        stampedAt: verdict.facts.stampedAt,
        latestAt: verdict.facts.latestAt,
        organization: verdict.facts.organization ?? verdict.facts.signer ?? row.authority,
      });
    } else {
      problems.push(`el sello de ${row.authority} no es válido (${verdict.problem})`);
    }
  }
  return { valid, problems };
}

/** Whether `valid` holds seals of `needed` independent authorities (by organization) whose latest instant precedes `deadline`. */
export function witnessedBefore(valid: readonly ValidWitness[], deadline: number, needed: number): boolean {
  return new Set(valid.filter((seal) => seal.latestAt < deadline).map((seal) => seal.organization)).size >= needed;
}

/** When the list's round is out: what its seals must precede. */
export const listDeadline = (drawAt: number) => quicknetRoundTime(beaconRound(new Date(drawAt), 0));

/**
 * Whether a draw's list was sealed in time (docs/draw.md, "The order, proven"): two independent
 * authorities (a record of rule v1: one) before drand published the round the rule names.
 */
export async function listSealedInTime(
  db: Kysely<Tables>,
  draw: StoredDraw,
  config?: WitnessConfig,
): Promise<{ inTime: boolean; valid: ValidWitness[]; problems: string[] }> {
  const { valid, problems } = await validWitnesses(db, draw, "list", config);
  const needed = ruleOf(draw) === "opinionlabz-draw-v1" ? 1 : WITNESSES_NEEDED;
  return { inTime: witnessedBefore(valid, listDeadline(draw.draw_at), needed), valid, problems };
}

/** The stored reply of one authority's token over a draw's statement, for `/sorteos/<day>/….tsr`. */
export function replyBytes(row: DrawWitnessRow): Uint8Array<ArrayBuffer> {
  return decoded(row.reply);
}

/**
 * What the witnesses' check finds on a published record, from the statements and seals as stored
 * (the server's badge, docs/decisions/057-the-verified-badge-is-a-check.md): the same check as
 * the page's, against the same public roots (and, on a development or test server, the test
 * roots, marked); `stamped: false` for a record of rule v1 no authority sealed.
 */
export async function storedWitnessFindings(db: Kysely<Tables>, draw: PublishedDraw): Promise<WitnessFindings> {
  const { commitment, list, claim } = draw.witnesses;
  if (draw.rule === "opinionlabz-draw-v1" && commitment === null && list === null) return { stamped: false };
  const drawAt = Date.parse(draw.drawAt);
  const row = await db
    .selectFrom("draws")
    .select(["commitment_statement", "list_statement", "claim_statement"])
    .where("draw_at", "=", drawAt)
    .executeTakeFirst();
  const rows = await witnessesOf(db, drawAt);
  const files = (kind: StatementKind, text: string | null | undefined) => ({
    statement: text ? new TextEncoder().encode(text) : null,
    tokens: rows
      .filter((token) => token.statement === kind)
      .map((token) => ({ authority: token.authority, reply: replyBytes(token) })),
  });
  const verdict = await witnessChecks(
    draw,
    {
      files: {
        commitment: commitment && files("commitment", row?.commitment_statement),
        list: list && files("list", row?.list_statement),
        claim: claim && files("claim", row?.claim_statement),
      },
      trustedPem: publicRootsPem(),
      testPem: testRootsPem(),
    },
    DRAW_TIMING,
  );
  return { stamped: true, ...verdict };
}
