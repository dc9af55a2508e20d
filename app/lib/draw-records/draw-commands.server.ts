import type { RecordedDraw } from "~/lib/draw/published-draw";
import { checkBeacon, QUICKNET } from "~/lib/draw/drand-beacon";
import { DRAND_RELAYS, fetchRoundSignature } from "~/lib/draw/drand.server";
import { beaconRound, quicknetRoundTime } from "~/lib/draw/verifiable-draw";
import { enqueueMail, type OutgoingMail } from "~/lib/mail/outbox.server";
import { renderDrawRecordMail } from "~/lib/mail/templates/draw-record-mail.server";
import { env } from "~/lib/server/env.server";
import { storage } from "~/lib/storage/database.server";
import { DrawRefused } from "./draw-refused";
import { drawnOf, pendingOf, publishedDraw, upcomingCommitment } from "./published-records.server";
import { CLAIM_PERIOD_MS, recordClaim, redraw, runDraw, type CheckedBeacon } from "./rounds.server";
import { loadSheetEntries } from "./sheet-entries.server";
import { drawRecords, type DrawRecord } from "./stored-draws.server";

/**
 * The organizer's draw commands (`npm run draw`, other/draw.ts; docs/operations.md, "Draw day"):
 * what each prints and mails, the beacon's check, and the commands' clock.
 */

const iso = (ms: number) => new Date(ms).toISOString();

/** `npm run draw -- claimed <YYYY-MM>`: the record, now saying the prize was delivered. */
export async function claimedCommand(month: string): Promise<RecordedDraw> {
  return publishedDraw(await recordClaim(storage.db, month, drawNow()));
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

/** The record, mailed to the team: the latest round's winner may claim until its redraw is allowed. */
async function recordMail(view: RecordedDraw): Promise<OutgoingMail> {
  const claimBy = Date.parse(view.drawAt) + view.rounds.length * CLAIM_PERIOD_MS;
  const mail = await renderDrawRecordMail({ siteUrl: env.siteUrl, draw: view, claimBy });
  return { kind: "draw-record", to: env.contactEmail.value, ...mail };
}

/** The draw commands' "now": DRAW_NOW in tests only (see env.server.ts), else the clock. */
function drawNow(): number {
  return env.drawNow ?? Date.now();
}

/** `npm run draw -- status`: the upcoming commitment, then every drawn month and its next redraw's round. */
export async function drawStatus(): Promise<string> {
  // Only reads: committing and freezing are the server's (docs/draw.md, "Commit, freeze, reveal").
  const records = await drawRecords(storage.db);
  const pending = pendingOf(records);
  const upcoming = pending ? upcomingCommitment(pending) : null;
  const draws = drawnOf(records).map(publishedDraw);
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
      await enqueueMail(trx, await recordMail(publishedDraw(record)), Date.now());
    },
  };
  const record =
    command === "run" ? await runDraw(storage.db, loadSheetEntries, options) : await redraw(storage.db, options);
  return publishedDraw(record);
}
