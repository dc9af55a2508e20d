import { argentinaDay, entryWindow, type DrawTaken } from "~/lib/draw/entry-window";
import type { LeftOut, RecordedDraw, UpcomingCommitment } from "~/lib/draw/published-draw";
import { QUICKNET } from "~/lib/draw/drand-beacon";
import { DRAND_RELAYS } from "~/lib/draw/drand.server";
import { beaconRound } from "~/lib/draw/verifiable-draw";
import { formatCount } from "~/lib/participants/format";
import { env } from "~/lib/server/env.server";
import { storage } from "~/lib/storage/database.server";
import { keepDrawsOnTime } from "./draw-timer.server";
import {
  drawRecords,
  frozenIds,
  frozenList,
  idRuleOf,
  latestRealFreeze,
  type DrawRecord,
  type DrawRoundRow,
  type DrawSummary,
} from "./stored-draws.server";

/**
 * The draws as the pages show them: /sorteos' commitment and records, the home page's winners,
 * the list /sorteos counts from, and each frozen ids list (docs/draw.md). Seeds stay out until
 * drawn; erased records leave the pages.
 */

export interface DrawsView {
  upcoming: UpcomingCommitment | null;
  /** Newest first. */
  draws: RecordedDraw[];
  /** The bundled sample sheet is served: winners shown are examples. */
  sampleSheet: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();

function listUrlOf(drawAt: number): string {
  return `${env.siteUrl}/sorteos/${argentinaDay(drawAt)}/ids.txt`;
}

/** The sheet rows a freeze left out, as published; null on a list frozen before they were counted. */
function leftOutOf(draw: DrawSummary): LeftOut | null {
  return draw.outside_window === null || draw.unreadable_dates === null
    ? null
    : { outsideWindow: draw.outside_window, unreadableDate: draw.unreadable_dates, refusedId: draw.refused_ids };
}

/** Where a round's value comes from, as the page and the mail say it: a rehearsal never passes for drand. */
function beaconSource(round: DrawRoundRow): string {
  const number = formatCount(round.beacon_round);
  return round.rehearsal === 1
    ? `ensayo con una clave de prueba, ronda ${number}: no es un valor de drand`
    : `drand quicknet, ronda ${number}`;
}

/** The round on drand's main relay: its signature and randomness, for anyone to compare. */
const beaconUrl = (round: DrawRoundRow) =>
  round.rehearsal === 1 ? null : `${DRAND_RELAYS[0]}/${QUICKNET.chainHash}/public/${round.beacon_round}`;

/** A record as /sorteos publishes it, the command prints it and the team's mail says it. */
export function publishedDraw({ draw, rounds }: DrawRecord<DrawSummary>): RecordedDraw {
  return {
    drawAt: iso(draw.draw_at),
    entryCount: draw.entry_count ?? 0,
    listHash: draw.list_hash ?? "",
    listUrl: listUrlOf(draw.draw_at),
    idRule: idRuleOf(draw),
    commitment: draw.commitment,
    committedAt: iso(draw.committed_at),
    seed: draw.seed,
    rounds: rounds.map((round) => ({
      beacon: round.beacon,
      beaconSource: beaconSource(round),
      beaconUrl: beaconUrl(round),
      drandRound: round.beacon_round,
      signature: round.beacon_signature,
      rehearsal: round.rehearsal === 1,
      winnerId: round.winner_id,
      winnerName: round.winner_name,
      winnerCountry: round.winner_country,
    })),
    sample: draw.from_sample === 1,
    frozenAt: iso(draw.frozen_at ?? draw.draw_at),
    window: entryWindow(draw.draw_at),
    // A sample sheet's examples are all taken, whatever their dates: no window is claimed for them.
    leftOut: draw.from_sample === 1 ? null : leftOutOf(draw),
    claimedAt: draw.claimed_at === null ? null : iso(draw.claimed_at),
  };
}

/** What /sorteos shows: the upcoming commitment and every drawn month. Seeds stay out until drawn. */
export async function getDrawsView(now = Date.now()): Promise<DrawsView> {
  await keepDrawsOnTime(now);
  const records = kept(await drawRecords(storage.db));
  const pending = records.filter((record) => record.rounds.length === 0).at(-1);
  return {
    upcoming: pending
      ? {
          drawAt: iso(pending.draw.draw_at),
          commitment: pending.draw.commitment,
          committedAt: iso(pending.draw.committed_at),
          beaconRound: beaconRound(new Date(pending.draw.draw_at), 0),
          window: entryWindow(pending.draw.draw_at),
          frozen:
            pending.draw.frozen_at === null
              ? null
              : {
                  frozenAt: iso(pending.draw.frozen_at),
                  entryCount: pending.draw.entry_count ?? 0,
                  listHash: pending.draw.list_hash ?? "",
                  listUrl: listUrlOf(pending.draw.draw_at),
                  leftOut: pending.draw.from_sample === 1 ? null : leftOutOf(pending.draw),
                },
        }
      : null,
    draws: records.filter((record) => record.rounds.length > 0).map(publishedDraw),
    sampleSheet: env.sheetSource.kind === "file" && env.sheetSource.isBundledSample,
  };
}

/**
 * The drawn months, newest first, without touching the commitments: what the home page's
 * winners read. The home page does not fail with the database: the failure is logged, and
 * the marked examples fill the carousel meanwhile.
 */
export async function getRecordedDraws(): Promise<RecordedDraw[]> {
  try {
    const records = kept(await drawRecords(storage.db));
    return records.filter((record) => record.rounds.length > 0).map(publishedDraw);
  } catch (error) {
    console.error("[draw] Reading the draw records for the home page failed:", error);
    return [];
  }
}

/**
 * What the latest freeze of a real sheet took (its day and ids), for the list of /sorteos, which
 * then shows the next draw's entries only, as the next freeze will count them; null before any.
 */
export async function lastDrawTaken(): Promise<DrawTaken | null> {
  const drawAt = await latestRealFreeze(storage.db);
  return drawAt === null ? null : { day: argentinaDay(drawAt), ids: await frozenIds(storage.db, drawAt) };
}

/** A draw's ids list as the site serves it: the text, erased after 12 months, or none on that date. */
export type DrawList = { text: string } | "erased" | null;

/** The frozen ids list of the draw on `date` (yyyy-mm-dd, Argentina). */
export async function drawList(date: string): Promise<DrawList> {
  const records = await drawRecords(storage.db);
  const record = records.find(({ draw }) => draw.list_hash !== null && argentinaDay(draw.draw_at) === date);
  if (!record) return null;
  if (record.draw.erased_at !== null) return "erased";
  const text = await frozenList(storage.db, record.draw.draw_at);
  return text === null ? null : { text };
}

/** Records whose participation data is still kept: an erased draw leaves the pages and `status`. */
const kept = (records: DrawRecord<DrawSummary>[]) => records.filter(({ draw }) => draw.erased_at === null);
