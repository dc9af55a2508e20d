import { checkBeacon, QUICKNET } from "~/lib/draw/drand-beacon";
import { DRAND_RELAYS, fetchRoundSignature } from "~/lib/draw/drand.server";
import { drawVerdict } from "~/lib/draw/draw-verdict";
import type { RecordedDraw } from "~/lib/draw/published-draw";
import { witnessRoots } from "~/lib/draw/timestamp-authorities.server";
import { quicknetRoundTime } from "~/lib/draw/quicknet-rounds";
import { enqueueMail, type OutgoingMail } from "~/lib/mail/outbox.server";
import { renderDrawRecordMail } from "~/lib/mail/templates/draw-record-mail.server";
import { env } from "~/lib/server/env.server";
import { countOf } from "~/lib/ui/wording";
import { storage } from "~/lib/storage/database.server";
import { DrawRefused } from "./draw-refused";
import { drawnOf, pendingOf, publishedDraw, upcomingCommitment } from "./published-records.server";
import { CLAIM_PERIOD_MS, discardRehearsal, prizeCalendar, recordClaim } from "./prize.server";
import { redraw, runDraw, type CheckedBeacon, type ListWitnesses } from "./rounds.server";
import { describeCalendar, describeDraw, describeUpcoming, VERDICTS } from "./record-text.server";
import { loadSheetEntries } from "./sheet-entries.server";
import { drawMonth, line, spokenInstant } from "./command-text";
import {
  drawRecords,
  frozenList,
  latestDue,
  witnessesOf,
  type DrawRecord,
  type DrawRow,
  type DrawSummary,
} from "./stored-draws.server";
import {
  askMissingWitnesses,
  fixedStatement,
  storedWitnessFindings,
  validWitnesses,
  witnessConfig,
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
async function recordMail(view: RecordedDraw): Promise<OutgoingMail> {
  const claimBy = Date.parse(view.drawAt) + view.rounds.length * CLAIM_PERIOD_MS;
  const mail = await renderDrawRecordMail({ siteUrl: env.siteUrl, draw: view, claimBy });
  return { kind: "draw-record", to: env.contactEmail.value, ...mail };
}

/** The server's check of a record, on the list as stored: the badge the pages show, and why not verified. */
async function verdictOf({ draw }: DrawRecord<DrawSummary>, view: RecordedDraw) {
  const text = await frozenList(storage.db, draw.draw_at);
  const list = text === null ? { problem: "la lista no está guardada" } : { bytes: new TextEncoder().encode(text) };
  return drawVerdict(view, list, await storedWitnessFindings(storage.db, view));
}

async function describeVerdict(record: DrawRecord<DrawSummary>, view: RecordedDraw): Promise<string> {
  const { verdict, failed } = await verdictOf(record, view);
  const why = failed.map((check) => `${check.value.toLowerCase()} (${check.detail})`).join("; ");
  return line("comprobación", verdict === "mismatch" ? `${VERDICTS.mismatch}: ${why}` : VERDICTS[verdict]);
}

/**
 * `npm run draw -- status`: the upcoming draw, then every drawn month, its check and its prize's
 * calendar. Only reads: committing and freezing are the server's (docs/draw.md, "Commit, freeze,
 * reveal").
 */
export async function drawStatus(): Promise<string> {
  const records = await drawRecords(storage.db);
  const pending = pendingOf(records);
  const now = drawNow();
  const sections = [
    pending
      ? describeUpcoming(upcomingCommitment(pending))
      : "No hay un próximo sorteo comprometido: el servidor lo compromete al arrancar (¿corre contra esta base de datos?).",
  ];
  const due = records.find(({ draw }) => draw.draw_at <= now);
  if (due && due.draw.list_hash === null && due.rounds.length === 0 && due !== pending) {
    sections.push(
      `El sorteo del ${spokenInstant(due.draw.draw_at)} no tiene la lista congelada: el servidor la congela en el momento del sorteo (¿corría entonces?); \`run\` la congela ahora si hace falta.`,
    );
  }
  for (const record of drawnOf(records)) {
    const view = publishedDraw(record);
    sections.push(
      [describeDraw(view), await describeVerdict(record, view), ...describeCalendar(record, view)].join("\n"),
    );
  }
  return sections.join("\n\n");
}

/**
 * `npm run draw -- status --json`: what `drawStatus` says, as data for a script or a monitor:
 * the upcoming draw, a due draw whose list was never frozen, and each drawn month's record (as
 * its `sorteo.json` publishes it), the server's check of it and its prize's calendar.
 */
export async function drawStatusData() {
  const records = await drawRecords(storage.db);
  const pending = pendingOf(records);
  const now = drawNow();
  const due = records.find(({ draw }) => draw.draw_at <= now);
  const unfrozen = due && due.draw.list_hash === null && due.rounds.length === 0 && due !== pending;
  return {
    now: new Date(now).toISOString(),
    upcoming: pending ? upcomingCommitment(pending) : null,
    unfrozenDrawAt: unfrozen ? new Date(due.draw.draw_at).toISOString() : null,
    draws: await Promise.all(
      drawnOf(records).map(async (record) => {
        const view = publishedDraw(record);
        const { verdict, failed } = await verdictOf(record, view);
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
async function askWitnesses(draw: DrawRow, kind: "commitment" | "list"): Promise<void> {
  const config = witnessConfig();
  const statement = await fixedStatement(storage.db, draw, kind);
  const round = await askMissingWitnesses(storage.db, draw.draw_at, kind, statement, config, drawNow);
  const what = kind === "commitment" ? "el compromiso" : "la lista";
  for (const witnessed of round.stored) {
    console.error(`El testigo ${witnessed.authority} selló ${what} el ${spokenInstant(witnessed.facts.stampedAt)}`);
  }
  for (const failure of round.failures) console.error(`Testigo: ${failure.message} (${failure.reason})`);
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

/**
 * `npm run draw -- run` and `redraw [<YYYY-MM>]`: the record as published, mailed to the team in
 * the same transaction.
 */
export async function drawCommand(
  command: { kind: "run" } | { kind: "redraw"; month: string | null },
  signature: string | null,
): Promise<RecordedDraw> {
  const options = {
    beaconFor: (round: number) => checkedBeacon(round, signature),
    rehearsal: env.draw.rehearsalKey !== null,
    now: drawNow(),
    onRecorded: async (trx: Parameters<typeof enqueueMail>[0], record: DrawRecord) => {
      await enqueueMail(trx, await recordMail(publishedDraw(record)), Date.now());
    },
    listWitnesses,
  };
  const record =
    command.kind === "run"
      ? await runDraw(storage.db, loadSheetEntries, options)
      : await redraw(storage.db, command.month, options);
  if (command.kind === "run") {
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

/** `npm run draw -- claimed <YYYY-MM>`: the record, now saying the prize was delivered. */
export async function claimedCommand(month: string): Promise<RecordedDraw> {
  return publishedDraw(await recordClaim(storage.db, month, drawNow()));
}

/** `npm run draw -- discard <YYYY-MM>`: what was removed, and what `run` does now. */
export async function discardCommand(month: string): Promise<string> {
  const removed = await discardRehearsal(storage.db, month);
  const due = await latestDue(storage.db, drawNow());
  const drawable = due !== undefined && drawMonth(due.draw_at) === month;
  return [
    `Se descartó el ensayo del sorteo de ${month}: ${countOf(removed.length, "ronda", "rondas")}. Su compromiso y su lista congelada quedan.`,
    drawable
      ? "El sorteo queda sin hacer: `npm run draw -- run` lo hace con el valor de drand de su ronda."
      : "No es el sorteo pendiente: `npm run draw -- run` hace solo el último cuya hora ya pasó.",
    "El mail del ensayo al equipo ya se encoló cuando se hizo: no cuenta.",
  ].join("\n");
}
