import { randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import { countVisitorMail, spendVisitorShares } from "~/lib/mail/mail-budget.server";
import { maskAddress } from "~/lib/mail/mask-address";
import { deleteMailsAbout, DRAW_NOTICE_KIND, enqueueMail, SURVEY_NOTICE_KIND } from "~/lib/mail/outbox.server";
import { networkQueueFull, pacing } from "~/lib/mail/fair-queue.server";
import { sendQueuedMailSoon } from "~/lib/mail/sender.server";
import { parseEmailAddress } from "~/lib/server/email-address.server";
import { storage } from "~/lib/storage/database.server";
import { mailboxDomain, mailboxOf } from "~/lib/storage/mailbox";
import type { Tables } from "~/lib/storage/schema";
import { senderOf } from "./client-key.server";
import { FIELD, type FormAnswer } from "./fields";
import { askedForProof } from "./proof-of-work.server";
import { formFields, guardedSubmission, UNREADABLE_SUBMISSION, type FieldCheck } from "./submission-guard.server";
import { deleteNoticesTo } from "./survey-notice.server";
import { CONFIRMATION_KIND, confirmationMail } from "./waitlist-mail.server";
import { blockAfterDeletion, CONFIRMATION_INTERVAL_MS, isBlocked, mayConfirm } from "./mailbox-rules.server";
import { deleteExpired, deleteWaitlistEntries } from "./waitlist-rows.server";

const DAY_MS = 24 * 60 * 60_000;
/** How long a confirmation link works; past it the unconfirmed row is deleted. */
const CONFIRM_VALID_DAYS = 7;

const MESSAGES = {
  /**
   * True whatever became of the address, and the same for every address: it promises the mail
   * only where one is sent, and names every case where none is, without saying which applies
   * (docs/decisions/078-answers-that-are-true.md).
   */
  accepted:
    "¡Listo! Si la dirección puede recibir nuestros emails, en unos minutos te llega un email para confirmarla: abrilo y tocá el botón, recién ahí quedás en la lista. No te mandamos otro si ya está confirmada, si ya le mandamos uno en los últimos 30 días o si pidieron borrarla hace menos de 30 días. Si no lo ves, revisá la carpeta de spam.",
  missingEmail: "Escribí tu email para que podamos avisarte.",
  badEmail: "Ese email no parece válido. Revisalo: tiene que ser como nombre@ejemplo.com.",
  noConsent: "Para avisarte necesitamos tu permiso: marcá la casilla de consentimiento.",
};

/**
 * What a sign-up is answered when its client's or its network's share of the hour is spent, or
 * its network already has its share waiting in the outbox (mail-budget.server.ts): only ever
 * whoever spent it. The hour and a domain's share refuse no one: the outbox paces them.
 */
const SHARE_SPENT: Record<"client" | "network" | "queue", string> = {
  client: "Desde tu conexión ya se pidieron muchos emails en esta hora. Probá de nuevo en un rato.",
  network: "Desde tu red ya se pidieron muchos emails en esta hora. Probá de nuevo en un rato.",
  queue: "Desde tu red hay muchos emails esperando para salir. Probá de nuevo en un rato.",
};

const newToken = () => randomBytes(24).toString("base64url");
/**
 * What every token `newToken` makes looks like: a link whose token has another shape (cut short,
 * padded, a NUL that PostgreSQL would refuse with an error) is answered as an unknown one, with
 * no query at all.
 */
const TOKEN_SHAPE = /^[\w-]{32}$/;
const isToken = (token: string) => TOKEN_SHAPE.test(token);

/** Whether the latest confirmation mail to `mailbox`, in any spelling, was given up by the outbox (never delivered). */
async function lastConfirmationGaveUp(trx: Transaction<Tables>, mailbox: string): Promise<boolean> {
  const last = await trx
    .selectFrom("outbox")
    .select("gave_up_at")
    .where("mailbox", "=", mailbox)
    .where("kind", "=", CONFIRMATION_KIND)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return last !== undefined && last.gave_up_at !== null;
}

/**
 * Queues a confirmation mail for `email` unless its mailbox, in any spelling, is confirmed, was
 * mailed a confirmation in the last 30 days that the outbox did not give up on, or was deleted by
 * its owner in the last 30 days
 * (docs/decisions/063-one-inbox-one-mail.md). The mailbox's counter decides and counts in one
 * statement, so two sign-ups racing (two spellings, two replicas) mail it once and keep one row.
 */
async function signUp(
  trx: Transaction<Tables>,
  { email, drawNotices }: { email: string; drawNotices: boolean },
  network: string,
  now: number,
): Promise<boolean> {
  const mailbox = mailboxOf(email);
  // The mailbox's expired link goes first, so signing up again starts with a new token; the
  // forms sweep (retention.server.ts) deletes the others.
  await deleteExpired(trx, now, mailbox);
  if (await isBlocked(trx, mailbox, now)) return false;
  const rows = await trx
    .selectFrom("waitlist")
    .select(["email", "status", "last_mail_at"])
    .where("mailbox", "=", mailbox)
    .execute();
  if (rows.some((row) => row.status === "confirmed")) return false;
  // A confirmation the outbox gave up on (refused for good, or failing for 7 days) reached no
  // one: signing up again tries again, within the client's and the domain's shares, spent above.
  if (!(await lastConfirmationGaveUp(trx, mailbox))) {
    // A row mailed before its mailbox was counted (an earlier release) still holds its 30 days.
    if (rows.some((row) => row.last_mail_at !== null && row.last_mail_at > now - CONFIRMATION_INTERVAL_MS)) {
      return false;
    }
    if (!(await mayConfirm(trx, mailbox, now))) return false;
  }
  const expiresAt = now + CONFIRM_VALID_DAYS * DAY_MS;
  // The mailbox's row, if it has one, takes the spelling typed now: the link goes to the same
  // inbox. An address that unsubscribed stays so until it uses the new link: this sign-up may be
  // a stranger's, and the list's owner said no (docs/operations.md, "Sign-ups and limits"). A
  // wish for draw notices waits with it: only a confirmed address gets them.
  const existing = rows.find((row) => row.email === email) ?? rows[0];
  const asked = drawNotices ? { draw_notices_at: now } : {};
  const row = existing
    ? await trx
        .updateTable("waitlist")
        .set({ email, confirm_expires_at: expiresAt, last_mail_at: now, ...asked })
        .where("email", "=", existing.email)
        .returning("token")
        .executeTakeFirst()
    : await trx
        .insertInto("waitlist")
        .values({
          email,
          mailbox,
          status: "pending",
          token: newToken(),
          subscribed_at: now,
          confirm_expires_at: expiresAt,
          last_mail_at: now,
          draw_notices_at: drawNotices ? now : null,
        })
        .onConflict((conflict) => conflict.doNothing())
        .returning("token")
        .executeTakeFirst();
  if (!row) return false;
  await countVisitorMail(trx, now);
  const paced = await pacing(trx, "visitors", network, mailboxDomain(mailbox));
  await enqueueMail(trx, await confirmationMail(email, row.token, CONFIRM_VALID_DAYS), now, paced);
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
      check: (refuse): FieldCheck<{ email: string; drawNotices: boolean }> => {
        if (typed.trim() === "") return { refused: refuse(400, FIELD.email, MESSAGES.missingEmail) };
        const email = parseEmailAddress(typed);
        if (!email) return { refused: refuse(400, FIELD.email, MESSAGES.badEmail) };
        if (fields.get(FIELD.consent) === null) return { refused: refuse(400, FIELD.consent, MESSAGES.noConsent) };
        return { checked: { email, drawNotices: fields.get(FIELD.drawNotices) !== null } };
      },
      accept: async (trx, { email, drawNotices }, refuse, now) => {
        // A proof of work under pressure, before any share is spent: the browser sends it again.
        const asked = await askedForProof(trx, "waitlist", ["visitors"], { request, fields, refuse }, now);
        if (asked) return asked;
        // Counted before the mailbox's own rules: the answer never depends on whether it is known.
        const sender = senderOf(request);
        const spent =
          (await spendVisitorShares(trx, sender, now)) ??
          ((await networkQueueFull(trx, "visitors", sender.network)) ? "queue" : null);
        if (spent) {
          console.warn(JSON.stringify({ event: "forms.mail_budget", form: "waitlist", spent }));
          return refuse(429, "form", SHARE_SPENT[spent]);
        }
        const mailQueued = await signUp(trx, { email, drawNotices }, sender.network, now);
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

/**
 * The confirm page's button: a pending address whose link is still valid becomes confirmed, and
 * with the page's "Avisarme de cada sorteo" ticked (`drawNotices`), it asks for draw notices too.
 */
export async function confirmSubscription(token: string, drawNotices = false): Promise<ConfirmOutcome> {
  if (!isToken(token)) return "expired";
  const now = Date.now();
  const confirmed = await storage.db
    .updateTable("waitlist")
    .set({
      status: "confirmed",
      confirmed_at: now,
      confirm_expires_at: null,
      unsubscribed_at: null,
      ...(drawNotices ? { draw_notices_at: now } : {}),
    })
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
 * The rows a mail link's token opens: every row of the token's mailbox, whatever its spelling
 * (a row of an earlier release that holds no readable address: that row alone).
 */
async function mailboxOfToken(
  trx: Transaction<Tables>,
  token: string,
): Promise<{ email: string; mailbox: string | null } | undefined> {
  return trx.selectFrom("waitlist").select(["email", "mailbox"]).where("token", "=", token).executeTakeFirst();
}

/**
 * RFC 8058 one-click: the mailbox stays, marked unsubscribed, and is never written to again
 * unless it signs up anew; a survey notice still waiting for it is not sent, and the notices'
 * record of it goes (only the address is kept, to not write to it).
 */
export async function unsubscribe(token: string): Promise<void> {
  if (!isToken(token)) return;
  const row = await storage.db.transaction().execute(async (trx) => {
    const found = await mailboxOfToken(trx, token);
    if (!found) return undefined;
    await trx
      .updateTable("waitlist")
      .set({ status: "unsubscribed", unsubscribed_at: Date.now(), confirm_expires_at: null, draw_notices_at: null })
      .where((eb) => (found.mailbox === null ? eb("email", "=", found.email) : eb("mailbox", "=", found.mailbox)))
      .execute();
    if (found.mailbox !== null) {
      await trx
        .deleteFrom("outbox")
        .where("mailbox", "=", found.mailbox)
        .where("kind", "in", [SURVEY_NOTICE_KIND, DRAW_NOTICE_KIND])
        .where("sent_at", "is", null)
        .execute();
      await deleteNoticesTo(trx, found.mailbox);
    }
    return found;
  });
  if (row) console.log(JSON.stringify({ event: "waitlist.unsubscribed", to: maskAddress(row.email) }));
}

/**
 * The delete link: the mailbox goes, in every spelling, with every mail to it (sent or still
 * waiting) and its survey notices' record, and for 30 days nobody can sign it up again. Its
 * contact messages stay with their own 12 months: `npm run privacy -- delete` takes those too.
 */
export async function deleteSubscription(token: string): Promise<void> {
  if (!isToken(token)) return;
  const now = Date.now();
  const deleted = await storage.db.transaction().execute(async (trx) => {
    const found = await mailboxOfToken(trx, token);
    if (!found) return undefined;
    if (found.mailbox === null) {
      await trx.deleteFrom("waitlist").where("email", "=", found.email).execute();
      return found;
    }
    await deleteWaitlistEntries(trx, found.mailbox);
    await deleteMailsAbout(trx, found.mailbox, { toThem: true });
    await deleteNoticesTo(trx, found.mailbox);
    await blockAfterDeletion(trx, found.mailbox, now);
    return found;
  });
  if (deleted) console.log(JSON.stringify({ event: "waitlist.deleted", to: maskAddress(deleted.email) }));
}
