import { QUICKNET } from "~/lib/draw/drand-beacon";
import { DRAND_RELAYS } from "~/lib/draw/drand.server";
import { argentinaDay, entryWindow } from "~/lib/draw/entry-window";
import type {
  PublishedStatement,
  PublishedWitnesses,
  RecordedDraw,
  UpcomingCommitment,
} from "~/lib/draw/published-draw";
import { STATEMENT_FILES, tokenFileName, type StatementKind } from "~/lib/draw/witness-statement";
import { beaconRound, witnessedDrawRound } from "~/lib/draw/quicknet-rounds";
import { formatCount } from "~/lib/ui/wording";
import { env } from "~/lib/server/env.server";
import {
  idRuleOf,
  leftOutOf,
  type DrawRecord,
  type DrawRoundRow,
  type DrawSummary,
  type DrawWitnessRow,
} from "./stored-draws.server";
import { witnessConfig } from "./witnesses.server";
import { countryName } from "~/lib/participants/country-name";

/**
 * The stored records as they are published: on /sorteos and the home page, in the organizer's
 * commands and in the team's mail, one shape for all (app/lib/draw/published-draw.ts). Seeds
 * stay out until drawn.
 */

const iso = (ms: number) => new Date(ms).toISOString();

/** A file of the draw's folder, `/sorteos/<yyyy-mm-dd>/…` (docs/draw.md, "Checking a draw"). */
function drawFileUrl(drawAt: number, file: string): string {
  return `${env.siteUrl}/sorteos/${argentinaDay(drawAt)}/${file}`;
}

function listUrlOf(drawAt: number): string {
  return drawFileUrl(drawAt, "ids.txt");
}

/**
 * A draw's witnesses as published: each statement stamped so far, with the tokens it has. A
 * statement is linked as soon as it is written, before any token (an authority may still answer).
 */
function publishedWitnesses(draw: DrawSummary, rows: readonly DrawWitnessRow[]): PublishedWitnesses {
  const statement = (kind: StatementKind, text: string | null): PublishedStatement | null =>
    text === null
      ? null
      : {
          url: drawFileUrl(draw.draw_at, `${STATEMENT_FILES[kind]}.txt`),
          tokens: rows
            .filter((row) => row.statement === kind)
            .map((row) => ({
              authority: row.authority,
              url: drawFileUrl(draw.draw_at, tokenFileName(kind, row.authority)),
              stampedAt: iso(row.stamped_at),
            })),
        };
  return {
    commitment: statement("commitment", draw.commitment_statement),
    list: statement("list", draw.list_statement),
  };
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

/** A drawn record as /sorteos publishes it, the commands print it and the team's mail says it. */
export function publishedDraw({ draw, rounds, witnesses }: DrawRecord<DrawSummary>): RecordedDraw {
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
      // As every list shows countries: "argentina" in the sheet is "Argentina" (docs/product.md, "Countries").
      winnerCountry: round.winner_country === null ? null : countryName(round.winner_country),
    })),
    sample: draw.from_sample === 1,
    frozenAt: iso(draw.frozen_at ?? draw.draw_at),
    window: entryWindow(draw.draw_at),
    // A sample sheet's examples are all taken, whatever their dates: no window is claimed for them.
    leftOut: draw.from_sample === 1 ? null : leftOutOf(draw),
    claimedAt: draw.claimed_at === null ? null : iso(draw.claimed_at),
    witnesses: publishedWitnesses(draw, witnesses),
  };
}

/**
 * A committed draw not yet made: its commitment, and its frozen list from the draw instant on,
 * with the seals each has, the authorities still asked, and the round its list's seals fix.
 */
export function upcomingCommitment({ draw, witnesses }: DrawRecord<DrawSummary>): UpcomingCommitment {
  const drawAt = new Date(draw.draw_at);
  const unsealed = (kind: StatementKind) =>
    witnessConfig().authorities.filter(
      (authority) => !witnesses.some((row) => row.statement === kind && row.authority === authority),
    );
  const listSealedAt = witnesses.filter((row) => row.statement === "list").map((row) => row.latest_at);
  return {
    drawAt: iso(draw.draw_at),
    commitment: draw.commitment,
    committedAt: iso(draw.committed_at),
    beaconRound: witnessedDrawRound(drawAt, listSealedAt) ?? beaconRound(drawAt, 0),
    window: entryWindow(draw.draw_at),
    witnesses: publishedWitnesses(draw, witnesses),
    awaited: { commitment: unsealed("commitment"), list: draw.list_hash === null ? [] : unsealed("list") },
    frozen:
      draw.frozen_at === null
        ? null
        : {
            frozenAt: iso(draw.frozen_at),
            entryCount: draw.entry_count ?? 0,
            listHash: draw.list_hash ?? "",
            listUrl: listUrlOf(draw.draw_at),
            leftOut: draw.from_sample === 1 ? null : leftOutOf(draw),
            sample: draw.from_sample === 1,
          },
  };
}

/** Records whose participation data is still kept: an erased draw leaves the pages and `status`. */
export const kept = <Draw extends DrawSummary>(records: DrawRecord<Draw>[]) =>
  records.filter(({ draw }) => draw.erased_at === null);

/** The upcoming draw, committed and not made yet: the earliest kept record without a round. */
export const pendingOf = <Draw extends DrawSummary>(records: DrawRecord<Draw>[]) =>
  kept(records)
    .filter((record) => record.rounds.length === 0)
    .at(-1);

/** The drawn records still kept, newest first, as the records are ordered. */
export const drawnOf = <Draw extends DrawSummary>(records: DrawRecord<Draw>[]) =>
  kept(records).filter((record) => record.rounds.length > 0);
