import type { Kysely } from "kysely";
import { argentinaDay, entryWindow } from "~/lib/draw/entry-window";
import {
  askAuthority,
  DEFAULT_TIMESTAMP_AUTHORITIES,
  WitnessFailure,
  witnessRoots,
  type Witnessed,
} from "~/lib/draw/timestamp-authorities.server";
import { readFileSync } from "node:fs";
import { rootCertificates } from "node:tls";
import { DRAW_RULE } from "~/lib/draw/draw-checks";
import type { WitnessFindings } from "~/lib/draw/draw-verdict";
import type { RecordedDraw } from "~/lib/draw/published-draw";
import { verifyTimestampReply } from "~/lib/draw/timestamp-token";
import type { TrustedRoots } from "~/lib/draw/trusted-roots";
import { expectedStatements, witnessChecks, type StatementSource } from "~/lib/draw/witness-checks";
import type { StatementKind } from "~/lib/draw/witness-statement";
import { env } from "~/lib/server/env.server";
import type { Tables } from "~/lib/storage/schema";
import { idRuleOf, leftOutOf, witnessesOf, type DrawRow, type DrawWitnessRow } from "./stored-draws.server";

/**
 * The draw's witnesses in the database (docs/draw.md, "Witnesses"): each statement as it was
 * first stamped, and each authority's token over it, checked before it is kept. Shared by the
 * server's clock, which asks right after a commitment and a freeze, and the draw commands, which
 * ask when the server has not and check what is stored before they draw.
 */

/** Where the witnesses are asked, and what their tokens must lead to (TIMESTAMP_AUTHORITIES, TIMESTAMP_ROOTS). */
export interface WitnessConfig {
  authorities: readonly string[];
  rootsFile: string | null;
  timeoutMs: number;
}

/** The configuration's witnesses: the authorities it names, or the well-known public ones. */
export function witnessConfig(witnesses: typeof env.witnesses = env.witnesses): WitnessConfig {
  return { ...witnesses, authorities: witnesses.authorities ?? DEFAULT_TIMESTAMP_AUTHORITIES };
}

type StoredDraw = Pick<
  DrawRow,
  | "draw_at"
  | "commitment"
  | "list_hash"
  | "entry_count"
  | "from_sample"
  | "outside_window"
  | "unreadable_dates"
  | "refused_ids"
  | "id_rule"
  | "commitment_statement"
  | "list_statement"
>;

const STATEMENT_COLUMN = { commitment: "commitment_statement", list: "list_statement" } as const;

/** The values a stored draw's statements state, as the record publishes them. */
function statementSource(draw: StoredDraw): StatementSource {
  const sample = draw.from_sample === 1;
  return {
    drawAt: new Date(draw.draw_at).toISOString(),
    commitment: draw.commitment,
    listHash: draw.list_hash ?? "",
    entryCount: draw.entry_count ?? 0,
    sample,
    window: entryWindow(draw.draw_at),
    leftOut: sample ? null : leftOutOf(draw),
    idRule: idRuleOf(draw),
  };
}

/**
 * The statement of `kind` a draw has stamped: the stored one, or, the first time, the one its
 * values make now, stored on condition that none is (replicas asking at once write one).
 */
export async function fixedStatement(db: Kysely<Tables>, draw: StoredDraw, kind: StatementKind): Promise<string> {
  const column = STATEMENT_COLUMN[kind];
  const stored = draw[column];
  if (stored !== null) return stored;
  await db
    .updateTable("draws")
    .set({ [column]: expectedStatements(statementSource(draw), DRAW_RULE)[kind] })
    .where("draw_at", "=", draw.draw_at)
    .where(column, "is", null)
    .execute();
  const row = await db.selectFrom("draws").select(column).where("draw_at", "=", draw.draw_at).executeTakeFirstOrThrow();
  return row[column]!;
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
  const roots = witnessRoots(config.rootsFile);
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
}

/**
 * The stored tokens over a draw's statement that hold today: the stored statement must be the
 * one the record's current values make (a value changed in the database since is named), and
 * each token must be valid for it under `roots`. What the commands draw on, never the stored
 * columns' word.
 */
export async function validWitnesses(
  db: Kysely<Tables>,
  draw: StoredDraw,
  kind: StatementKind,
  roots: TrustedRoots,
): Promise<{ valid: ValidWitness[]; problems: string[] }> {
  const stored = draw[STATEMENT_COLUMN[kind]];
  if (stored === null) return { valid: [], problems: [] };
  const expected = expectedStatements(statementSource(draw), DRAW_RULE)[kind];
  if (stored !== expected) {
    return {
      valid: [],
      problems: [`the stamped ${kind} statement no longer says what the record of ${argentinaDay(draw.draw_at)} says`],
    };
  }
  const bytes = new TextEncoder().encode(stored);
  const valid: ValidWitness[] = [];
  const problems: string[] = [];
  for (const row of await witnessesOf(db, draw.draw_at, kind)) {
    const verdict = await verifyTimestampReply(decoded(row.reply), bytes, roots);
    if (verdict.ok) {
      valid.push({ authority: row.authority, stampedAt: verdict.facts.stampedAt, latestAt: verdict.facts.latestAt });
    } else {
      problems.push(`${row.authority}: its stored token is not valid (${verdict.problem}: ${verdict.detail})`);
    }
  }
  return { valid, problems };
}

/** The stored reply of one authority's token over a draw's statement, for `/sorteos/<day>/….tsr`. */
export function replyBytes(row: DrawWitnessRow): Uint8Array<ArrayBuffer> {
  return decoded(row.reply);
}

/** Mozilla's roots and TIMESTAMP_ROOTS as one PEM text: what the server trusts a seal to lead to. */
function serverRootsPem(rootsFile: string | null): string {
  return [...rootCertificates, rootsFile ? readFileSync(rootsFile, "utf8") : ""].join("\n");
}

/**
 * What the witnesses' check finds on a published record, from the statements and seals as stored
 * (the server's badge, docs/decisions/057-the-verified-badge-is-a-check.md): the same check as
 * the page's, against the server's own roots; `stamped: false` for a record no authority sealed.
 */
export async function storedWitnessFindings(db: Kysely<Tables>, draw: RecordedDraw): Promise<WitnessFindings> {
  if (draw.witnesses.commitment === null || draw.witnesses.list === null) return { stamped: false };
  const drawAt = Date.parse(draw.drawAt);
  const row = await db
    .selectFrom("draws")
    .select(["commitment_statement", "list_statement"])
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
      files: { commitment: files("commitment", row?.commitment_statement), list: files("list", row?.list_statement) },
      trustedPem: serverRootsPem(witnessConfig().rootsFile),
      declaredPem: null,
    },
    DRAW_RULE,
  );
  return { stamped: true, ...verdict };
}
