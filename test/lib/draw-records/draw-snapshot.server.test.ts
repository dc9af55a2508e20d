/**
 * The pages' draws read once per change of the records, not per request, on a real embedded
 * database (a temporary SQLite file) whose every query is counted, with the clock passed in:
 * the counter is looked at no more than once per poll, and the records read again only when it
 * moved, whoever moved it (the records' own code, or SQL typed by hand).
 */
import { createHash } from "node:crypto";
import { sql, type Kysely, type KyselyPlugin } from "kysely";
import { describe, expect, it, vi } from "vitest";
import type { WitnessFindings } from "~/lib/draw/draw-verdict";
import { rehearsalKey, signRound } from "~/lib/draw/rehearsal-key.server";
import { drawsAt, drawSnapshots } from "~/lib/draw-records/draw-snapshot.server";
import { freezeDueDraw } from "~/lib/draw-records/freeze.server";
import { recordClaim } from "~/lib/draw-records/prize.server";
import { ensureUpcoming } from "~/lib/draw-records/stored-draws.server";
import type { Tables } from "~/lib/storage/schema";
import { DAY, DRAW, frozenThenRun, MINUTE, recordingDraws, sheet, T0 } from "../../support/draw-records";
import { useTemporaryStorage } from "../../support/temporary-storage";

/**
 * No real quicknet round falls on a rule's round of a record made here (a draw instant plus 30
 * minutes), so quicknet's key is a test chain's in this file (test/lib/draw/draw-verdict.test.ts
 * says why; the real key's checks are test/lib/draw/drand-beacon.test.ts's).
 */
const TEST_CHAIN = vi.hoisted(() => "2a4b6c8d".repeat(8));
vi.mock("~/lib/draw/drand-beacon", async (importOriginal) =>
  (await import("../../support/test-chain")).onTestChain(importOriginal, TEST_CHAIN),
);

const storage = useTemporaryStorage("snapshot-");
const { options } = recordingDraws();
const AFTER_ROUND = DRAW + 31 * MINUTE;

/** The draw of 7 December 2026 made on the test chain's value of its rule's round. */
async function recordDraw(db: Kysely<Tables>) {
  await ensureUpcoming(db, T0);
  const drawn = {
    ...options(AFTER_ROUND),
    beaconFor: async (round: number) => {
      const signature = signRound(rehearsalKey(TEST_CHAIN), round);
      const randomness = createHash("sha256").update(Buffer.from(signature, "hex")).digest("hex");
      return { randomness, signature, rehearsal: false };
    },
  };
  return frozenThenRun(db, async () => sheet(["OL-1", "OL-2", "OL-3"]), drawn);
}

/** What the witnesses' check finds when two authorities sealed the list two seconds after the freeze. */
const SEALED: WitnessFindings = {
  stamped: true,
  checks: [],
  listSeals: [{ stampedAt: DRAW + 3000, latestAt: DRAW + 4000 }],
  listSealedInTime: true,
  listIncomplete: false,
  claimSealedAt: null,
};

/** The database with every query it is sent written down, as SQL. */
function counted(db: Kysely<Tables>): { db: Kysely<Tables>; queries: string[] } {
  const queries: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      queries.push(db.getExecutor().compileQuery(node, queryId).sql);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(plugin), queries };
}

/** Snapshots on `db` with a clock the test moves, and witnesses that hold (the witnesses' own check is theirs to test). */
function snapshotsOn(db: Kysely<Tables>, findings: WitnessFindings = SEALED) {
  const clock = { now: 0 };
  const snapshots = drawSnapshots(db, {
    pollMs: 1000,
    clock: () => clock.now,
    witnessFindings: async () => findings,
    hideRehearsals: false,
  });
  return { snapshots, clock };
}

/** The drawn records a page shows, an hour after the round. */
const shownDraws = (snapshot: Parameters<typeof drawsAt>[0]) => drawsAt(snapshot, AFTER_ROUND + 60 * MINUTE).draws;

describe("the draws the pages read", () => {
  it("are read once per change: a thousand pages within a second ask nothing, a second later one look at the counter", async () => {
    await recordDraw(storage.db);
    const { db, queries } = counted(storage.db);
    const { snapshots, clock } = snapshotsOn(db);
    const first = await snapshots.current();
    expect(shownDraws(first).map((draw) => draw.verdict)).toEqual(["verified"]);
    const afterFirstRead = queries.length;
    expect(afterFirstRead).toBeGreaterThan(1);

    for (let page = 0; page < 1000; page += 1) expect(await snapshots.current()).toBe(first);
    clock.now = 999;
    expect(await snapshots.current()).toBe(first);
    expect(queries).toHaveLength(afterFirstRead);

    // A second on, one look at the counter, in the background; nothing changed, nothing more read.
    clock.now = 1000;
    expect(await snapshots.current()).toBe(first);
    await vi.waitFor(() => expect(queries).toHaveLength(afterFirstRead + 1));
    expect(queries.at(-1)).toMatch(/from "draw_changes"/);
    for (let page = 0; page < 100; page += 1) await snapshots.current();
    expect(queries).toHaveLength(afterFirstRead + 1);

    // A change made elsewhere (the claim command, another process on the same database): the
    // next look sees the counter moved and reads the records again, once.
    await recordClaim(storage.db, "2026-12", DRAW + 3 * DAY);
    clock.now = 2000;
    await snapshots.current();
    await vi.waitFor(async () => expect(shownDraws(await snapshots.current())[0]!.witnesses.claim).not.toBeNull());
    const afterChange = queries.length;
    clock.now = 2500;
    for (let page = 0; page < 100; page += 1) await snapshots.current();
    expect(queries).toHaveLength(afterChange);
  });

  it("learn of SQL typed by hand: a rehearsal flag set or cleared in the database never yields 'verified'", async () => {
    await recordDraw(storage.db);
    const { snapshots, clock } = snapshotsOn(storage.db);
    const verdict = async () => shownDraws(await snapshots.fresh())[0]!.verdict;
    expect(await verdict()).toBe("verified");

    await sql`update draw_rounds set rehearsal = 1`.execute(storage.db);
    clock.now += 1000;
    expect(await verdict()).toBe("rehearsal");

    // A rehearsal's round (a value no drand key signed) passed off as real.
    const { beacon_signature: signature } = await storage.db
      .selectFrom("draw_rounds")
      .select("beacon_signature")
      .executeTakeFirstOrThrow();
    await sql`update draw_rounds set rehearsal = 0, beacon_signature = ${"a".repeat(96)}`.execute(storage.db);
    expect(await verdict()).toBe("mismatch");
    await sql`update draw_rounds set beacon_signature = ${signature}`.execute(storage.db);
    expect(await verdict()).toBe("verified");
    // The freeze moved back by hand: it no longer matches its first seal.
    await sql`update draws set frozen_at = ${DRAW + 10_000} where draw_at = ${DRAW}`.execute(storage.db);
    expect(await verdict()).toBe("mismatch");

    // A copy whose counter row was left out: the row comes back, and changes are seen again.
    await sql`delete from draw_changes`.execute(storage.db);
    expect(await verdict()).toBe("mismatch");
    await sql`update draws set frozen_at = ${DRAW + 1000} where draw_at = ${DRAW}`.execute(storage.db);
    expect(await verdict()).toBe("verified");
  });

  it("show a day whose list was not sealed in time as no draw, whatever rounds its record holds", async () => {
    await recordDraw(storage.db);
    const unsealed = { ...SEALED, listSealedInTime: false };
    const snapshot = await snapshotsOn(storage.db, unsealed).snapshots.current();
    // Before its round it is still the draw under way; from the round on, a day with no draw.
    expect(drawsAt(snapshot, DRAW + 29 * MINUTE).missed).toEqual([]);
    const after = drawsAt(snapshot, AFTER_ROUND);
    expect(after.draws).toEqual([]);
    expect(after.missed).toMatchObject([
      { drawAt: "2026-12-07T15:00:00.000Z", reason: "not-sealed", roundsIgnored: 1 },
    ]);
    expect(after.missed[0]!.record!.rounds).toHaveLength(1);
  });
});

describe("the list of /sorteos", () => {
  /** What a server starting now would read. */
  const drawSnapshotOf = (db: Kysely<Tables>) => snapshotsOn(db).snapshots.fresh();

  it("keeps the ids of the latest real freezes, run or not; a sample list takes nothing", async () => {
    await ensureUpcoming(storage.db, T0);
    expect((await drawSnapshotOf(storage.db)).takenIds).toEqual(new Map());
    const sample = async () => ({
      entries: [{ id: "OL-1", name: "Ana B.", country: "Perú", date: "2020-01-01" }],
      fromSample: true,
    });
    await freezeDueDraw(storage.db, sample, DRAW + 1000, options(DRAW).onFrozen);
    expect((await drawSnapshotOf(storage.db)).takenIds).toEqual(new Map());
  });

  it("names the latest real freeze and its ids, before the run and after it", async () => {
    await recordDraw(storage.db);
    const taken = new Map([[DRAW, new Set(["OL-1", "OL-2", "OL-3"])]]);
    expect((await drawSnapshotOf(storage.db)).takenIds).toEqual(taken);
  });
});
