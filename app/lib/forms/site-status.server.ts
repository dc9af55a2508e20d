import type { Kysely } from "kysely";
import { formatArgentinaInstant } from "~/lib/draw/countdown";
import {
  budgetsNow,
  MAIL_BUDGETS,
  mailBudgets,
  type BudgetsNow,
  type MailBudgets,
} from "~/lib/mail/mail-budget.server";
import { outboxBacklog, type OutboxHealth } from "~/lib/mail/outbox.server";
import type { DatabaseKind } from "~/lib/storage/open-storage.server";
import type { Tables } from "~/lib/storage/schema";
import { countOf, elapsed, pluralForm } from "~/lib/ui/wording";
import { describeDraw, drawAttention, drawsNow, type DrawWitnessing, type MissedDay } from "./draw-status.server";
import type { InstanceReport } from "./server-health.server";
import { noticeProgress, type NoticeProgress } from "./survey-notice.server";

/** A server that has reported in this long is listed as running; older reports as gone quiet. */
const RUNNING_WITHIN_MS = 60_000;

/**
 * Everything /healthz no longer tells, for the organizer (`npm run status`,
 * docs/decisions/070-health-says-status-details-in-a-command.md): each server's own report (the
 * sheet it serves, its age, its last error; its mail budgets), the outbox, this hour's budgets and
 * the latest survey notice, read from the database every server writes to.
 */
export interface SiteStatus {
  now: number;
  database: DatabaseKind;
  /** Reports of the last day, newest first. */
  servers: { id: string; startedAt: number; seenAt: number; running: boolean; report: InstanceReport }[];
  outbox: OutboxHealth;
  budgets: MailBudgets & { spent: BudgetsNow };
  notice: NoticeProgress | null;
  /** Mails the outbox gave up on in the last 24 hours, by kind ("waitlist-confirm", "contact"…). */
  givenUpToday: Record<string, number>;
  /** The draw under way and its list's seals; null with none registered. */
  draw: DrawWitnessing | null;
  /** A day with no draw in the last 24 hours. */
  missedDraw: MissedDay | null;
}

/** Mails given up since `since`, counted by kind. */
async function givenUpSince(db: Kysely<Tables>, since: number): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("outbox")
    .select(["kind", (eb) => eb.fn.countAll<number>().as("count")])
    .where("gave_up_at", ">", since)
    .groupBy("kind")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.kind, Number(row.count)]));
}

/** The servers' reports of the last day, newest first; `running` those heard from in the last minute. */
export async function serversSeen(db: Kysely<Tables>, now: number): Promise<SiteStatus["servers"]> {
  const rows = await db.selectFrom("instances").selectAll().orderBy("seen_at", "desc").execute();
  return rows
    .map((row) => ({
      id: row.id,
      startedAt: Number(row.started_at),
      seenAt: Number(row.seen_at),
      report: JSON.parse(row.report) as InstanceReport,
    }))
    .map((server) => ({
      ...server,
      running: server.report.stoppedAt === undefined && server.seenAt > now - RUNNING_WITHIN_MS,
    }));
}

/** Reports written more than a day ago: servers long gone. The forms sweep deletes them. */
export async function deleteOldReports(db: Kysely<Tables>, now: number): Promise<void> {
  await db
    .deleteFrom("instances")
    .where("seen_at", "<", now - 24 * 60 * 60_000)
    .execute();
}

export async function siteStatus(db: Kysely<Tables>, database: DatabaseKind, now: number): Promise<SiteStatus> {
  const servers = await serversSeen(db, now);
  // The servers' own figures (the last to report), which this command's environment may not repeat.
  const budgets = servers[0] ? mailBudgets(servers[0].report.mailsPerHour) : MAIL_BUDGETS;
  const [outbox, spent, notices, givenUpToday, draws] = await Promise.all([
    outboxBacklog(db, now),
    budgetsNow(db, budgets, now),
    noticeProgress(db),
    givenUpSince(db, now - DAY_MS),
    drawsNow(db, now),
  ]);
  return {
    now,
    database,
    servers,
    outbox,
    budgets: { ...budgets, spent },
    notice: notices[0] ?? null,
    givenUpToday,
    ...draws,
  };
}

const when = (ms: number) => formatArgentinaInstant(new Date(ms).toISOString());

const SOURCES: Record<InstanceReport["sheet"]["source"], string> = {
  url: "la planilla publicada (PARTICIPANTS_CSV_URL)",
  file: "un archivo CSV (PARTICIPANTS_CSV_URL)",
  sample: "la planilla de EJEMPLO incluida (PARTICIPANTS_CSV_URL sin configurar)",
};

function describeSheet({ sheet }: InstanceReport, now: number): string {
  const source = SOURCES[sheet.source];
  const error = sheet.lastError === null ? "" : ` Último error: «${sheet.lastError}».`;
  if (sheet.fetchedAt === null) {
    return sheet.lastError === null
      ? `Participantes: ${source}, todavía cargando la primera copia.`
      : `Participantes: ${source}, sin ninguna copia: el sitio muestra el error.${error}`;
  }
  const age = elapsed(Math.max(0, Math.round((now - Date.parse(sheet.fetchedAt)) / 1000)));
  return `Participantes: ${source}, ${countOf(sheet.count, "fila", "filas")}, bajadas hace ${age}.${error || " Sin errores."}`;
}

/** A due mail waiting longer than this means no server is sending: SMTP down or refusing, or SMTP_URL unset. */
const MAIL_LATE_SECONDS = 15 * 60;
const DAY_MS = 24 * 60 * 60_000;

/** The kinds of mail the team is waiting for: one given up is a message or a record that never arrived. */
const TEAM_KINDS: Record<string, [one: string, other: string]> = {
  contact: ["un mensaje de /contacto", "mensajes de /contacto"],
  "draw-record": ["el registro de un sorteo", "registros de sorteos"],
};

/** Mails given up in the last 24 hours: one line, and one more for the team's. */
function givenUpAttention(givenUp: Record<string, number>): string[] {
  const total = Object.values(givenUp).reduce((sum, count) => sum + count, 0);
  if (total === 0) return [];
  const team = Object.entries(TEAM_KINDS).filter(([kind]) => (givenUp[kind] ?? 0) > 0);
  return [
    `${countOf(total, "email abandonado", "emails abandonados")} en las últimas 24 horas: el servidor SMTP los rechazó para siempre o no los pudo mandar en 7 días; revisá el log ("mail.given_up") y SMTP_URL.`,
    ...team.map(([kind, [one, other]]) => {
      const count = givenUp[kind]!;
      return `${countOf(count, "email al equipo (CONTACT_EMAIL) no llegó", "emails al equipo (CONTACT_EMAIL) no llegaron")}: ${pluralForm(count, one, other)}. Está en el outbox: npm run privacy -- show <email> lo muestra.`;
    }),
  ];
}

/**
 * What the organizer should look at, one Spanish line each (none when all is well): no server
 * heard from in the last minute, a server whose sheet fails, a due mail waiting 15 minutes.
 * `npm run status` exits 3 when there is any.
 */
export function needsAttention({ servers, outbox, givenUpToday, draw, missedDraw, now }: SiteStatus): string[] {
  const running = servers.filter((server) => server.running);
  return [
    ...(running.length === 0 ? ["Ningún servidor dio señales en el último minuto."] : []),
    ...running
      .filter((server) => server.report.sheet.lastError !== null)
      .map((server) => `${server.id} no pudo actualizar la planilla: «${server.report.sheet.lastError}».`),
    ...(outbox.oldestAgeSeconds !== null && outbox.oldestAgeSeconds > MAIL_LATE_SECONDS
      ? [
          `Hay emails esperando desde hace ${elapsed(outbox.oldestAgeSeconds)}: revisá SMTP_URL y el log de los servidores ("mail.retry").`,
        ]
      : []),
    ...givenUpAttention(givenUpToday),
    ...drawAttention(draw, missedDraw, now),
  ];
}

/** The status as plain Spanish text, one fact a line. */
export function describeSiteStatus(status: SiteStatus): string {
  const { outbox, budgets, notice, now } = status;
  const { visitors, team, spent } = budgets;
  const attention = needsAttention(status);
  return [
    `Estado de Opinion Labz al ${when(now)} (hora de Argentina)`,
    "",
    `Base de datos: ${status.database === "postgres" ? "PostgreSQL (DATABASE_URL)" : "el archivo embebido (DATA_DIR)"}, responde.`,
    "",
    "Servidores (los que dieron señales en las últimas 24 horas)",
    ...(status.servers.length === 0
      ? ["  Ninguno: no hay un servidor corriendo contra esta base de datos."]
      : status.servers.flatMap((server) => [
          `  ${server.id}: ${server.running ? "funcionando" : server.report.stoppedAt !== undefined ? `se detuvo el ${when(server.report.stoppedAt)}` : "sin señales"}; arrancó el ${when(server.startedAt)}, última señal hace ${elapsed(Math.round((now - server.seenAt) / 1000))}.`,
          `    ${describeSheet(server.report, now)}`,
        ])),
    "",
    "Emails en el outbox",
    `  En espera: ${outbox.pending}${outbox.oldestAgeSeconds === null ? "" : ` (el más viejo, desde hace ${elapsed(outbox.oldestAgeSeconds)})`}.`,
    `  Abandonados en los últimos 30 días: ${outbox.givenUp}.`,
    "",
    "Emails de esta hora",
    `  A visitantes: ${spent.visitors} de ${visitors.perHour} (FORM_MAILS_PER_HOUR). Cada cliente (una dirección IPv4 o un /56 de IPv6) puede gastar ${visitors.perClient}; cada red (un /24 o un /48), ${visitors.perNetwork}; a cada dominio salen ${visitors.perDomain} por hora (Gmail y los otros grandes, ${visitors.perLargeProvider}).`,
    `    Clientes que ya gastaron su parte: ${spent.spentShares.visitorClients}. Redes: ${spent.spentShares.networks}.`,
    `  Al equipo desde /contacto: ${spent.team} de ${team.perHour} (CONTACT_MAILS_PER_HOUR). Cada cliente puede mandar ${team.perClient}; cada red, ${team.perNetwork}.`,
    `    Clientes que ya gastaron su parte: ${spent.spentShares.teamClients}.`,
    "",
    ...describeDraw(status.draw),
    "",
    notice === null
      ? "Avisos de encuestas (npm run waitlist:notify): ninguno todavía."
      : `Último aviso de encuesta: ${notice.surveyUrl}, desde el ${when(notice.startedAt)}: ${countOf(notice.queued, "encolado", "encolados")}, ${countOf(notice.sent, "enviado", "enviados")}, ${notice.waiting} por enviar, ${countOf(notice.givenUp, "abandonado", "abandonados")}.`,
    "",
    ...(attention.length === 0 ? ["Todo en orden."] : ["Para revisar:", ...attention.map((line) => `  - ${line}`)]),
    "",
  ].join("\n");
}
