import type { Kysely } from "kysely";
import { drawVerdict, type WitnessFindings } from "~/lib/draw/draw-verdict";
import type { MissedDraw, NoticeCount, PendingDraw, PublishedDraw, ShownDraw } from "~/lib/draw/published-draw";
import { beaconRound, quicknetRoundTime } from "~/lib/draw/quicknet-rounds";
import { sha256Hex } from "~/lib/draw/verifiable-draw";
import { noteShownDataChanged } from "~/lib/server/shown-data.server";
import type { Tables } from "~/lib/storage/schema";
import { listNoticeCounts } from "./draw-notices.server";
import { kept, missedDraw, pendingDraw, publishedDraw } from "./published-records.server";
import { drawRecords, frozenIds, frozenList, ruleOf, type DrawRecord, type DrawSummary } from "./stored-draws.server";

/**
 * The draws as the pages show them, read once per change of the records, not per request
 * (docs/decisions/056-draw-records-read-once-per-change.md): the database's triggers move a
 * counter on every change, whoever makes it (this server, a draw command, another replica,
 * someone's SQL); the server reads that counter at most once per poll, and the records, the
 * frozen ids and each record's checks only when it moved. What depends on the clock (a round
 * passing with no change in the records) is worked out per request from it (`drawsAt`).
 */

/** One kept record as the server checked it. */
export interface CheckedRecord {
  record: DrawRecord<DrawSummary>;
  /** Its list sealed before its round by two independent authorities (rule v1: one), checked against the public roots. */
  sealedInTime: boolean;
  /** Its published values and the server's verdict, for a record with rounds. */
  shown: ShownDraw | null;
  /** Its list's draw notices, once frozen. */
  notices: NoticeCount | null;
}

/** Everything the pages read of the draws, as of one version of the records. */
export interface DrawSnapshot {
  /** Every record, newest first, erased ones included: what keeping the draws on time decides from. */
  records: DrawRecord<DrawSummary>[];
  /** The records still kept, newest first, each checked. */
  checked: CheckedRecord[];
  /**
   * The frozen ids of the kept real lists, newest first, by draw instant, up to `KEPT_IDS` ids in
   * all (the two latest always): the list of /sorteos counts from one, and its search says which
   * list took a row.
   */
  takenIds: Map<number, ReadonlySet<string>>;
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
  witnessFindings: (draw: PublishedDraw) => Promise<WitnessFindings>;
  /**
   * A production server's pages never show a rehearsal's rounds (docs/operations.md, "Rehearsing
   * draw day"): a month rehearsed before it opened the database reads as not drawn yet.
   */
  hideRehearsals: boolean;
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

/** What a record's check found, by its published values and its stored list's hash: a record checked once stays checked. */
type CheckMemo = Map<string, { verdict: ShownDraw["verdict"]; sealedInTime: boolean; claimSealedAt: number | null }>;

async function checkRecord(
  db: Kysely<Tables>,
  record: DrawRecord<DrawSummary>,
  memo: CheckMemo,
  fresh: CheckMemo,
  witnessFindings: SnapshotOptions["witnessFindings"],
): Promise<{ draw: PublishedDraw; found: NonNullable<ReturnType<CheckMemo["get"]>> }> {
  const draw = publishedDraw(record);
  const text = record.draw.list_hash === null ? null : await frozenList(db, record.draw.draw_at);
  const key = `${JSON.stringify(draw)}\n${text === null ? "" : await sha256Hex(text)}`;
  let found = memo.get(key);
  if (found === undefined) {
    const findings = record.draw.list_hash === null ? ({ stamped: false } as const) : await witnessFindings(draw);
    const list = text === null ? { problem: "La lista no está guardada." } : { bytes: new TextEncoder().encode(text) };
    const { verdict } = await drawVerdict(draw, list, findings);
    found = {
      verdict,
      sealedInTime: findings.stamped && findings.listSealedInTime,
      claimSealedAt: findings.stamped ? findings.claimSealedAt : null,
    };
    // Each check verifies seals and BLS signatures (tens of milliseconds): the next record waits for a turn.
    await new Promise((resolve) => setImmediate(resolve));
  }
  fresh.set(key, found);
  return { draw, found };
}

/**
 * The most ids of past lists a snapshot keeps (about 50 bytes each): as many as a sheet may hold
 * rows (`MAX_ROWS`, app/lib/participants/load-sheet.server.ts). The 12-month erasure keeps the
 * lists at 13 or so; lists past this bound, the oldest, are searched as if no draw had taken
 * their rows (the search then names no draw, never a wrong one).
 */
const KEPT_IDS = 300_000;

/** Frozen ids as read, by draw instant and list hash: a frozen list never changes, so a new read of the records reads only new lists. */
type IdsMemo = Map<string, ReadonlySet<string>>;

async function takenIdsOf(db: Kysely<Tables>, records: DrawRecord<DrawSummary>[], memo: IdsMemo, fresh: IdsMemo) {
  const real = kept(records).filter(({ draw }) => draw.list_hash !== null && draw.from_sample === 0);
  const takenIds = new Map<number, ReadonlySet<string>>();
  let total = 0;
  for (const { draw } of real) {
    const key = `${draw.draw_at}:${draw.list_hash}`;
    const ids = memo.get(key) ?? (await frozenIds(db, draw.draw_at));
    if (takenIds.size >= 2 && total + ids.size > KEPT_IDS) break;
    takenIds.set(draw.draw_at, ids);
    fresh.set(key, ids);
    total += ids.size;
  }
  return takenIds;
}

async function readSnapshot(
  db: Kysely<Tables>,
  { checks, ids }: { checks: CheckMemo; ids: IdsMemo },
  { witnessFindings, hideRehearsals }: Pick<SnapshotOptions, "witnessFindings" | "hideRehearsals">,
): Promise<{ snapshot: DrawSnapshot; memo: { checks: CheckMemo; ids: IdsMemo } }> {
  const memo = checks;
  const stored = await drawRecords(db);
  const records = hideRehearsals
    ? stored.map((record) => ({ ...record, rounds: record.rounds.filter((round) => round.rehearsal === 0) }))
    : stored;
  const notices = await listNoticeCounts(db);
  const fresh: CheckMemo = new Map();
  const checked: CheckedRecord[] = [];
  for (const record of kept(records)) {
    const { draw, found } = await checkRecord(db, record, memo, fresh, witnessFindings);
    const sealedInTime =
      found.sealedInTime || (ruleOf(record.draw) === "opinionlabz-draw-v1" && record.rounds.length > 0);
    checked.push({
      record,
      sealedInTime,
      shown:
        record.rounds.length === 0
          ? null
          : {
              ...draw,
              verdict: found.verdict,
              claimSealedAt: found.claimSealedAt === null ? null : new Date(found.claimSealedAt).toISOString(),
              notices: notices.get(record.draw.draw_at) ?? null,
            },
      notices: notices.get(record.draw.draw_at) ?? null,
    });
  }
  const freshIds: IdsMemo = new Map();
  const takenIds = await takenIdsOf(db, records, ids, freshIds);
  return { snapshot: { records, checked, takenIds }, memo: { checks: fresh, ids: freshIds } };
}

/** When a record's round 0 is out: from then on, a list not sealed in time means no draw that day. */
const roundOut = (record: DrawRecord<DrawSummary>) => quicknetRoundTime(beaconRound(new Date(record.draw.draw_at), 0));

/**
 * Whether a checked record's draw happened as of `now` (for the days its next draw counts): its
 * list sealed in time, or frozen with its round still ahead (it will happen unless its seals
 * fail to come; then the page follows within a poll).
 */
export function happenedAt({ record, sealedInTime }: CheckedRecord, now: number): boolean {
  return sealedInTime || (record.draw.list_hash !== null && now < roundOut(record));
}

/** Whether a checked record is a day with no draw, as of `now`: its round is out and its list was not sealed in time. */
export function missedAt({ record, sealedInTime }: CheckedRecord, now: number): boolean {
  return !sealedInTime && now >= roundOut(record);
}

/** The draws as of `now`: the one under way, those made (newest first), and the days that had none. */
export function drawsAt(
  snapshot: DrawSnapshot,
  now: number,
): { upcoming: PendingDraw | null; draws: ShownDraw[]; missed: MissedDraw[] } {
  const missed = snapshot.checked.filter((checked) => missedAt(checked, now));
  const pending = snapshot.checked
    .filter((checked) => !missedAt(checked, now) && checked.record.rounds.length === 0)
    .at(-1);
  return {
    upcoming: pending
      ? pendingDraw(pending.record, { witnessed: pending.sealedInTime, notices: pending.notices })
      : null,
    draws: snapshot.checked.flatMap((checked) => (checked.shown && !missedAt(checked, now) ? [checked.shown] : [])),
    missed: missed.map((checked) => missedDraw(checked.record)),
  };
}

export function drawSnapshots(db: Kysely<Tables>, options: SnapshotOptions): DrawSnapshots {
  const { pollMs, clock } = options;
  let read: { version: number; snapshot: DrawSnapshot } | null = null;
  let memo = { checks: new Map() as CheckMemo, ids: new Map() as IdsMemo };
  let lookedAt = -Infinity;
  let looking: Promise<DrawSnapshot> | null = null;
  let failing = false;

  function look(): Promise<DrawSnapshot> {
    looking ??= (async () => {
      const started = clock();
      try {
        const version = await readVersion(db);
        if (read?.version !== version) {
          const next = await readSnapshot(db, memo, options);
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
