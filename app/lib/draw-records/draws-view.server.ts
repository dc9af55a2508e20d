import { readFileSync } from "node:fs";
import { argentinaDay, entryWindow } from "~/lib/draw/entry-window";
import { nextDrawAt, previousDrawAt } from "~/lib/draw/next-draw";
import type { ShownDraw, UpcomingCommitment } from "~/lib/draw/published-draw";
import type { EntryRule } from "~/lib/participants/entries-in-play";
import { storage } from "~/lib/storage/database.server";
import { dueForKeeping, keepDrawsOnTime } from "./draw-timer.server";
import type { DrawSnapshot } from "./draw-snapshot.server";
import { freezeDeadline } from "./freeze.server";
import { serverDraws } from "./server-draws.server";
import { publishedDraw } from "./published-records.server";
import { frozenList, type DrawRecord, type DrawSummary } from "./stored-draws.server";
import { STATEMENT_FILES, tokenFileName } from "~/lib/draw/witness-statement";
import { replyBytes, witnessConfig } from "./witnesses.server";

/**
 * The draws as the pages show them: /sorteos' commitment and records, the home page's winners,
 * the list /sorteos counts from, and each frozen ids list (docs/draw.md). Read from the server's
 * snapshot, renewed once per change of the records, never per request.
 */

export interface DrawsView {
  upcoming: UpcomingCommitment | null;
  /** Newest first. */
  draws: ShownDraw[];
  /** Roots the site trusts for its witnesses besides the well-known ones (PEM), or null. */
  declaredRoots: string | null;
}

/**
 * The roots this site trusts for its witnesses besides Mozilla's (TIMESTAMP_ROOTS), as PEM, for
 * the page's check to use without vouching for them; null when none (the default).
 */
function declaredWitnessRoots(): string | null {
  const file = witnessConfig().rootsFile;
  return file ? readFileSync(file, "utf8") : null;
}

/** No ids: the previous draw froze no real list (none recorded, a sample, or erased). One object, so lists computed with it are kept. */
const NO_IDS: ReadonlySet<string> = new Set();

/**
 * What the next freeze will apply to the sheet (docs/decisions/065-the-list-shows-what-the-next-freeze-takes.md):
 * the latest draw's rule while its list can still be frozen (the moments after its instant, or a
 * retry, until its drand round is out), else the upcoming draw's (a list frozen ahead of the
 * server's clock, by a command's own clock, moves it on); with the ids the draw before it froze
 * from a real sheet. The list of /sorteos and the home page's figures are worked out with it, by
 * the freeze's own function.
 */
function nextFreezeRule({ records, lastTaken }: DrawSnapshot, now: number): EntryRule {
  const upcoming = nextDrawAt(now).getTime();
  const latest = previousDrawAt(upcoming).getTime();
  const frozen = (at: number) => records.some(({ draw }) => draw.draw_at === at && draw.list_hash !== null);
  const latestRecorded = records.some(({ draw }) => draw.draw_at === latest);
  const freezing = latestRecorded && !frozen(latest) && now < freezeDeadline(latest);
  let drawAt = freezing ? latest : upcoming;
  while (frozen(drawAt)) drawAt = nextDrawAt(drawAt).getTime();
  // The latest real freeze is the draw before this one's whenever that draw froze a real list.
  const previousDay = argentinaDay(previousDrawAt(drawAt).getTime());
  const previous = lastTaken?.day === previousDay ? lastTaken.ids : NO_IDS;
  return { drawAt, window: entryWindow(drawAt), previous };
}

/**
 * What /sorteos shows: the upcoming commitment and every drawn month, and the rule its list of
 * participants follows. When the records lack what is due (a commitment, the due freeze), the
 * server keeps the draws on time first, so the first page after the draw instant shows the frozen
 * list.
 */
export async function getSorteosDraws(now = Date.now()): Promise<{ view: DrawsView; rule: EntryRule }> {
  let snapshot = await serverDraws.current();
  if (dueForKeeping(snapshot.records, now)) {
    await keepDrawsOnTime(now);
    snapshot = await serverDraws.current();
  }
  const view = {
    upcoming: snapshot.upcoming,
    draws: snapshot.draws,
    declaredRoots: declaredWitnessRoots(),
  };
  return { view, rule: nextFreezeRule(snapshot, now) };
}

/** What the home page shows of the draws: the drawn months' winners, the upcoming draw, and the rule its figures follow. */
export interface HomeDraws {
  /** Newest first. */
  drawn: ShownDraw[];
  upcoming: UpcomingCommitment | null;
  rule: EntryRule;
}

/**
 * The home page's draws. The home page does not fail with the database: the failure is logged,
 * the marked examples fill the carousel meanwhile, and the figures count the upcoming draw's days
 * as if no draw had taken anything.
 */
export async function getHomeDraws(now = Date.now()): Promise<HomeDraws> {
  try {
    const snapshot = await serverDraws.current();
    return { drawn: snapshot.draws, upcoming: snapshot.upcoming, rule: nextFreezeRule(snapshot, now) };
  } catch (error) {
    console.error("[draw] No se pudieron leer los registros de sorteos para la página de inicio:", error);
    const drawAt = nextDrawAt(now).getTime();
    return { drawn: [], upcoming: null, rule: { drawAt, window: entryWindow(drawAt), previous: NO_IDS } };
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

/** The record of the draw on `date` (yyyy-mm-dd, Argentina), erased or not. */
async function recordOn(date: string): Promise<DrawRecord<DrawSummary> | undefined> {
  return (await serverDraws.current()).records.find(({ draw }) => argentinaDay(draw.draw_at) === date);
}

/**
 * A file of the draw on `date`: `compromiso.txt` or `lista.txt`, each statement as it was
 * stamped, or `<statement>.<authority>.tsr`, an authority's token as it sent it, kept past the
 * 12-month erasure (they identify no one); or `sorteo.json`, the record as its section of
 * /sorteos shows it, for `npm run draw -- verify` and any auditor (drawn and not erased). Null
 * where the draw has no such file.
 */
export async function drawFile(date: string, name: string): Promise<DrawFile | null> {
  const record = await recordOn(date);
  if (!record) return null;
  if (name === "sorteo.json") {
    return record.rounds.length > 0 && record.draw.erased_at === null
      ? { body: `${JSON.stringify(publishedDraw(record), null, 2)}\n`, contentType: "application/json; charset=utf-8" }
      : null;
  }
  for (const kind of ["commitment", "list"] as const) {
    const text = kind === "commitment" ? record.draw.commitment_statement : record.draw.list_statement;
    if (text !== null && name === `${STATEMENT_FILES[kind]}.txt`) {
      return { body: text, contentType: "text/plain; charset=utf-8" };
    }
  }
  const token = record.witnesses.find((row) => tokenFileName(row.statement, row.authority) === name);
  return token ? { body: replyBytes(token), contentType: "application/timestamp-reply" } : null;
}
