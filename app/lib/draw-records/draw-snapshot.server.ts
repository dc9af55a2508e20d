import type { Kysely } from "kysely";
import { drawVerdict, type WitnessFindings } from "~/lib/draw/draw-verdict";
import { argentinaDay, type DrawTaken } from "~/lib/draw/entry-window";
import type { RecordedDraw, ShownDraw, UpcomingCommitment } from "~/lib/draw/published-draw";
import { sha256Hex } from "~/lib/draw/verifiable-draw";
import { noteShownDataChanged } from "~/lib/server/shown-data.server";
import type { Tables } from "~/lib/storage/schema";
import { drawnOf, kept, pendingOf, publishedDraw, upcomingCommitment } from "./published-records.server";
import { drawRecords, frozenIds, frozenList, type DrawRecord, type DrawSummary } from "./stored-draws.server";

/**
 * The draws as the pages show them, read once per change of the records, not per request
 * (docs/decisions/056-draw-records-read-once-per-change.md): the database's triggers move a
 * counter on every change, whoever makes it (this server, a draw command, another replica,
 * someone's SQL); the server reads that counter at most once per poll, and the records, the
 * frozen ids and each record's verdict only when it moved.
 */

/** Everything the pages read of the draws, as of one version of the records. */
export interface DrawSnapshot {
  /** Every record, newest first, erased ones included: what keeping the draws on time decides from. */
  records: DrawRecord<DrawSummary>[];
  upcoming: UpcomingCommitment | null;
  /** The drawn months still kept, newest first, each with the server's verdict. */
  draws: ShownDraw[];
  /** What the latest freeze of a real sheet took: the list of /sorteos counts from it. */
  lastTaken: DrawTaken | null;
}

export interface DrawSnapshots {
  /**
   * The snapshot as last read, at once; when the last look at the counter is a poll old, one
   * look starts in the background. Waits only for the first read.
   */
  current(): Promise<DrawSnapshot>;
  /** Looks at the counter now (after any look in flight), and reads the records if it moved. */
  fresh(): Promise<DrawSnapshot>;
}

export interface SnapshotOptions {
  /** At most one look at the counter per this many milliseconds. */
  pollMs: number;
  /** A monotonic clock in milliseconds. */
  clock: () => number;
  /** What the witnesses' check finds on a record (their module provides it). */
  witnessFindings: (draw: RecordedDraw) => Promise<WitnessFindings>;
}

async function readVersion(db: Kysely<Tables>): Promise<number> {
  const row = await db.selectFrom("draw_changes").select("version").where("id", "=", 1).executeTakeFirst();
  if (row) return Number(row.version);
  // A copy made without the counter's row (a dump that left out the draw tables' data): the
  // triggers move it again once it is back.
  await db
    .insertInto("draw_changes")
    .values({ id: 1, version: 0 })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .execute();
  return 0;
}

/** A verdict, by the record's published values and its stored list's hash: a record checked once stays checked. */
type VerdictMemo = Map<string, ShownDraw["verdict"]>;

async function shownDraw(
  db: Kysely<Tables>,
  record: DrawRecord<DrawSummary>,
  memo: VerdictMemo,
  fresh: VerdictMemo,
  witnessFindings: SnapshotOptions["witnessFindings"],
): Promise<ShownDraw> {
  const draw = publishedDraw(record);
  const text = await frozenList(db, record.draw.draw_at);
  const key = `${JSON.stringify(draw)}\n${text === null ? "" : await sha256Hex(text)}`;
  let verdict = memo.get(key);
  if (verdict === undefined) {
    const list = text === null ? { problem: "La lista no está guardada." } : { bytes: new TextEncoder().encode(text) };
    verdict = (await drawVerdict(draw, list, await witnessFindings(draw))).verdict;
    // Each check verifies BLS signatures (tens of milliseconds): the next record waits for a turn.
    await new Promise((resolve) => setImmediate(resolve));
  }
  fresh.set(key, verdict);
  return { ...draw, verdict };
}

async function readSnapshot(
  db: Kysely<Tables>,
  memo: VerdictMemo,
  witnessFindings: SnapshotOptions["witnessFindings"],
): Promise<{ snapshot: DrawSnapshot; memo: VerdictMemo }> {
  const records = await drawRecords(db);
  const pending = pendingOf(records);
  const fresh: VerdictMemo = new Map();
  const draws: ShownDraw[] = [];
  for (const record of drawnOf(records)) draws.push(await shownDraw(db, record, memo, fresh, witnessFindings));
  const latestReal = kept(records).find(({ draw }) => draw.list_hash !== null && draw.from_sample === 0);
  const lastTaken = latestReal
    ? { day: argentinaDay(latestReal.draw.draw_at), ids: await frozenIds(db, latestReal.draw.draw_at) }
    : null;
  return {
    snapshot: { records, upcoming: pending ? upcomingCommitment(pending) : null, draws, lastTaken },
    memo: fresh,
  };
}

export function drawSnapshots(db: Kysely<Tables>, { pollMs, clock, witnessFindings }: SnapshotOptions): DrawSnapshots {
  let read: { version: number; snapshot: DrawSnapshot } | null = null;
  let memo: VerdictMemo = new Map();
  let lookedAt = -Infinity;
  let looking: Promise<DrawSnapshot> | null = null;
  let failing = false;

  function look(): Promise<DrawSnapshot> {
    looking ??= (async () => {
      const started = clock();
      try {
        const version = await readVersion(db);
        if (read?.version !== version) {
          const next = await readSnapshot(db, memo, witnessFindings);
          read = { version, snapshot: next.snapshot };
          memo = next.memo;
          noteShownDataChanged();
        }
        failing = false;
        return read!.snapshot;
      } finally {
        lookedAt = started;
      }
    })().finally(() => (looking = null));
    return looking;
  }

  return {
    current() {
      if (read === null) return look();
      if (clock() - lookedAt >= pollMs && looking === null) {
        look().catch((error: unknown) => {
          // The pages keep the last read meanwhile; one line per outage, not one per poll.
          if (!failing)
            console.error("[draw] No se pudieron leer los registros de sorteos (se muestra la última lectura):", error);
          failing = true;
        });
      }
      return Promise.resolve(read.snapshot);
    },
    fresh() {
      return looking ? looking.then(look, look) : look();
    },
  };
}
