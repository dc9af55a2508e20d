import { checkBeacon, QUICKNET } from "~/lib/draw/drand-beacon";
import { beaconRound } from "~/lib/draw/quicknet-rounds";
import { DRAND_RELAYS, fetchRoundSignature } from "~/lib/draw/drand.server";
import { lowerFirst } from "~/lib/draw/draw-checks";
import { drawVerdict } from "~/lib/draw/draw-verdict";
import type { PublishedDraw } from "~/lib/draw/published-draw";
import { quicknetRoundTime } from "~/lib/draw/quicknet-rounds";
import { enqueueMail, type OutgoingMail } from "~/lib/mail/outbox.server";
import { renderDrawRecordMail } from "~/lib/mail/templates/draw-record-mail.server";
import { env } from "~/lib/server/env.server";
import { parseEmailAddress } from "~/lib/server/email-address.server";
import { countOf } from "~/lib/ui/wording";
import { storage } from "~/lib/storage/database.server";
import { DrawRefused } from "./draw-refused";
import { queueListNotices, queueWinnerNotices } from "./draw-notices.server";
import { drawsForStatus } from "./status-draws.server";
import { publishedDraw } from "./published-records.server";
import { claimUntil, discardRehearsal, prizeCalendar, recordClaim, settleClaim } from "./prize.server";
import { redraw, runDraw, type CheckedBeacon, type ListWitnesses } from "./rounds.server";
import { describeCalendar, describeDraw, describeMissed, describeUpcoming, VERDICTS } from "./record-text.server";
import { loadSheetEntries } from "./sheet-entries.server";
import { REMINDER_BEFORE_MS, tellWinner } from "./winner-notices.server";
import { drawMonth, line, spokenInstant } from "./command-text";
import { drawRecords, frozenList, latestDue, witnessesOf, type DrawRecord, type DrawRow } from "./stored-draws.server";
import {
  askMissingWitnesses,
  listSealedInTime,
  storedWitnessFindings,
  witnessConfig,
  STATEMENT_COLUMN,
} from "./witnesses.server";

/**
 * The organizer's draw commands (`npm run draw`, other/draw.ts; docs/operations.md, "Draw day"),
 * in Spanish as the organizer's other commands: what each prints and mails, the beacon's check,
 * and the commands' clock. Every instant is said in Argentina time, then exactly.
 */

/** The draw commands' "now": DRAW_NOW in tests only (see env.server.ts), else the clock. */
function drawNow(): number {
  return env.drawNow ?? Date.now();
}

/** The record, mailed to the team: the latest round's winner may claim until its redraw is allowed. */
async function recordMail(view: PublishedDraw): Promise<OutgoingMail> {
  const claimBy = claimUntil(Date.parse(view.drawAt), view.rounds.length - 1);
  const mail = await renderDrawRecordMail({ siteUrl: env.siteUrl, draw: view, claimBy });
  return { kind: "draw-record", to: env.contactEmail.value, ...mail };
}

/** The server's check of a record, on the list as stored: the badge the pages show, and why not verified. */
async function verdictOf(drawAt: number, view: PublishedDraw) {
  const text = await frozenList(storage.db, drawAt);
  const list = text === null ? { problem: "la lista no está guardada" } : { bytes: new TextEncoder().encode(text) };
  return drawVerdict(view, list, await storedWitnessFindings(storage.db, view));
}

async function describeVerdict(drawAt: number, view: PublishedDraw): Promise<string> {
  const { verdict, failed } = await verdictOf(drawAt, view);
  const why = failed.map((check) => `${lowerFirst(check.value)} (${check.detail})`).join("; ");
  return line("comprobación", verdict === "mismatch" ? `${VERDICTS.mismatch}: ${why}` : VERDICTS[verdict]);
}

/**
 * `npm run draw -- status`: the draw under way (and, after a day with no draw, that it will not
 * happen and what comes next), then every drawn month, its check and its prize's calendar. Only
 * reads: writing records and freezing are the server's (docs/draw.md, "Freeze, seal, draw"). Its
 * view is the pages' own (the same snapshot and the same checks, against the same roots).
 */
export async function drawStatus(): Promise<string> {
  const now = drawNow();
  const { upcoming, draws, missed } = await statusView(now);
  const sections: string[] = missed.map(describeMissed);
  sections.push(
    upcoming
      ? describeUpcoming(upcoming, now)
      : "No hay un próximo sorteo registrado: el servidor lo registra al arrancar (¿corre contra esta base de datos?).",
  );
  for (const { view, record } of draws) {
    sections.push(
      [describeDraw(view), await describeVerdict(record.draw.draw_at, view), ...describeCalendar(record, view)].join(
        "\n",
      ),
    );
  }
  return sections.join("\n\n");
}

/** What `status` reads: the draw under way, the days with no draw it tells, and each drawn month with its record. */
async function statusView(now: number) {
  const { snapshot, upcoming, draws, missed } = await drawsForStatus(storage.db, now);
  return {
    upcoming,
    // A day with no draw is told for 40 days: past the next draw, its record says the rest.
    missed: missed.filter((day) => Date.parse(day.drawAt) > now - 40 * 24 * 60 * 60 * 1000),
    draws: draws.map((view) => ({ view, record: snapshot.checked.find((checked) => checked.shown === view)!.record })),
  };
}

/**
 * `npm run draw -- status --json`: what `drawStatus` says, as data for a script or a monitor:
 * the upcoming draw, the recent days with no draw, and each drawn month's record (as its
 * `sorteo.json` publishes it), the server's check of it and its prize's calendar.
 */
export async function drawStatusData() {
  const now = drawNow();
  const { upcoming, draws, missed } = await statusView(now);
  return {
    now: new Date(now).toISOString(),
    upcoming,
    missed,
    draws: await Promise.all(
      draws.map(async ({ view, record }) => {
        const { verdict, failed } = await verdictOf(record.draw.draw_at, view);
        return { record: view, check: { verdict, failed }, calendar: prizeCalendar(record) };
      }),
    ),
  };
}

/**
 * The value of drand `round`, checked: from `signature` when the operator copied it from a
 * relay, else asked of drand's relays. Checked against quicknet's key, or the rehearsal key
 * where one is set (development and tests only). Refused with the reason, before anything is
 * recorded.
 */
async function checkedBeacon(round: number, signature: string | null): Promise<CheckedBeacon> {
  const rehearsalKey = env.draw.rehearsalKey;
  const publishedAt = quicknetRoundTime(round);
  // A round not yet out has no value anyone knows: a signature given for it is no exception.
  if (drawNow() < publishedAt) {
    throw new DrawRefused(
      `drand publica la ronda ${round} el ${spokenInstant(publishedAt)}: corré el comando después de esa hora`,
    );
  }
  let signed = signature;
  if (signed === null) {
    try {
      signed = await fetchRoundSignature(round, env.draw.relays ?? DRAND_RELAYS, env.draw.relayTimeoutMs);
    } catch (error) {
      throw new DrawRefused(
        `${(error as Error).message}. Sin los relays de drand, pasá --signature <hex> copiada de uno de ellos`,
      );
    }
  }
  const check = checkBeacon(round, signed, rehearsalKey ?? QUICKNET.publicKey);
  if (!check.ok) {
    throw new DrawRefused(
      rehearsalKey ? `con la clave de ensayo, ${check.problem}` : `no es el valor de drand: ${check.problem}`,
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
async function askWitnesses(draw: DrawRow, kind: "list" | "claim"): Promise<void> {
  const statement = draw[STATEMENT_COLUMN[kind]];
  if (statement === null) return;
  const round = await askMissingWitnesses(storage.db, draw.draw_at, kind, statement, witnessConfig(), drawNow);
  const what = kind === "list" ? "la lista" : "el reclamo";
  for (const witnessed of round.stored) {
    const who = witnessed.facts.organization ?? witnessed.authority;
    console.error(`El testigo ${who} selló ${what} el ${spokenInstant(witnessed.facts.stampedAt)}`);
  }
  for (const failure of round.failures) console.error(`Testigo: ${failure.message} (${failure.reason})`);
}

/**
 * The list's witnesses as the order rule counts them: the stored tokens that are valid today
 * against the public roots (and, in development and tests, the test roots), over the statement
 * the record's values make; before the round, the authorities are asked first when two
 * independent ones have not sealed it yet (the server never got them). After the round, nothing
 * is asked: a seal then counts for nothing.
 */
async function listWitnesses(draw: DrawRow): Promise<ListWitnesses> {
  let checked = await listSealedInTime(storage.db, draw);
  if (!checked.inTime && drawNow() < quicknetRoundTime(beaconRound(new Date(draw.draw_at), 0))) {
    await askWitnesses(draw, "list");
    checked = await listSealedInTime(storage.db, draw);
  }
  return { inTime: checked.inTime, rows: await witnessesOf(storage.db, draw.draw_at), problems: checked.problems };
}

/**
 * `npm run draw -- run` and `redraw [<YYYY-MM>]`: the record as published, mailed to the team in
 * the same transaction.
 */
export async function drawCommand(
  command: { kind: "run" } | { kind: "redraw"; month: string | null },
  signature: string | null,
): Promise<PublishedDraw> {
  const now = drawNow();
  const options = {
    beaconFor: (round: number) => checkedBeacon(round, signature),
    rehearsal: env.draw.rehearsalKey !== null,
    now,
    onRecorded: async (trx: Parameters<typeof enqueueMail>[0], record: DrawRecord) => {
      await enqueueMail(trx, await recordMail(publishedDraw(record)), Date.now());
      await queueWinnerNotices(trx, record.draw, record.rounds.at(-1)!, Date.now());
    },
    onFrozen: (trx: Parameters<typeof enqueueMail>[0], draw: DrawRow) => queueListNotices(trx, draw, Date.now()),
    listWitnesses,
  };
  const record =
    command.kind === "run"
      ? await runDraw(storage.db, loadSheetEntries, options)
      : await redraw(storage.db, command.month, options);
  return publishedDraw(record);
}

/**
 * `npm run draw -- claimed <YYYY-MM>`: the claim statement written and sealed by the
 * authorities now; the record, saying whether the claim counts (two seals before the next
 * redraw's round). A claim not sealed yet is refused as not counting, and the server keeps asking
 * for its seals until that round.
 */
export async function claimedCommand(month: string): Promise<PublishedDraw> {
  const { record, deadline } = await recordClaim(storage.db, month, drawNow());
  const draw = await storage.db
    .selectFrom("draws")
    .selectAll()
    .where("draw_at", "=", record.draw.draw_at)
    .executeTakeFirstOrThrow();
  await askWitnesses(draw, "claim");
  const counted = await settleClaim(storage.db, draw.draw_at);
  if (counted === null) {
    throw new DrawRefused(
      `el reclamo de ${month} quedó escrito pero todavía no cuenta: le faltan los sellos de dos autoridades independientes, que el servidor sigue pidiendo hasta el ${spokenInstant(deadline)}; si no llegan antes, el resorteo vale`,
    );
  }
  const [updated] = (await drawRecords(storage.db)).filter(({ draw: row }) => row.draw_at === draw.draw_at);
  return publishedDraw(updated!);
}

/** `npm run draw -- discard <YYYY-MM>`: what was removed, and what `run` does now. */
export async function discardCommand(month: string): Promise<string> {
  const removed = await discardRehearsal(storage.db, month);
  const due = await latestDue(storage.db, drawNow());
  const drawable = due !== undefined && drawMonth(due.draw_at) === month;
  return [
    `Se descartó el ensayo del sorteo de ${month}: ${countOf(removed.length, "ronda", "rondas")}. Su lista congelada y sus sellos quedan.`,
    drawable
      ? "El sorteo queda sin hacer: `npm run draw -- run` lo hace con el valor de drand de su ronda."
      : "No es el sorteo pendiente: `npm run draw -- run` hace solo el último cuya hora ya pasó.",
    "El mail del ensayo al equipo ya se encoló cuando se hizo: no cuenta.",
  ].join("\n");
}

/**
 * `npm run draw -- tell-winner <YYYY-MM> <email>`: the winner's mail queued (the server sends it),
 * with until when they may claim, when the reminder leaves, and the earlier tellings it replaced.
 */
export async function tellWinnerCommand(month: string, typed: string): Promise<string> {
  const email = parseEmailAddress(typed);
  if (email === null) {
    throw new DrawRefused(
      `${JSON.stringify(typed)} no es una dirección de email que el sitio acepte: escribila como nombre@ejemplo.com, sin nombre ni comillas`,
    );
  }
  const told = await tellWinner(storage.db, month, email, drawNow());
  const round = told.round === 0 ? "" : `, resorteo ${told.round}`;
  return [
    `Aviso al ganador del sorteo de ${month} (ID ${told.winnerId}${round}) en la casilla de salida, para ${told.email}: el servidor lo envía, con el enlace para reclamar.`,
    line("puede reclamar", `hasta el ${spokenInstant(told.until)}`),
    line("recordatorio", `el ${spokenInstant(told.until - REMINDER_BEFORE_MS)}, si todavía no reclamó`),
    ...(told.toldBefore > 0
      ? [
          line(
            "avisos anteriores",
            `${countOf(told.toldBefore, "enlace dejó", "enlaces dejaron")} de funcionar, y su dirección se borró`,
          ),
        ]
      : []),
  ].join("\n");
}
