/**
 * The pages' draws read once per change of the records, not per request, on a real embedded
 * database (a temporary SQLite file) whose every query is counted, with the clock passed in:
 * the counter is looked at no more than once per poll, and the records read again only when it
 * moved, whoever moved it (the records' own code, or SQL typed by hand).
 */
import { sql, type Kysely, type KyselyPlugin } from "kysely";
import { describe, expect, it, vi } from "vitest";
import type { WitnessFindings } from "~/lib/draw/draw-verdict";
import { drawSnapshots } from "~/lib/draw-records/draw-snapshot.server";
import { freezeDueDraw } from "~/lib/draw-records/freeze.server";
import { recordClaim } from "~/lib/draw-records/prize.server";
import { runDraw } from "~/lib/draw-records/rounds.server";
import { ensureCommitment } from "~/lib/draw-records/stored-draws.server";
import type { Tables } from "~/lib/storage/schema";
import { DRAW, MINUTE, recordingDraws, sheet, T0 } from "../../support/draw-records";
import { QUICKNET_DRAW, QUICKNET_LIST_WITNESSED_AT, recordQuicknetDraw } from "../../support/quicknet-draw";
import { useTemporaryStorage } from "../../support/temporary-storage";

const storage = useTemporaryStorage("snapshot-");
const DRAW_AT = Date.parse(QUICKNET_DRAW.drawAt);

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
function snapshotsOn(
  db: Kysely<Tables>,
  findings: WitnessFindings = {
    stamped: true,
    checks: [],
    listWitnessedAt: QUICKNET_LIST_WITNESSED_AT,
    listIncomplete: false,
  },
) {
  const clock = { now: 0 };
  const snapshots = drawSnapshots(db, { pollMs: 1000, clock: () => clock.now, witnessFindings: async () => findings });
  return { snapshots, clock };
}

describe("the draws the pages read", () => {
  it("are read once per change: a thousand pages within a second ask nothing, a second later one look at the counter", async () => {
    await recordQuicknetDraw(storage.db);
    const { db, queries } = counted(storage.db);
    const { snapshots, clock } = snapshotsOn(db);
    const first = await snapshots.current();
    expect(first.draws.map((draw) => draw.verdict)).toEqual(["verified"]);
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
    await recordClaim(storage.db, "2024-08", DRAW_AT + 3 * 24 * 60 * 60 * 1000);
    clock.now = 2000;
    await snapshots.current();
    await vi.waitFor(async () => expect((await snapshots.current()).draws[0]!.claimedAt).not.toBeNull());
    const afterChange = queries.length;
    clock.now = 2500;
    for (let page = 0; page < 100; page += 1) await snapshots.current();
    expect(queries).toHaveLength(afterChange);
  });

  it("learn of SQL typed by hand: a rehearsal flag set or cleared in the database never yields 'verified'", async () => {
    await recordQuicknetDraw(storage.db);
    const { snapshots, clock } = snapshotsOn(storage.db);
    const verdict = async () => (await snapshots.fresh()).draws[0]!.verdict;
    expect(await verdict()).toBe("verified");

    await sql`update draw_rounds set rehearsal = 1`.execute(storage.db);
    clock.now += 1000;
    expect(await verdict()).toBe("rehearsal");

    // A rehearsal's round (a value no drand key signed) passed off as real.
    await sql`update draw_rounds set rehearsal = 0, beacon_signature = ${"a".repeat(96)}`.execute(storage.db);
    expect(await verdict()).toBe("mismatch");
    await sql`update draw_rounds set beacon_signature = ${QUICKNET_DRAW.round.signature}`.execute(storage.db);
    expect(await verdict()).toBe("verified");
    await sql`update draws set seed = ${"0".repeat(64)}`.execute(storage.db);
    expect(await verdict()).toBe("mismatch");

    // A copy whose counter row was left out: the row comes back, and changes are seen again.
    await sql`delete from draw_changes`.execute(storage.db);
    expect(await verdict()).toBe("mismatch");
    await sql`update draws set seed = ${QUICKNET_DRAW.seed}`.execute(storage.db);
    expect(await verdict()).toBe("verified");
  });

  it("never say 'verified' for a real draw no authority stamped", async () => {
    await recordQuicknetDraw(storage.db);
    const { snapshots } = snapshotsOn(storage.db, { stamped: false });
    // Its round 0 moved by its witnesses' word: without them it is not the rule's round. (A real
    // draw at the rule's round with no seals reads "unwitnessed"; no real drand signature of such
    // a round is at hand offline to show it.)
    expect((await snapshots.current()).draws.map((draw) => draw.verdict)).toEqual(["mismatch"]);
  });
});

describe("the list of /sorteos", () => {
  const { options } = recordingDraws();
  /** What a server starting now would read. */
  const drawSnapshotOf = (db: Kysely<Tables>) => snapshotsOn(db).snapshots.fresh();

  it("counts the list of /sorteos from the latest real freeze, run or not; a sample list takes nothing", async () => {
    await ensureCommitment(storage.db, T0);
    expect((await drawSnapshotOf(storage.db)).lastTaken).toBeNull();
    const sample = async () => ({
      entries: [{ id: "OL-1", name: "Ana B.", country: "Perú", date: "2020-01-01" }],
      fromSample: true,
    });
    await freezeDueDraw(storage.db, sample, DRAW + 1000);
    expect((await drawSnapshotOf(storage.db)).lastTaken).toBeNull();
  });

  it("names the latest real freeze and its ids, before the run and after it", async () => {
    await ensureCommitment(storage.db, T0);
    await freezeDueDraw(storage.db, async () => sheet(["OL-1", "OL-2"]), DRAW + 1000);
    const taken = { day: "2026-12-07", ids: new Set(["OL-1", "OL-2"]) };
    expect((await drawSnapshotOf(storage.db)).lastTaken).toEqual(taken);
    await runDraw(storage.db, async () => sheet(["OL-9"]), options(DRAW + 31 * MINUTE));
    // The next month is committed, not frozen: the latest freeze is still December's.
    expect((await drawSnapshotOf(storage.db)).lastTaken).toEqual(taken);
  });
});
