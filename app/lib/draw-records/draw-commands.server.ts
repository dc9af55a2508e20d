import type { PublishedWitnesses, RecordedDraw } from "~/lib/draw/published-draw";
import { checkBeacon, QUICKNET } from "~/lib/draw/drand-beacon";
import { DRAND_RELAYS, fetchRoundSignature } from "~/lib/draw/drand.server";
import { beaconRound, quicknetRoundTime } from "~/lib/draw/verifiable-draw";
import { enqueueMail, type OutgoingMail } from "~/lib/mail/outbox.server";
import { renderDrawRecordMail } from "~/lib/mail/templates/draw-record-mail.server";
import { env } from "~/lib/server/env.server";
import { storage } from "~/lib/storage/database.server";
import { DrawRefused } from "./draw-refused";
import { drawnOf, pendingOf, publishedDraw, upcomingCommitment } from "./published-records.server";
import { CLAIM_PERIOD_MS, recordClaim, redraw, runDraw, type CheckedBeacon, type ListWitnesses } from "./rounds.server";
import { loadSheetEntries } from "./sheet-entries.server";
import { drawRecords, witnessesOf, type DrawRecord, type DrawRow } from "./stored-draws.server";
import { witnessRoots } from "~/lib/draw/timestamp-authorities.server";
import { askMissingWitnesses, fixedStatement, validWitnesses, witnessConfig } from "./witnesses.server";

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
    const fixed = beaconRound(new Date(view.drawAt), 0);
    if (index === 0 && round.drandRound !== fixed) {
      lines.push(
        `                moved from drand round ${fixed}: no seal of the list came before it was published (docs/draw.md, "The order, proven")`,
      );
    }
  });
  if (view.claimedAt) lines.push(`  prize:        delivered on ${view.claimedAt}`);
  lines.push(...describeSeals(view.witnesses));
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

/** A record's seals as `status` prints them: each authority's time, and which configured ones have none yet. */
function describeSeals(witnesses: PublishedWitnesses): string[] {
  const authorities = witnessConfig().authorities;
  return (["commitment", "list"] as const).flatMap((kind) => {
    const statement = witnesses[kind];
    if (statement === null) return [];
    const sealed = statement.tokens.map((token) => `${token.authority} at ${token.stampedAt}`);
    const missing = authorities.filter((authority) => !statement.tokens.some((token) => token.authority === authority));
    return [
      `  seals:        ${kind}: ${[...sealed, ...(missing.length > 0 ? [`missing ${missing.join(", ")}`] : [])].join("; ") || "none yet"}`,
    ];
  });
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
          ...describeSeals(upcoming.witnesses),
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
  // A round not yet out has no value anyone knows: a signature given for it is no exception.
  if (drawNow() < publishedAt) {
    throw new DrawRefused(`drand round ${round} is published at ${iso(publishedAt)}: run the command after that`);
  }
  let signed = signature;
  if (signed === null) {
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

/**
 * Asks the authorities that have no token yet over `draw`'s statement of `kind` (the server
 * asks first; the command only where it has not), saying on stderr what each did.
 */
async function askWitnesses(draw: DrawRow, kind: "commitment" | "list"): Promise<void> {
  const config = witnessConfig();
  const statement = await fixedStatement(storage.db, draw, kind);
  const round = await askMissingWitnesses(storage.db, draw.draw_at, kind, statement, config, drawNow);
  for (const witnessed of round.stored) {
    console.error(`Witness ${witnessed.authority} stamped the ${kind} at ${iso(witnessed.facts.stampedAt)}`);
  }
  for (const failure of round.failures) console.error(`Witness ${failure.message} (${failure.reason})`);
}

/**
 * The list's witnesses as the order rule counts them: the stored tokens that are valid today
 * against Mozilla's roots and TIMESTAMP_ROOTS, over the statement the record's values make; the
 * authorities are asked first when none is valid (the server never got one).
 */
async function listWitnesses(draw: DrawRow): Promise<ListWitnesses> {
  const roots = witnessRoots(witnessConfig().rootsFile);
  let checked = await validWitnesses(storage.db, draw, "list", roots);
  if (checked.valid.length === 0) {
    await askWitnesses(draw, "list");
    checked = await validWitnesses(
      storage.db,
      { ...draw, list_statement: await fixedStatement(storage.db, draw, "list") },
      "list",
      roots,
    );
  }
  return {
    witnessedAt: checked.valid.map((witness) => witness.latestAt),
    rows: await witnessesOf(storage.db, draw.draw_at),
    problems: checked.problems,
  };
}

/** `npm run draw -- run` and `redraw`: the record as published, mailed to the team in the same transaction. */
export async function drawCommand(command: "run" | "redraw", signature: string | null): Promise<RecordedDraw> {
  const now = drawNow();
  const options = {
    beaconFor: (round: number) => checkedBeacon(round, signature),
    now,
    onRecorded: async (trx: Parameters<typeof enqueueMail>[0], record: DrawRecord) => {
      await enqueueMail(trx, await recordMail(publishedDraw(record)), Date.now());
    },
    listWitnesses,
  };
  const record =
    command === "run" ? await runDraw(storage.db, loadSheetEntries, options) : await redraw(storage.db, options);
  if (command === "run") {
    // The run committed the next draw's seed: its witnesses now, as the server would.
    const next = await storage.db
      .selectFrom("draws")
      .selectAll()
      .where("draw_at", ">", record.draw.draw_at)
      .orderBy("draw_at")
      .limit(1)
      .executeTakeFirst();
    if (next) await askWitnesses(next, "commitment");
  }
  return publishedDraw(record);
}
