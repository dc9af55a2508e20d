import { randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import { countFormMail, formMailCeiling } from "~/lib/mail/form-mail-ceiling.server";
import { maskAddress } from "~/lib/mail/mask-address";
import { enqueueMail, SURVEY_NOTICE_KIND } from "~/lib/mail/outbox.server";
import { sendQueuedMailSoon } from "~/lib/mail/sender.server";
import { parseEmailAddress } from "~/lib/server/email-address.server";
import { storage } from "~/lib/storage/database.server";
import type { Tables } from "~/lib/storage/schema";
import { FIELD, type FormAnswer } from "./fields";
import { formFields, guardedSubmission, UNREADABLE_SUBMISSION, type FieldCheck } from "./submission-guard.server";
import { deleteNoticesTo, noticeProgress, type NoticeProgress } from "./survey-notice.server";
import { confirmationMail } from "./waitlist-mail.server";
import { deleteExpired } from "./waitlist-rows.server";

const DAY_MS = 24 * 60 * 60_000;
/** How long a confirmation link works; past it the unconfirmed row is deleted. */
const CONFIRM_VALID_DAYS = 7;
/** At most one confirmation mail per address in this time, however often it is submitted. */
const MAIL_INTERVAL_MS = DAY_MS;
/** An address that unsubscribed and is signed up again is sent the link at most this often. */
const UNSUBSCRIBED_MAIL_INTERVAL_MS = 30 * DAY_MS;

const MESSAGES = {
  accepted:
    "¡Listo! Si la dirección es correcta, en unos minutos te llega un email para confirmarla. Abrilo y tocá el botón: recién ahí quedás en la lista. Si no lo ves, revisá la carpeta de spam.",
  missingEmail: "Escribí tu email para que podamos avisarte.",
  badEmail: "Ese email no parece válido. Revisalo: tiene que ser como nombre@ejemplo.com.",
  noConsent: "Para avisarte necesitamos tu permiso: marcá la casilla de consentimiento.",
  mailCeiling:
    "En esta hora mandamos todos los emails que podemos y no queremos que el tuyo termine en spam. Probá de nuevo en un rato.",
};

const newToken = () => randomBytes(24).toString("base64url");
/**
 * What every token `newToken` makes looks like: a link whose token has another shape (cut short,
 * padded, a NUL that PostgreSQL would refuse with an error) is answered as an unknown one, with
 * no query at all.
 */
const TOKEN_SHAPE = /^[\w-]{32}$/;
const isToken = (token: string) => TOKEN_SHAPE.test(token);

/**
 * Queues a confirmation mail for `email` unless one went out in the last day or the address
 * is already confirmed. Each step is one statement that decides and writes at once, so two
 * submissions racing (on two replicas) still queue one mail.
 */
async function signUp(trx: Transaction<Tables>, email: string, now: number): Promise<boolean> {
  // This address's expired link goes first, so signing up again starts with a new token; the
  // forms sweep (retention.server.ts) deletes the others.
  await deleteExpired(trx, now, email);
  const expiresAt = now + CONFIRM_VALID_DAYS * DAY_MS;
  const inserted = await trx
    .insertInto("waitlist")
    .values({
      email,
      status: "pending",
      token: newToken(),
      subscribed_at: now,
      confirm_expires_at: expiresAt,
      last_mail_at: now,
    })
    .onConflict((conflict) => conflict.column("email").doNothing())
    .returning("token")
    .executeTakeFirst();
  // A new link for a row of `status` last mailed at least `interval` ago.
  const renew = (status: "pending" | "unsubscribed", interval: number) =>
    trx
      .updateTable("waitlist")
      .set({ confirm_expires_at: expiresAt, last_mail_at: now })
      .where("email", "=", email)
      .where("status", "=", status)
      .where((eb) => eb.or([eb("last_mail_at", "is", null), eb("last_mail_at", "<=", now - interval)]))
      .returning("token")
      .executeTakeFirst();
  const row =
    inserted ??
    (await renew("pending", MAIL_INTERVAL_MS)) ??
    // An address that unsubscribed stays so until it uses the new link: this sign-up may be a
    // stranger's, and the list's owner said no (docs/operations.md, "Sign-ups and limits").
    (await renew("unsubscribed", UNSUBSCRIBED_MAIL_INTERVAL_MS));
  if (!row) return false;
  await countFormMail(trx, now);
  await enqueueMail(trx, await confirmationMail(email, row.token, CONFIRM_VALID_DAYS), now);
  return true;
}

/**
 * The /encuesta form: always the same answer for a good address, known or not. The client's
 * count and the sign-up are one transaction: one commit per accepted address.
 */
export async function submitWaitlistForm(request: Request): Promise<{ status: number; answer: FormAnswer }> {
  const fields = await formFields(request);
  if (!fields) return UNREADABLE_SUBMISSION;
  const typed = String(fields.get(FIELD.email) ?? "");
  const outcome = await guardedSubmission(
    "waitlist",
    request,
    fields,
    { [FIELD.email]: typed },
    {
      check: (refuse): FieldCheck<string> => {
        if (typed.trim() === "") return { refused: refuse(400, FIELD.email, MESSAGES.missingEmail) };
        const email = parseEmailAddress(typed);
        if (!email) return { refused: refuse(400, FIELD.email, MESSAGES.badEmail) };
        if (fields.get(FIELD.consent) === null) return { refused: refuse(400, FIELD.consent, MESSAGES.noConsent) };
        return { checked: email };
      },
      accept: async (trx, email, refuse, now) => {
        if ((await formMailCeiling(trx, now)).reached) {
          console.warn(JSON.stringify({ event: "forms.mail_ceiling", form: "waitlist" }));
          return refuse(503, "form", MESSAGES.mailCeiling);
        }
        const mailQueued = await signUp(trx, email, now);
        return { status: 200, answer: { ok: true, message: MESSAGES.accepted }, accepted: { email, mailQueued } };
      },
    },
  );
  if (outcome.accepted) {
    const { email, mailQueued } = outcome.accepted;
    if (mailQueued) sendQueuedMailSoon();
    console.log(JSON.stringify({ event: "waitlist.signup", to: maskAddress(email), mailQueued }));
  }
  return { status: outcome.status, answer: outcome.answer };
}

export type ConfirmOutcome = "confirmed" | "already-confirmed" | "expired";

/** The confirm page's button: a pending address whose link is still valid becomes confirmed. */
export async function confirmSubscription(token: string): Promise<ConfirmOutcome> {
  if (!isToken(token)) return "expired";
  const now = Date.now();
  const confirmed = await storage.db
    .updateTable("waitlist")
    .set({ status: "confirmed", confirmed_at: now, confirm_expires_at: null, unsubscribed_at: null })
    .where("token", "=", token)
    .where("status", "in", ["pending", "unsubscribed"])
    .where("confirm_expires_at", ">=", now)
    .returning("email")
    .executeTakeFirst();
  if (confirmed) {
    console.log(JSON.stringify({ event: "waitlist.confirmed", to: maskAddress(confirmed.email) }));
    return "confirmed";
  }
  const row = await storage.db.selectFrom("waitlist").select("status").where("token", "=", token).executeTakeFirst();
  return row?.status === "confirmed" ? "already-confirmed" : "expired";
}

/**
 * RFC 8058 one-click: the address stays, marked unsubscribed, and is never written to again
 * unless it signs up anew; a survey notice still waiting for it is not sent, and the notices'
 * record of it goes (only the address is kept, to not write to it).
 */
export async function unsubscribe(token: string): Promise<void> {
  if (!isToken(token)) return;
  const row = await storage.db.transaction().execute(async (trx) => {
    const unsubscribed = await trx
      .updateTable("waitlist")
      .set({ status: "unsubscribed", unsubscribed_at: Date.now(), confirm_expires_at: null })
      .where("token", "=", token)
      .returning("email")
      .executeTakeFirst();
    if (unsubscribed) {
      await trx
        .deleteFrom("outbox")
        .where("recipient", "=", unsubscribed.email)
        .where("kind", "=", SURVEY_NOTICE_KIND)
        .where("sent_at", "is", null)
        .execute();
      await deleteNoticesTo(trx, unsubscribed.email);
    }
    return unsubscribed;
  });
  if (row) console.log(JSON.stringify({ event: "waitlist.unsubscribed", to: maskAddress(row.email) }));
}

/** The delete link: the address goes, with every mail still waiting for it and its survey notices' record. */
export async function deleteSubscription(token: string): Promise<void> {
  if (!isToken(token)) return;
  const deleted = await storage.db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom("waitlist").where("token", "=", token).returning("email").executeTakeFirst();
    if (row) {
      await trx.deleteFrom("outbox").where("recipient", "=", row.email).execute();
      await deleteNoticesTo(trx, row.email);
    }
    return row;
  });
  if (deleted) console.log(JSON.stringify({ event: "waitlist.deleted", to: maskAddress(deleted.email) }));
}

/** For /healthz: the latest survey notice's progress (`npm run waitlist:notify`), or null before the first. */
export async function latestNotice(): Promise<NoticeProgress | null> {
  const latest = await storage.db
    .selectFrom("survey_notices")
    .select("survey_url")
    .orderBy("started_at", "desc")
    .limit(1)
    .executeTakeFirst();
  // Only the latest survey's mails are joined: /healthz is asked often.
  return latest ? ((await noticeProgress(storage.db, latest.survey_url))[0] ?? null) : null;
}
