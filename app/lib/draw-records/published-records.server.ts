import { QUICKNET } from "~/lib/draw/drand-beacon";
import { DRAND_RELAYS } from "~/lib/draw/drand.server";
import { argentinaDay, entryWindow } from "~/lib/draw/entry-window";
import type {
  MissedDraw,
  NoticeCount,
  PendingDraw,
  PublishedDraw,
  PublishedStatement,
  PublishedWitnesses,
} from "~/lib/draw/published-draw";
import { nextDrawAt } from "~/lib/draw/next-draw";
import { tokenFacts } from "~/lib/draw/timestamp-token";
import { STATEMENT_FILES, tokenFileName, type StatementKind } from "~/lib/draw/witness-statement";
import { beaconRound, quicknetRoundTime } from "~/lib/draw/quicknet-rounds";
import { formatCount } from "~/lib/ui/wording";
import { env } from "~/lib/server/env.server";
import {
  idRuleOf,
  leftOutOf,
  ruleOf,
  type DrawRecord,
  type DrawRoundRow,
  type DrawSummary,
  type DrawWitnessRow,
} from "./stored-draws.server";
import { replyBytes, witnessConfig } from "./witnesses.server";
import { countryName } from "~/lib/participants/country-name";

/**
 * The stored records as they are published: on /sorteos and the home page, in the organizer's
 * commands and in the team's mail, one shape for all (app/lib/draw/published-draw.ts). A v1
 * record's seed stays out until drawn; every instant a page shows of a seal is read from the seal.
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
 * A draw's witnesses as published: each statement stamped so far, with the tokens it has, each
 * token's instant and signer read from the token itself (the database's columns are no one's
 * word). A statement is linked as soon as it is written, before any token (an authority may still
 * answer).
 */
function publishedWitnesses(draw: DrawSummary, rows: readonly DrawWitnessRow[]): PublishedWitnesses {
  const statement = (kind: StatementKind, text: string | null): PublishedStatement | null =>
    text === null
      ? null
      : {
          url: drawFileUrl(draw.draw_at, `${STATEMENT_FILES[kind]}.txt`),
          tokens: rows
            .filter((row) => row.statement === kind)
            .map((row) => {
              const facts = tokenFacts(replyBytes(row));
              return {
                authority: row.authority,
                url: drawFileUrl(draw.draw_at, tokenFileName(kind, row.authority)),
                stampedAt: iso(facts?.stampedAt ?? row.stamped_at),
                signer: facts?.organization ?? null,
              };
            }),
        };
  return {
    commitment: statement("commitment", draw.commitment_statement),
    list: statement("list", draw.list_statement),
    claim: statement("claim", draw.claim_statement),
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

/** A record as /sorteos publishes it, the commands print it, the team's mail says it and `sorteo.json` serves it. */
export function publishedDraw({ draw, rounds, witnesses, told }: DrawRecord<DrawSummary>): PublishedDraw {
  const v1 = ruleOf(draw) === "opinionlabz-draw-v1";
  return {
    drawAt: iso(draw.draw_at),
    rule: ruleOf(draw),
    entryCount: draw.entry_count ?? 0,
    listHash: draw.list_hash ?? "",
    listUrl: listUrlOf(draw.draw_at),
    idRule: idRuleOf(draw),
    idPattern: draw.id_rule === 3 ? draw.id_pattern : null,
    commitment: v1 ? draw.commitment : null,
    committedAt: v1 ? iso(draw.committed_at) : null,
    seed: v1 && rounds.length > 0 ? draw.seed : null,
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
    window: entryWindow(draw.draw_at, draw.window_from),
    // A sample sheet's examples are all taken, whatever their dates: no window is claimed for them.
    leftOut: draw.from_sample === 1 ? null : leftOutOf(draw),
    claimedAt: draw.claimed_at === null ? null : iso(draw.claimed_at),
    claimRound: draw.claim_round,
    told: told.map((telling) => ({
      round: telling.round,
      at: iso(telling.told_at),
      remindedAt: telling.reminded_at === null ? null : iso(telling.reminded_at),
    })),
    witnesses: publishedWitnesses(draw, witnesses),
  };
}

/** The first instant a statement's seals state, or null before any. */
function firstSealOf(statement: PublishedStatement | null): string | null {
  const times = (statement?.tokens ?? []).map((token) => token.stampedAt).sort();
  return times[0] ?? null;
}

/**
 * The draw under way, not made yet: its days, and from the draw instant on its frozen list with
 * the seals it has (its closing time is its first seal's), the authorities still asked, whether
 * it is witnessed in time, and its notices.
 */
export function pendingDraw(
  { draw, witnesses }: DrawRecord<DrawSummary>,
  { witnessed, notices }: { witnessed: boolean; notices: NoticeCount | null },
): PendingDraw {
  const published = publishedWitnesses(draw, witnesses);
  const unsealed = witnessConfig().authorities.filter(
    (authority) => !witnesses.some((row) => row.statement === "list" && row.authority === authority),
  );
  return {
    drawAt: iso(draw.draw_at),
    beaconRound: beaconRound(new Date(draw.draw_at), 0),
    window: entryWindow(draw.draw_at, draw.window_from),
    witnesses: published,
    awaited: draw.list_hash === null ? [] : unsealed,
    frozen:
      draw.list_hash === null
        ? null
        : {
            sealedAt: firstSealOf(published.list),
            entryCount: draw.entry_count ?? 0,
            listHash: draw.list_hash,
            listUrl: listUrlOf(draw.draw_at),
            leftOut: draw.from_sample === 1 ? null : leftOutOf(draw),
            sample: draw.from_sample === 1,
            witnessed,
            notices: notices ?? { queued: 0, sentBeforeRound: 0 },
          },
  };
}

/** A day that had no draw: its list (if frozen) and seals, why, and where its entries go. */
export function missedDraw(record: DrawRecord<DrawSummary>): MissedDraw {
  const { draw, rounds, witnesses } = record;
  const round = beaconRound(new Date(draw.draw_at), 0);
  return {
    drawAt: iso(draw.draw_at),
    beaconRound: round,
    beaconAt: iso(quicknetRoundTime(round)),
    reason: draw.list_hash === null ? "not-frozen" : "not-sealed",
    frozen:
      draw.list_hash === null
        ? null
        : { listHash: draw.list_hash, entryCount: draw.entry_count ?? 0, listUrl: listUrlOf(draw.draw_at) },
    witnesses: publishedWitnesses(draw, witnesses),
    roundsIgnored: rounds.length,
    record: rounds.length > 0 ? publishedDraw(record) : null,
    nextDrawAt: nextDrawAt(draw.draw_at).toISOString(),
  };
}

/** Records whose participation data is still kept: an erased draw leaves the pages and `status`. */
export const kept = <Draw extends DrawSummary>(records: DrawRecord<Draw>[]) =>
  records.filter(({ draw }) => draw.erased_at === null);
