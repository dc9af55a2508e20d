import type { Kysely } from "kysely";
import { formatArgentinaInstant } from "~/lib/draw/countdown";
import { deleteMailsAbout, mailsAbout, type OutboxRow } from "~/lib/mail/outbox.server";
import { deleteRateLimit } from "~/lib/storage/rate-limit.server";
import type { Tables, WaitlistStatus } from "~/lib/storage/schema";
import { acknowledgementKey, deleteMessagesFrom, messagesFrom } from "./contact-rows.server";
import { CONFIRM_PATH, LEAVE_PATH, TOKEN_PARAMETER } from "./fields";
import { deleteNoticesTo, noticesTo } from "./survey-notice.server";
import { deleteWaitlistEntry, waitlistEntry, type WaitlistEntry } from "./waitlist-rows.server";

/**
 * Everything the database keeps about one address, for `npm run privacy` (docs/operations.md,
 * "Requests about personal data"): its waitlist row, the contact messages sent from it and the
 * mails about it (to it, or to the team answering it), the survey notices it was sent. The sheet, the support mailbox and the
 * draw records are not here: they hold no address (or are not in the database).
 */
export interface PersonalData {
  email: string;
  waitlist: WaitlistEntry | undefined;
  messages: Awaited<ReturnType<typeof messagesFrom>>;
  mails: OutboxRow[];
  /** The surveys the address was told of (`npm run waitlist:notify`), and when. */
  notices: { surveyUrl: string; queuedAt: number }[];
}

/** `email` must already be parsed (`parseEmailAddress`): rows hold the parsed form only. */
export async function personalData(db: Kysely<Tables>, email: string): Promise<PersonalData> {
  const [waitlist, messages, mails, notices] = await Promise.all([
    waitlistEntry(db, email),
    messagesFrom(db, email),
    mailsAbout(db, email),
    noticesTo(db, email),
  ]);
  return { email, waitlist, messages, mails, notices };
}

/** What `deletePersonalData` removed, per kind. */
export interface Deleted {
  waitlist: number;
  messages: number;
  mails: number;
  notices: number;
}

/**
 * Deletes everything `personalData` finds, in one transaction (all of it or, on an error,
 * nothing), and the daily counter of acknowledgements to the address, which is keyed by its
 * hash: nothing derived from the address stays.
 */
export function deletePersonalData(db: Kysely<Tables>, email: string): Promise<Deleted> {
  return db.transaction().execute(async (trx) => {
    const waitlist = await deleteWaitlistEntry(trx, email);
    const messages = await deleteMessagesFrom(trx, email);
    const mails = await deleteMailsAbout(trx, email);
    const notices = await deleteNoticesTo(trx, email);
    await deleteRateLimit(trx, await acknowledgementKey(trx, email));
    return { waitlist, messages, mails, notices };
  });
}

/** "25/11/2026, 11:03", Argentina time (every text below says so once). */
const when = (ms: number) => formatArgentinaInstant(new Date(ms).toISOString());

const STATUS: Record<WaitlistStatus, string> = {
  pending: "pendiente de confirmación",
  confirmed: "confirmada",
  unsubscribed: "dada de baja: no le escribimos más",
};

/**
 * A mail's personal links (confirm, delete) carry the address's token, which works as a
 * password for them: a printout that is forwarded or pasted elsewhere must not carry it.
 */
const PERSONAL_LINK = new RegExp(`((?:${CONFIRM_PATH}|${LEAVE_PATH})\\?${TOKEN_PARAMETER}=)[^\\s&>"]+`, "g");
const withoutTokens = (text: string) => text.replace(PERSONAL_LINK, "$1(oculto)");

/** Text kept as written, each line under a bar, so where it starts and ends is clear. */
const quoted = (text: string, indent: string) =>
  text
    .trimEnd()
    .split(/\r?\n/)
    .map((line) => `${indent}| ${line}`.trimEnd());

function describeWaitlist(entry: WaitlistEntry | undefined): string[] {
  if (!entry) return ["Aviso de encuestas: no figura en la lista."];
  const lines = [
    "Aviso de encuestas",
    `  Estado: ${STATUS[entry.status]}`,
    `  Pedido el: ${when(entry.subscribed_at)}`,
  ];
  if (entry.confirmed_at !== null) lines.push(`  Confirmado el: ${when(entry.confirmed_at)}`);
  if (entry.unsubscribed_at !== null) lines.push(`  Baja el: ${when(entry.unsubscribed_at)}`);
  if (entry.confirm_expires_at !== null) {
    lines.push(`  El enlace para confirmar vence el: ${when(entry.confirm_expires_at)}`);
  }
  if (entry.last_mail_at !== null) lines.push(`  Último email para confirmar: ${when(entry.last_mail_at)}`);
  return lines;
}

function describeMessages(messages: PersonalData["messages"]): string[] {
  if (messages.length === 0) return ["Mensajes de contacto: ninguno."];
  return [
    `Mensajes de contacto: ${messages.length}`,
    ...messages.flatMap((message, index) => [
      `  ${index + 1}. Enviado el ${when(message.created_at)}, con el nombre «${message.name}»:`,
      ...quoted(message.message, "     "),
    ]),
  ];
}

function mailState(mail: OutboxRow): string {
  if (mail.sent_at !== null) return `enviado el ${when(mail.sent_at)}`;
  const error = mail.last_error === null ? "" : ` Último error: ${mail.last_error}`;
  if (mail.gave_up_at !== null) return `no se pudo enviar; dejamos de intentarlo el ${when(mail.gave_up_at)}.${error}`;
  const tries = mail.attempts === 0 ? "todavía sin intentar" : `${mail.attempts} intentos fallidos`;
  return `en espera de envío (${tries}).${error}`;
}

function describeMails(mails: OutboxRow[]): string[] {
  if (mails.length === 0) return ["Emails: ninguno."];
  return [
    `Emails: ${mails.length}`,
    ...mails.flatMap((mail, index) => [
      `  ${index + 1}. «${mail.subject}»`,
      `     Para: ${mail.recipient}${mail.reply_to === null ? "" : ` (responder a: ${mail.reply_to})`}`,
      `     Guardado el: ${when(mail.created_at)}`,
      `     Estado: ${mailState(mail)}`,
      "     Texto:",
      ...quoted(withoutTokens(mail.text_body), "     "),
    ]),
  ];
}

/**
 * The answer to an access request, as plain Spanish text the organizer can forward: every
 * field kept about the address, dated. Left out, and said so: the tokens of the mail links,
 * and each mail's HTML version (the same text, formatted).
 */
export function describePersonalData(data: PersonalData, now: number): string {
  const nothing = !data.waitlist && data.messages.length === 0 && data.mails.length === 0 && data.notices.length === 0;
  return [
    `Datos guardados sobre ${data.email}`,
    `Consulta del ${when(now)}. Las fechas y horas están en hora de Argentina.`,
    "",
    nothing
      ? "El sitio de Opinion Labz no guarda ningún dato sobre esta dirección."
      : "Esto es todo lo que guarda la base de datos del sitio de Opinion Labz sobre esta dirección.",
    "",
    ...describeWaitlist(data.waitlist),
    "",
    ...describeMessages(data.messages),
    "",
    ...describeMails(data.mails),
    "",
    ...(data.notices.length > 0
      ? [
          "Avisos de encuestas abiertas que te mandamos:",
          ...data.notices.map((notice) => `  ${when(notice.queuedAt)}: ${notice.surveyUrl}`),
        ]
      : ["Avisos de encuestas abiertas: ninguno."]),
    ...(data.mails.length > 0
      ? [
          "",
          "Cada email se guarda también en formato HTML, con el mismo texto. Los enlaces personales (para",
          "confirmar o borrar la dirección) se muestran como «(oculto)»: funcionan como una contraseña.",
        ]
      : []),
    "",
  ].join("\n");
}

/** The receipt of a deletion: plain Spanish, dated, what went by kind, for the organizer to forward. */
export function deletionReceipt(email: string, deleted: Deleted, now: number): string {
  const nothing = deleted.waitlist + deleted.messages + deleted.mails + deleted.notices === 0;
  return [
    "Constancia de supresión de datos personales",
    "",
    `Fecha: ${when(now)} (hora de Argentina)`,
    `Dirección de email: ${email}`,
    "",
    nothing
      ? "La base de datos del sitio de Opinion Labz no guardaba ningún dato sobre esta dirección: no había nada para borrar."
      : "Borramos de la base de datos del sitio de Opinion Labz todo lo que guardaba sobre esta dirección:",
    "",
    `  Inscripción al aviso de encuestas: ${deleted.waitlist}`,
    `  Mensajes de contacto: ${deleted.messages}`,
    `  Emails enviados o por enviar: ${deleted.mails}`,
    `  Registros de avisos de encuestas: ${deleted.notices}`,
    "",
    "Si más adelante te volvés a anotar o nos escribís, vamos a guardar solo lo que nos mandes de nuevo.",
    "",
    "Opinion Labz",
    "",
  ].join("\n");
}
