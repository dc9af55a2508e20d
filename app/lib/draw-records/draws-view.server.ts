import { argentinaDay, entryWindow } from "~/lib/draw/entry-window";
import { nextDrawAt, previousDrawAt } from "~/lib/draw/next-draw";
import { drawAnchor, type MissedDraw, type PendingDraw, type ShownDraw } from "~/lib/draw/published-draw";
import { UPCOMING_ANCHOR } from "~/lib/draw/draw-day";
import { publicRootsPem } from "~/lib/draw/timestamp-authorities.server";
import { canonicalId, idPatternOf } from "~/lib/draw/verifiable-draw";
import type { DrawsThatTook } from "~/lib/participants/draws-that-took";
import type { EntryRule } from "~/lib/participants/entries-in-play";
import { env } from "~/lib/server/env.server";
import { storage } from "~/lib/storage/database.server";
import { dueForKeeping, keepDrawsOnTime } from "./draw-timer.server";
import { drawsAt, happenedAt, missedAt, type DrawSnapshot } from "./draw-snapshot.server";
import { freezeDeadline } from "./freeze.server";
import { serverDraws } from "./server-draws.server";
import { byHandCommandsOf } from "./by-hand-commands.server";
import { publishedDraw } from "./published-records.server";
import { frozenList } from "./stored-draws.server";
import { STATEMENT_FILES, tokenFileName } from "~/lib/draw/witness-statement";
import { replyBytes, testRootsPem } from "./witnesses.server";

/**
 * The draws as the pages show them: /sorteos' draw under way, its records and the days with no
 * draw, the home page's winners, the list /sorteos counts from, and each draw's files
 * (docs/draw.md). Read from the server's snapshot, renewed once per change of the records, never
 * per request; what the clock decides (a round passing) is worked out from it per request.
 */

export interface DrawsView {
  upcoming: PendingDraw | null;
  /** Newest first. */
  draws: ShownDraw[];
  /** Days that had no draw, newest first. */
  missed: MissedDraw[];
  /**
   * Test roots (TIMESTAMP_ROOTS) as PEM, only on a development or test server: the page's check
   * counts them and marks every line that rests on one. Null on a real site.
   */
  testRoots: string | null;
}

/** /sorteos' view: also each record's by-hand commands, by its draw instant (ISO 8601). */
export interface SorteosDrawsView extends DrawsView {
  byHand: Record<string, string>;
}

/** No ids: the draw before froze no real list (none happened, a sample, or erased). One object, so lists computed with it are kept. */
const NO_IDS: ReadonlySet<string> = new Set();

/** The organizer's id format, read once: the list of /sorteos refuses what the freeze would. */
const ID_PATTERN = idPatternOf(env.idPattern);

/**
 * What the next freeze will apply to the sheet (docs/decisions/065-the-list-shows-what-the-next-freeze-takes.md):
 * the latest draw's rule while its list can still be frozen (the moments after its instant, or a
 * retry, until its drand round is out), else the upcoming draw's; its window from the day of the
 * last draw that happened (or, when none did, the earliest missed draw's own window start,
 * docs/decisions/088-entries-go-to-the-next-draw-that-happens.md), with the ids that draw froze
 * from a real sheet. The list of /sorteos and the home page's figures are worked out with it, by
 * the freeze's own function.
 */
function nextFreezeRule({ records, checked, takenIds }: DrawSnapshot, now: number): EntryRule {
  const upcoming = nextDrawAt(now).getTime();
  const latest = previousDrawAt(upcoming).getTime();
  const frozen = (at: number) => records.some(({ draw }) => draw.draw_at === at && draw.list_hash !== null);
  const latestRecorded = records.some(({ draw }) => draw.draw_at === latest);
  const freezing = latestRecorded && !frozen(latest) && now < freezeDeadline(latest);
  let drawAt = freezing ? latest : upcoming;
  while (frozen(drawAt)) drawAt = nextDrawAt(drawAt).getTime();
  const earlier = checked.filter(({ record }) => record.draw.draw_at < drawAt);
  const last = earlier.find((record) => happenedAt(record, now))?.record.draw;
  const earliest = earlier.at(-1)?.record.draw;
  const from = last
    ? argentinaDay(last.draw_at)
    : earliest
      ? entryWindow(earliest.draw_at, earliest.window_from).from
      : null;
  const previous = (last && takenIds.get(last.draw_at)) ?? NO_IDS;
  return { drawAt, window: entryWindow(drawAt, from), previous, idPattern: ID_PATTERN };
}

/**
 * The draws whose lists took entries as of `now`, oldest first, for what a search says of each
 * row (docs/decisions/097-what-became-of-an-entry.md): every kept draw that happened (its list
 * sealed in time) or whose round is still ahead, with the ids its list holds, each round's
 * winner and where its record is. A day with no draw is never one: its entries went to the next.
 */
function drawsThatTook({ checked, takenIds }: DrawSnapshot, now: number): DrawsThatTook {
  return checked
    .filter((checked) => happenedAt(checked, now) && takenIds.has(checked.record.draw.draw_at))
    .map(({ record: { draw, rounds } }) => {
      const ids = takenIds.get(draw.draw_at)!;
      return {
        day: argentinaDay(draw.draw_at),
        from: entryWindow(draw.draw_at, draw.window_from).from,
        took: (id: string) => ids.has(id),
        winners: rounds.map((round) => canonicalId(round.winner_id) ?? round.winner_id),
        href: `/sorteos#${rounds.length === 0 ? UPCOMING_ANCHOR : drawAnchor(new Date(draw.draw_at).toISOString())}`,
      };
    })
    .reverse();
}

/**
 * What /sorteos shows: the draw under way, every drawn month and every day with no draw, the
 * rule its list of participants follows and the draws that took entries. When the records lack what is due (the upcoming draw's
 * record, the due freeze), the server keeps the draws on time first, so the first page after the
 * draw instant shows the frozen list.
 */
export async function getSorteosDraws(
  now = Date.now(),
): Promise<{ view: SorteosDrawsView; rule: EntryRule; tookEntries: DrawsThatTook }> {
  let snapshot = await serverDraws.current();
  if (dueForKeeping(snapshot.records, now)) {
    await keepDrawsOnTime(now);
    snapshot = await serverDraws.current();
  }
  const shown = drawsAt(snapshot, now);
  const view = { ...shown, testRoots: testRootsPem(), byHand: byHandCommandsOf(shown.draws, shown.missed) };
  return { view, rule: nextFreezeRule(snapshot, now), tookEntries: drawsThatTook(snapshot, now) };
}

/** What the home page shows of the draws: the drawn months' winners, the draw under way, the last day with no draw, and the rule its figures follow. */
export interface HomeDraws {
  /** Newest first. */
  drawn: ShownDraw[];
  upcoming: PendingDraw | null;
  missed: MissedDraw[];
  rule: EntryRule;
  tookEntries: DrawsThatTook;
}

/**
 * The home page's draws. The home page does not fail with the database: the failure is logged,
 * the marked examples fill the carousel meanwhile, and the figures count the upcoming draw's days
 * as if no draw had taken anything.
 */
export async function getHomeDraws(now = Date.now()): Promise<HomeDraws> {
  try {
    const snapshot = await serverDraws.current();
    const { upcoming, draws, missed } = drawsAt(snapshot, now);
    return {
      drawn: draws,
      upcoming,
      missed,
      rule: nextFreezeRule(snapshot, now),
      tookEntries: drawsThatTook(snapshot, now),
    };
  } catch (error) {
    console.error("[draw] No se pudieron leer los registros de sorteos para la página de inicio:", error);
    const drawAt = nextDrawAt(now).getTime();
    return {
      drawn: [],
      upcoming: null,
      missed: [],
      rule: { drawAt, window: entryWindow(drawAt), previous: NO_IDS, idPattern: ID_PATTERN },
      tookEntries: [],
    };
  }
}

/** A draw's ids list as the site serves it: the text, erased after 12 months, or none on that date. */
export type DrawList = { text: string } | "erased" | null;

/** The frozen ids list of the draw on `date` (yyyy-mm-dd, Argentina). */
export async function drawList(date: string): Promise<DrawList> {
  const { records } = await serverDraws.current();
  const record = records.find(({ draw }) => draw.list_hash !== null && argentinaDay(draw.draw_at) === date);
  if (!record) return null;
  if (record.draw.erased_at !== null) return "erased";
  const text = await frozenList(storage.db, record.draw.draw_at);
  return text === null ? null : { text };
}

/** A file of a draw's folder as served: its bytes and content type. */
export interface DrawFile {
  body: string | Uint8Array<ArrayBuffer>;
  contentType: string;
}

/**
 * A file of the draw on `date`: `lista.txt`, `reclamo.txt` (or a v1 record's `compromiso.txt`),
 * each statement as it was stamped, or `<statement>.<authority>.tsr`, an authority's token as it
 * sent it, kept past the 12-month erasure (they identify no one); or `sorteo.json`, the record as
 * its section of /sorteos shows it, for `npm run draw -- verify` and any auditor (drawn, or a day
 * with no draw, and not erased). Null where the draw has no such file.
 */
export async function drawFile(date: string, name: string, now = Date.now()): Promise<DrawFile | null> {
  const snapshot = await serverDraws.current();
  const record = snapshot.records.find(({ draw }) => argentinaDay(draw.draw_at) === date);
  if (!record) return null;
  if (name === "sorteo.json") {
    const checked = snapshot.checked.find((candidate) => candidate.record.draw.draw_at === record.draw.draw_at);
    const published = record.rounds.length > 0 || (checked !== undefined && missedAt(checked, now));
    return published && record.draw.erased_at === null
      ? { body: `${JSON.stringify(publishedDraw(record), null, 2)}\n`, contentType: "application/json; charset=utf-8" }
      : null;
  }
  for (const kind of ["commitment", "list", "claim"] as const) {
    const text = record.draw[`${kind}_statement`];
    if (text !== null && name === `${STATEMENT_FILES[kind]}.txt`) {
      return { body: text, contentType: "text/plain; charset=utf-8" };
    }
  }
  const token = record.witnesses.find((row) => tokenFileName(row.statement, row.authority) === name);
  return token ? { body: replyBytes(token), contentType: "application/timestamp-reply" } : null;
}

/**
 * /sorteos/raices.pem: the public roots every verdict on a seal uses (the badge, the page's check,
 * `draw -- verify`): Node's own set, Mozilla's, byte for byte (docs/draw.md, "Witnesses").
 */
export function witnessRootsFile(): DrawFile {
  return { body: publicRootsPem(), contentType: "application/x-pem-file" };
}
