import type { Kysely } from "kysely";
import { formatArgentinaInstant } from "~/lib/draw/countdown";
import { deleteMailsAbout, mailsAbout, type OutboxRow } from "~/lib/mail/outbox.server";
import { mailboxOf } from "~/lib/storage/mailbox";
import type { Tables, WaitlistStatus } from "~/lib/storage/schema";
import { countOf } from "~/lib/ui/wording";
import { deleteMessagesFrom, messagesFrom } from "./contact-rows.server";
import { CLAIM_PATH, CONFIRM_PATH, LEAVE_PATH, TOKEN_PARAMETER } from "~/content/pages/mail-link-paths";
import { blockAfterDeletion } from "./mailbox-rules.server";
import { deleteNoticesTo, noticesTo } from "./survey-notice.server";
import { deleteWaitlistEntries, waitlistEntries, type WaitlistEntry } from "./waitlist-rows.server";
import {
  describeWinnerNotices,
  forgetWinnerAddress,
  winnerNoticesTo,
  type WinnerNoticeRow,
} from "~/lib/draw-records/winner-notices.server";

/**
 * Everything the database keeps about one mailbox, in any spelling, for `npm run privacy`
 * (docs/operations.md, "Requests about personal data"): its waitlist rows, the contact messages
 * sent from it and the mails about it (to it, or to the team answering it), the survey notices
 * it was sent, the prize it was told it won (`draw -- tell-winner`, until the claim period ends).
 * The sheet, the support mailbox and the draw records are not here: they hold no address (or are
 * not in the database).
 */
export interface PersonalData {
  /** The address asked about, parsed. */
  email: string;
  /** Its mailbox, which the rows are found by (app/lib/storage/mailbox.ts). */
  mailbox: string;
  waitlist: WaitlistEntry[];
  messages: Awaited<ReturnType<typeof messagesFrom>>;
  mails: OutboxRow[];
  /** The surveys the mailbox was told of (`npm run waitlist:notify`), and when. */
  notices: Awaited<ReturnType<typeof noticesTo>>;
  /** The draws whose winner was told at this mailbox, while the address is kept. */
  winnerNotices: WinnerNoticeRow[];
}

/** `email` must already be parsed (`parseEmailAddress`): rows are found by its mailbox. */
export async function personalData(db: Kysely<Tables>, email: string): Promise<PersonalData> {
  const mailbox = mailboxOf(email);
  const [waitlist, messages, mails, notices, winnerNotices] = await Promise.all([
    waitlistEntries(db, mailbox),
    messagesFrom(db, mailbox),
    mailsAbout(db, mailbox),
    noticesTo(db, mailbox),
    winnerNoticesTo(db, mailbox),
  ]);
  return { email, mailbox, waitlist, messages, mails, notices, winnerNotices };
}

/**
 * Every spelling other than `email` the rows hold (`Nora+sorteo@…`, a display name kept from an
 * earlier release…), in the order found: the answer says they were found, and deleted.
 */
function otherSpellings(data: PersonalData): string[] {
  const found = [
    ...data.waitlist.map((entry) => entry.email),
    ...data.messages.map((message) => message.email),
    ...data.mails.map((mail) => mail.reply_to ?? mail.recipient),
    ...data.notices.map((notice) => notice.email),
    ...data.winnerNotices.map((notice) => notice.email!),
  ];
  return [...new Set(found)].filter((spelling) => spelling !== data.email);
}

/** What `deletePersonalData` removed, per kind, and the other spellings it found them under. */
export interface Deleted {
  waitlist: number;
  messages: number;
  mails: number;
  notices: number;
  winnerNotices: number;
  otherSpellings: string[];
}

/**
 * Deletes everything `personalData` finds, in one transaction (all of it or, on an error,
 * nothing), and the mailbox's counters (keyed by an HMAC of it); in their place, for 30 days, a
 * block keyed the same way, so a stranger cannot sign the address up again at once: the only
 * trace left, and no address.
 */
export function deletePersonalData(db: Kysely<Tables>, email: string, now: number): Promise<Deleted> {
  return db.transaction().execute(async (trx) => {
    const found = await personalData(trx, email);
    const waitlist = await deleteWaitlistEntries(trx, found.mailbox);
    const messages = await deleteMessagesFrom(trx, found.mailbox);
    const mails = await deleteMailsAbout(trx, found.mailbox);
    const notices = await deleteNoticesTo(trx, found.mailbox);
    const winnerNotices = await forgetWinnerAddress(trx, found.mailbox);
    await blockAfterDeletion(trx, found.mailbox, now);
    return { waitlist, messages, mails, notices, winnerNotices, otherSpellings: otherSpellings(found) };
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
const PERSONAL_LINK = new RegExp(
  `((?:${CONFIRM_PATH}|${LEAVE_PATH}|${CLAIM_PATH})\\?${TOKEN_PARAMETER}=)[^\\s&>"]+`,
  "g",
);
const withoutTokens = (text: string) => text.replace(PERSONAL_LINK, "$1(oculto)");

/** Text kept as written, each line under a bar, so where it starts and ends is clear. */
const quoted = (text: string, indent: string) =>
  text
    .trimEnd()
    .split(/\r?\n/)
    .map((line) => `${indent}| ${line}`.trimEnd());

function describeWaitlist(entries: WaitlistEntry[], email: string): string[] {
  if (entries.length === 0) return ["Aviso de encuestas: no figura en la lista."];
  return entries.flatMap((entry, index) => [...(index > 0 ? [""] : []), ...describeEntry(entry, email)]);
}

function describeEntry(entry: WaitlistEntry, email: string): string[] {
  const lines = [
    entry.email === email ? "Aviso de encuestas" : `Aviso de encuestas, pedido como ${entry.email}`,
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

function describeMessages(messages: PersonalData["messages"], email: string): string[] {
  if (messages.length === 0) return ["Mensajes de contacto: ninguno."];
  return [
    `Mensajes de contacto: ${messages.length}`,
    ...messages.flatMap((message, index) => [
      `  ${index + 1}. Enviado el ${when(message.created_at)}, con el nombre «${message.name}»${message.email === email ? "" : `, desde ${message.email}`}:`,
      ...quoted(message.message, "     "),
    ]),
  ];
}

function mailState(mail: OutboxRow): string {
  if (mail.sent_at !== null) return `enviado el ${when(mail.sent_at)}`;
  const error = mail.last_error === null ? "" : ` Último error: ${mail.last_error}`;
  if (mail.gave_up_at !== null) return `no se pudo enviar; dejamos de intentarlo el ${when(mail.gave_up_at)}.${error}`;
  const tries =
    mail.attempts === 0 ? "todavía sin intentar" : countOf(mail.attempts, "intento fallido", "intentos fallidos");
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
  const kinds = [data.waitlist, data.messages, data.mails, data.notices, data.winnerNotices];
  const nothing = kinds.every((rows) => rows.length === 0);
  const spellings = otherSpellings(data);
  return [
    `Datos guardados sobre ${data.email}`,
    `Consulta del ${when(now)}. Las fechas y horas están en hora de Argentina.`,
    "",
    ...sameInbox(data.mailbox),
    nothing
      ? "El sitio de Opinion Labz no guarda ningún dato sobre esta dirección."
      : "Esto es todo lo que guarda la base de datos del sitio de Opinion Labz sobre esta dirección.",
    ...(spellings.length > 0 ? [`Lo encontramos también escrito así: ${spellings.join(", ")}.`] : []),
    "",
    ...describeWaitlist(data.waitlist, data.email),
    "",
    ...describeMessages(data.messages, data.email),
    "",
    ...describeMails(data.mails),
    "",
    ...(data.notices.length > 0
      ? [
          "Avisos de encuestas abiertas que te mandamos:",
          ...data.notices.map(
            (notice) =>
              `  ${when(notice.queuedAt)}: ${notice.surveyUrl}${notice.email === data.email ? "" : ` (a ${notice.email})`}`,
          ),
        ]
      : ["Avisos de encuestas abiertas: ninguno."]),
    "",
    ...describeWinnerNotices(data.winnerNotices),
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

/**
 * One inbox has many spellings, and the answer says it looked for all of them: the `+etiqueta`
 * every provider ignores, and Gmail's dots and its other name.
 */
function sameInbox(mailbox: string): string[] {
  return [
    `Buscamos la casilla ${mailbox} escrita de cualquier forma que llegue a ella: con o sin «+etiqueta» antes de la @ y, en Gmail, con o sin puntos y también en googlemail.com.`,
    "",
  ];
}

/**
 * What `privacy -- delete` without `--yes` prints: what it would delete, by kind, and how to
 * confirm. Nothing is deleted (docs/operations.md, "Requests about personal data").
 */
export function deletionPreview(data: PersonalData): string {
  const kinds = [data.waitlist, data.messages, data.mails, data.notices, data.winnerNotices];
  const counts = kinds.map((rows) => rows.length);
  return [
    `Borrar los datos de ${data.email}`,
    "",
    ...sameInbox(data.mailbox),
    counts.every((count) => count === 0)
      ? "La base de datos no guarda nada sobre esta dirección; con --yes la bloquearíamos igual 30 días para que nadie la anote."
      : "Con --yes se borraría, en una sola operación:",
    "",
    `  Inscripción al aviso de encuestas: ${counts[0]}`,
    `  Mensajes de contacto: ${counts[1]}`,
    `  Emails enviados o por enviar: ${counts[2]}`,
    `  Registros de avisos de encuestas: ${counts[3]}`,
    `  Avisos de premio del sorteo: ${counts[4]}`,
    "",
    "No se borró nada. Si es la dirección correcta, confirmá con --yes:",
    `  npm run privacy -- delete ${data.email} --yes`,
    "",
  ].join("\n");
}

/** The receipt of a deletion: plain Spanish, dated, what went by kind, for the organizer to forward. */
export function deletionReceipt(email: string, deleted: Deleted, now: number): string {
  const nothing = deleted.waitlist + deleted.messages + deleted.mails + deleted.notices + deleted.winnerNotices === 0;
  return [
    "Constancia de supresión de datos personales",
    "",
    `Fecha: ${when(now)} (hora de Argentina)`,
    `Dirección de email: ${email}`,
    ...(deleted.otherSpellings.length > 0
      ? [`También escrita así, y borrada igual: ${deleted.otherSpellings.join(", ")}`]
      : []),
    "",
    ...sameInbox(mailboxOf(email)),
    nothing
      ? "La base de datos del sitio de Opinion Labz no guardaba ningún dato sobre esta dirección: no había nada para borrar."
      : "Borramos de la base de datos del sitio de Opinion Labz todo lo que guardaba sobre esta dirección:",
    "",
    `  Inscripción al aviso de encuestas: ${deleted.waitlist}`,
    `  Mensajes de contacto: ${deleted.messages}`,
    `  Emails enviados o por enviar: ${deleted.mails}`,
    `  Registros de avisos de encuestas: ${deleted.notices}`,
    `  Avisos de premio del sorteo: ${deleted.winnerNotices}`,
    "",
    "Durante 30 días no vamos a aceptar que nadie anote esta dirección para el aviso ni le vamos a mandar emails. Para eso guardamos solo una huella cifrada de la casilla, que no deja leer la dirección, y la borramos al terminar esos 30 días.",
    "Si después te volvés a anotar o nos escribís, vamos a guardar solo lo que nos mandes de nuevo.",
    "",
    "Opinion Labz",
    "",
  ].join("\n");
}
