import { nextDrawAt } from "~/lib/draw/next-draw";
import { argentinaDay, entryWindow, type DrawTaken } from "~/lib/draw/entry-window";
import type { LeftOut, RecordedDraw, UpcomingCommitment } from "~/lib/draw/published-draw";
import { checkBeacon, QUICKNET } from "~/lib/draw/drand-beacon";
import { DRAND_RELAYS, fetchRoundSignature } from "~/lib/draw/drand.server";
import { beaconRound, quicknetRoundTime } from "~/lib/draw/verifiable-draw";
import { enqueueMail, type OutgoingMail } from "~/lib/mail/outbox.server";
import { renderMail } from "~/lib/mail/render-mail.server";
import { loadSheet } from "~/lib/participants/load-sheet.server";
import { formatCount } from "~/lib/participants/format";
import { env } from "~/lib/server/env.server";
import { singleton } from "~/lib/server/singleton.server";
import { storage } from "~/lib/storage/database.server";
import {
  CLAIM_PERIOD_MS,
  DrawRefused,
  drawRecords,
  ensureCommitment,
  freezeDueDraw,
  frozenIds,
  frozenList,
  latestRealFreeze,
  recordClaim,
  redraw,
  runDraw,
  type CheckedBeacon,
  type DrawRecord,
  type DrawRoundRow,
  type DrawSummary,
  type SheetEntries,
} from "./records.server";

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
    : { outsideWindow: draw.outside_window, unreadableDate: draw.unreadable_dates };
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

function publishedDraw({ draw, rounds }: DrawRecord<DrawSummary>): RecordedDraw {
  return {
    drawAt: iso(draw.draw_at),
    entryCount: draw.entry_count ?? 0,
    listHash: draw.list_hash ?? "",
    listUrl: listUrlOf(draw.draw_at),
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

/** One freeze at a time in this process: page renewals and the timer share it. */
let freezing: Promise<unknown> | null = null;

/**
 * After a freeze that failed (the sheet unreachable, or no valid entry dated in the month's
 * window), the next try waits this long: each try loads the whole sheet from upstream, and
 * /sorteos would otherwise do so on every request until the sheet is fixed (docs/draw.md,
 * "The month's entries").
 */
const FREEZE_RETRY_MS = 60_000;
let nextFreezeTryAt = 0;

/**
 * Keeps the draws on time: commits the upcoming draw's seed if no one has, and freezes the
 * due draw's list if no one has (both idempotent across replicas). A failure is logged and
 * retried a minute later; the run freezes the list itself if it must.
 */
async function keepDrawsOnTime(now: number): Promise<void> {
  await ensureCommitment(storage.db, now);
  if (now < nextFreezeTryAt) return;
  freezing ??= freezeDueDraw(storage.db, sheetEntries, now)
    .then((froze) => {
      if (froze) console.log(JSON.stringify({ event: "draw.frozen", at: iso(now) }));
    })
    .catch((error: unknown) => {
      nextFreezeTryAt = now + FREEZE_RETRY_MS;
      console.error("[draw] Freezing the due draw's list failed (tried again in a minute):", error);
    })
    .finally(() => (freezing = null));
  await freezing;
}

/** Longest delay setTimeout takes (about 24.8 days); a later draw instant is reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * At start-up (before listening, so the first page shows the commitment), then at each draw
 * instant: the list is frozen then, whether or not anyone opens /sorteos.
 */
export function startDrawClock(): Promise<void> {
  // Once per process: development re-imports the server build on every change.
  return singleton("draw-clock", async () => {
    await keepDrawsOnTime(Date.now());
    const arm = () => {
      const wait = Math.min(nextDrawAt(Date.now()).getTime() - Date.now() + 1000, MAX_TIMER_MS);
      setTimeout(() => void keepDrawsOnTime(Date.now()).finally(arm), wait).unref();
    };
    arm();
  });
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

/** `npm run draw -- claimed <YYYY-MM>`: the record, now saying the prize was delivered. */
export async function claimedCommand(month: string): Promise<RecordedDraw> {
  return publishedDraw(await recordClaim(storage.db, month, drawNow()));
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

/** The sheet's valid rows in sheet order, loaded exactly as the server loads it. */
async function sheetEntries(): Promise<SheetEntries> {
  // A winner is always published as first name and surname initial, whatever PARTICIPANT_NAMES
  // says for the lists: the snapshot is loaded masked, so no full name is ever stored.
  const { snapshot } = await loadSheet(env.sheetSource, { timeoutMs: env.timeoutMs, now: Date.now, names: "initial" });
  // The snapshot lists the newest first; the canonical list keeps sheet order.
  const entries = [...snapshot.participants]
    .reverse()
    .map(({ id, nombre, pais, fecha }) => ({ id, name: nombre, country: pais, date: fecha }));
  return { entries, fromSample: snapshot.source === "sample" };
}

/** The record as text: what the CLI prints and the team's mail says. */
export function describeDraw(view: RecordedDraw): string {
  const lines = [
    `Draw of ${view.drawAt}${view.sample ? " (SAMPLE sheet, not real entrants)" : ""}`,
    `  frozen at:    ${view.frozenAt}`,
    `  entries:      ${view.entryCount}`,
    `  list hash:    ${view.listHash}`,
    `  ids list:     ${view.listUrl}`,
    `  commitment:   ${view.commitment} (published ${view.committedAt})`,
    `  seed:         ${view.seed}`,
  ];
  view.rounds.forEach((round, index) => {
    lines.push(
      `  round ${index}:      beacon ${round.beacon} (${round.beaconSource})`,
      `                winner id ${round.winnerId}, published as "${round.winnerName}"${round.winnerCountry ? ` (${round.winnerCountry})` : ""}`,
    );
  });
  if (view.claimedAt) lines.push(`  prize:        delivered on ${view.claimedAt}`);
  return lines.join("\n");
}

function recordMail(view: RecordedDraw): OutgoingMail {
  const last = view.rounds.at(-1)!;
  const round = view.rounds.length - 1;
  const what = round === 0 ? "Sorteo" : `Resorteo ${round}`;
  const summary = [
    `${what} del ${argentinaDay(Date.parse(view.drawAt))}: ganó el id ${last.winnerId} (${last.winnerName}).`,
    "Contactá a la persona ganadora. Si en 30 días no reclama el premio, corresponde un resorteo (docs/operations.md).",
    "",
    describeDraw(view),
  ].join("\n");
  return {
    kind: "draw-record",
    to: env.contactEmail.value,
    subject: `${what} del ${argentinaDay(Date.parse(view.drawAt))}: ganó el id ${last.winnerId}`,
    ...renderMail([{ preformatted: summary, monospace: true }]),
  };
}

/** The draw commands' "now": DRAW_NOW in tests only (see env.server.ts), else the clock. */
function drawNow(): number {
  return env.drawNow ?? Date.now();
}

/** `npm run draw -- status`: the upcoming commitment, then every drawn month and its next redraw's round. */
export async function drawStatus(): Promise<string> {
  const { upcoming, draws } = await getDrawsView(drawNow());
  const lines = [
    upcoming
      ? [
          `Upcoming draw ${upcoming.drawAt}`,
          `  commitment:   ${upcoming.commitment} (published ${upcoming.committedAt})`,
          `  beacon:       drand quicknet round ${upcoming.beaconRound}, at ${iso(quicknetRoundTime(upcoming.beaconRound))}`,
          upcoming.frozen
            ? `  frozen:       ${upcoming.frozen.frozenAt}, ${upcoming.frozen.entryCount} entries, list hash ${upcoming.frozen.listHash}`
            : "  frozen:       not yet (the server freezes the list at the draw instant)",
        ].join("\n")
      : "No upcoming draw committed.",
  ];
  for (const draw of draws) {
    const next = draw.rounds.length;
    const round = beaconRound(new Date(draw.drawAt), next);
    lines.push(
      describeDraw(draw),
      `  next redraw:  round ${next}, allowed from ${iso(Date.parse(draw.drawAt) + next * CLAIM_PERIOD_MS)}, drand quicknet round ${round}, published ${iso(quicknetRoundTime(round))}`,
    );
  }
  return lines.join("\n\n");
}

/**
 * The value of drand `round`, checked: from `signature` when the operator copied it from a
 * relay, else asked of drand's relays. Checked against quicknet's key, or the rehearsal key
 * where one is set (never in production). Refused with the reason, before anything is recorded.
 */
async function checkedBeacon(round: number, signature: string | null): Promise<CheckedBeacon> {
  const rehearsalKey = env.draw.rehearsalKey;
  const publishedAt = quicknetRoundTime(round);
  let signed = signature;
  if (signed === null) {
    if (drawNow() < publishedAt) {
      throw new DrawRefused(`drand round ${round} is published at ${iso(publishedAt)}: run the command after that`);
    }
    try {
      signed = await fetchRoundSignature(round, env.draw.relays ?? DRAND_RELAYS, env.draw.relayTimeoutMs);
    } catch (error) {
      throw new DrawRefused(
        `${(error as Error).message}. Without drand's relays, pass --signature <hex> copied from one`,
      );
    }
  }
  const check = checkBeacon(round, signed, rehearsalKey ?? QUICKNET.publicKey);
  if (!check.ok) {
    throw new DrawRefused(
      rehearsalKey ? `Under the rehearsal key, ${check.problem}` : `Not drand's beacon: ${check.problem}`,
    );
  }
  return { randomness: check.randomness, signature: signed, rehearsal: rehearsalKey !== null };
}

/** `npm run draw -- beacon <round> <signature>`: the round's randomness, or why the signature is not its. */
export function checkBeaconCommand(round: number, signature: string): string {
  const check = checkBeacon(round, signature, env.draw.rehearsalKey ?? QUICKNET.publicKey);
  if (!check.ok) throw new DrawRefused(check.problem);
  return check.randomness;
}

/** `npm run draw -- run` and `redraw`: the record as published, mailed to the team in the same transaction. */
export async function drawCommand(command: "run" | "redraw", signature: string | null): Promise<RecordedDraw> {
  const options = {
    beaconFor: (round: number) => checkedBeacon(round, signature),
    now: drawNow(),
    onRecorded: async (trx: Parameters<typeof enqueueMail>[0], record: DrawRecord) => {
      await enqueueMail(trx, recordMail(publishedDraw(record)), Date.now());
    },
  };
  const record =
    command === "run" ? await runDraw(storage.db, sheetEntries, options) : await redraw(storage.db, options);
  return publishedDraw(record);
}
