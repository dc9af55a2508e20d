import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { Tables } from "~/lib/storage/schema";
import { countVisitorMail, spendTeamMail, spendVisitorShares } from "~/lib/mail/mail-budget.server";
import { maskAddress } from "~/lib/mail/mask-address";
import { oneLine, withoutControls } from "~/lib/mail/plain-text";
import { renderContactAcknowledgementMail } from "~/lib/mail/templates/contact-acknowledgement-mail.server";
import { renderContactMessageMail } from "~/lib/mail/templates/contact-message-mail.server";
import { enqueueMail, type OutgoingMail } from "~/lib/mail/outbox.server";
import { pacing } from "~/lib/mail/fair-queue.server";
import { sendQueuedMailSoon } from "~/lib/mail/sender.server";
import { parseEmailAddress } from "~/lib/server/email-address.server";
import { mailboxDomain, mailboxOf } from "~/lib/storage/mailbox";
import { env } from "~/lib/server/env.server";
import { acknowledgementKey, CONTACT_MAIL_KIND } from "./contact-rows.server";
import { senderOf } from "./client-key.server";
import { askedForProof } from "./proof-of-work.server";
import { isBlocked } from "./mailbox-rules.server";
import { CONTACT_FIELD, CONTACT_LIMITS, FIELD, type FormAnswer } from "./fields";
import { withinRateLimit } from "~/lib/storage/rate-limit.server";
import {
  formFields,
  guardedSubmission,
  UNREADABLE_SUBMISSION,
  type FieldCheck,
  type FormOutcome,
  type RefuseField,
} from "./submission-guard.server";

/**
 * Anyone can type any address, so the acknowledgement is the one mail a stranger could aim at
 * someone else: at most one per mailbox a day, whatever the spelling, and it quotes only the
 * first 500 characters of the message (contact-acknowledgement-mail.server.tsx).
 */
const ACKNOWLEDGEMENTS_PER_ADDRESS = { limit: 1, windowMs: 24 * 60 * 60_000 };

/**
 * What a message is answered when this client's, or its network's, share of the team's hour is
 * spent: only whoever spent it. The team's hour refuses no one: the outbox paces it.
 */
const TEAM_BUSY: Record<"network" | "client", (contactEmail: string) => string> = {
  network: (contactEmail) =>
    `Desde tu red ya nos escribieron muchas veces en esta hora. Probá de nuevo en un rato o escribinos directamente a ${contactEmail}.`,
  client: (contactEmail) =>
    `Desde tu conexión ya nos escribieron varias veces en esta hora. Probá de nuevo en un rato o escribinos directamente a ${contactEmail}.`,
};

const MESSAGES = {
  accepted:
    "¡Gracias! Recibimos tu mensaje y te respondemos por email dentro de las 24 horas. Si no lo ves, revisá la carpeta de spam.",
  missingName: "Escribí tu nombre para que sepamos cómo llamarte.",
  longName: `Tu nombre puede tener hasta ${CONTACT_LIMITS.name} caracteres.`,
  missingEmail: "Escribí tu email para que podamos responderte.",
  badEmail: "Ese email no parece válido. Revisalo: tiene que ser como nombre@ejemplo.com.",
  missingMessage: "Escribí tu mensaje.",
  longMessage: `Tu mensaje puede tener hasta ${CONTACT_LIMITS.message} caracteres.`,
};

async function supportMail(name: string, email: string, message: string, now: number): Promise<OutgoingMail> {
  const mail = await renderContactMessageMail({ siteUrl: env.siteUrl, name, email, message, receivedAt: now });
  return { kind: CONTACT_MAIL_KIND.toTeam, to: env.contactEmail.value, replyTo: email, ...mail };
}

/**
 * The visitor's copy: their message quoted, and Reply-To the support address, so a reply reaches
 * the team. Set as a header, not `replyTo`: the outbox's `reply_to` names the person a mail to
 * the team answers, and files the mail under their mailbox (outbox.server.ts).
 */
async function acknowledgement(email: string, message: string): Promise<OutgoingMail> {
  const mail = await renderContactAcknowledgementMail({ siteUrl: env.siteUrl, message });
  return {
    kind: CONTACT_MAIL_KIND.acknowledgement,
    to: email,
    ...mail,
    headers: { "Reply-To": env.contactEmail.value },
  };
}

/**
 * /contacto's form: stored, mailed to CONTACT_EMAIL with Reply-To the sender, acknowledged to
 * the sender. The client's count, the message and its mails are one transaction.
 */
export async function submitContactForm(request: Request): Promise<{ status: number; answer: FormAnswer }> {
  const fields = await formFields(request);
  if (!fields) return UNREADABLE_SUBMISSION;
  const values = {
    [CONTACT_FIELD.name]: String(fields.get(CONTACT_FIELD.name) ?? ""),
    [FIELD.email]: String(fields.get(FIELD.email) ?? ""),
    [CONTACT_FIELD.message]: String(fields.get(CONTACT_FIELD.message) ?? ""),
  };
  const check = (refuse: RefuseField): FieldCheck<{ name: string; email: string; message: string }> => {
    // One line: a name is never a way to add lines to the support mail's subject.
    const name = oneLine(values[CONTACT_FIELD.name]!);
    const message = withoutControls(values[CONTACT_FIELD.message]!.replace(/\r\n?/g, "\n")).trim();
    if (!name) return { refused: refuse(400, CONTACT_FIELD.name, MESSAGES.missingName) };
    if (name.length > CONTACT_LIMITS.name) return { refused: refuse(400, CONTACT_FIELD.name, MESSAGES.longName) };
    if (!values[FIELD.email]!.trim()) return { refused: refuse(400, FIELD.email, MESSAGES.missingEmail) };
    const email = parseEmailAddress(values[FIELD.email]!);
    if (!email) return { refused: refuse(400, FIELD.email, MESSAGES.badEmail) };
    if (!message) return { refused: refuse(400, CONTACT_FIELD.message, MESSAGES.missingMessage) };
    if (message.length > CONTACT_LIMITS.message) {
      return { refused: refuse(400, CONTACT_FIELD.message, MESSAGES.longMessage) };
    }
    return { checked: { name, email, message } };
  };
  const accept = async (
    trx: Transaction<Tables>,
    { name, email, message }: { name: string; email: string; message: string },
    refuse: RefuseField,
    now: number,
  ): Promise<FormOutcome<{ email: string; acknowledged: boolean }>> => {
    // While the team's hour is under pressure, a proof of work before anything is spent or stored
    // (proof-of-work.server.ts). Its acknowledgement is paced with the visitors' mails.
    const asked = await askedForProof(trx, "contact", ["team"], { request, fields, refuse }, now);
    if (asked) return asked;
    // Past this client's or its network's share of the team's hour, nothing is stored, and the
    // visitor is told where to write instead (docs/operations.md, "Sign-ups and limits").
    const sender = senderOf(request);
    const team = await spendTeamMail(trx, sender, now);
    if (team) {
      console.warn(JSON.stringify({ event: "forms.mail_budget", form: "contact", spent: `team-${team}` }));
      return refuse(429, "form", TEAM_BUSY[team](env.contactEmail.value));
    }
    const mailbox = mailboxOf(email);
    await trx
      .insertInto("contact_messages")
      .values({ id: randomUUID(), name, email, mailbox, message, created_at: now })
      .execute();
    await enqueueMail(
      trx,
      await supportMail(name, email, message, now),
      now,
      await pacing(trx, "team", sender.network, null),
    );
    // The message reaches the team; the visitor gets no acknowledgement when its mailbox was
    // deleted by its owner in the last 30 days, got one today, or its client's or network's share
    // of mails to visitors is spent (docs/operations.md, "Sign-ups and limits"). The shares are
    // spent first, as a sign-up spends them: whatever the mailbox's state.
    const acknowledged =
      (await spendVisitorShares(trx, sender, now)) === null &&
      !(await isBlocked(trx, mailbox, now)) &&
      (await withinRateLimit(trx, await acknowledgementKey(trx, mailbox), ACKNOWLEDGEMENTS_PER_ADDRESS, now));
    if (acknowledged) {
      await countVisitorMail(trx, now);
      const paced = await pacing(trx, "visitors", sender.network, mailboxDomain(mailbox));
      await enqueueMail(trx, await acknowledgement(email, message), now, paced);
    }
    return { status: 200, answer: { ok: true, message: MESSAGES.accepted }, accepted: { email, acknowledged } };
  };
  const outcome = await guardedSubmission("contact", request, fields, values, { check, accept });
  if (outcome.accepted) {
    sendQueuedMailSoon();
    const { email, acknowledged } = outcome.accepted;
    console.log(JSON.stringify({ event: "contact.received", from: maskAddress(email), acknowledged }));
  }
  return { status: outcome.status, answer: outcome.answer };
}
