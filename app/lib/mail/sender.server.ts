import type { Transporter } from "nodemailer";
import mimeFuncs from "nodemailer/lib/mime-funcs/index.js";
import { parseEmailAddress } from "~/lib/server/email-address.server";
import { env } from "~/lib/server/env.server";
import { singleton } from "~/lib/server/singleton.server";
import { storage } from "~/lib/storage/database.server";
import { claimDueMail, CLAIM_MS, deleteFinishedMail, markSent, recordFailure, type OutboxRow } from "./outbox.server";
import { maskAddress } from "./mask-address";

/** Other replicas' mails, and retries, are found by polling; this process's own are sent at once. */
const POLL_MS = 2000;
/**
 * One row per claim: a claim covers one mail's worst case (the time limits below, 60 s in all,
 * inside CLAIM_MS), so a slow SMTP server can never let a claim lapse while its rows wait their
 * turn, and another replica never sends them a second time.
 */
const BATCH = 1;
/** nodemailer waits minutes by default; together these stay well inside CLAIM_MS. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

type Deliver = (row: OutboxRow) => Promise<void>;

/** A recipient that is not exactly the bare address the forms' parser makes: no mailer reads it as stored. */
class UnreadableRecipient extends Error {
  constructor() {
    super("the recipient is not a bare address: given up without sending");
  }
}

/**
 * No retry will deliver it: an SMTP reply of the 5xx class (RFC 5321, 4.2.1), a recipient
 * nodemailer cannot write into the envelope (EENVELOPE), or one that is not a bare address.
 */
function refusedForGood(error: unknown): boolean {
  if (error instanceof UnreadableRecipient) return true;
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  return code === "EENVELOPE" || (typeof responseCode === "number" && responseCode >= 500 && responseCode < 600);
}

/**
 * smtp:// (STARTTLS whenever the server offers it, nodemailer's default) or smtps:// (TLS from the
 * start). nodemailer is imported here, for the first mail a process sends: a server that sends
 * none (no SMTP_URL, or nothing queued) never loads it, about 30 ms of CPU at every start
 * (docs/decisions/073-the-server-start-carries-its-es-modules.md).
 */
async function smtpTransport(smtpUrl: string): Promise<Transporter> {
  const { default: nodemailer } = await import("nodemailer");
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  return nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    ...SMTP_TIMEOUTS,
  });
}

/**
 * A subject as it goes on the wire. nodemailer encodes a subject only when it has characters
 * beyond ASCII, so one typed as an RFC 2047 encoded word (`=?utf-8?q?…?=`, plain ASCII) would
 * reach the mail client as that word, and be shown decoded: any text, a direction override, a
 * line break. Such a subject is encoded whole here, so the client shows what was typed.
 */
function subjectOnTheWire(subject: string): string {
  return subject.includes("=?") ? mimeFuncs.encodeWord(subject, "Q", 52) : subject;
}

function overSmtp(smtpUrl: string): Deliver {
  let transport: Promise<Transporter> | undefined;
  // MAIL_FROM's bare address (parse-env.server.ts checked it): the envelope names addresses, never display names.
  const fromAddress = env.mail.from.match(/<([^<>]+)>$/)?.[1] ?? env.mail.from;
  const domain = fromAddress.split("@")[1] ?? "localhost";
  return async (row) => {
    // A row stored before every address went through one parser: a mailer would deliver it to
    // whatever it reads in it, another inbox than the one stored.
    if (parseEmailAddress(row.recipient) !== row.recipient) throw new UnreadableRecipient();
    transport ??= smtpTransport(smtpUrl);
    const smtp = await transport;
    await smtp.sendMail({
      from: env.mail.from,
      to: row.recipient,
      replyTo: row.reply_to ?? undefined,
      subject: subjectOnTheWire(row.subject),
      text: row.text_body,
      html: row.html_body,
      headers: JSON.parse(row.headers) as Record<string, string>,
      // One id per outbox row: a copy sent again after a crash mid-send is recognisably the same mail.
      messageId: `<${row.id}@${domain}>`,
      // The recipient was parsed before it was stored (email-address.server.ts): the envelope
      // carries exactly that address, whatever a header parser would make of it.
      envelope: { from: fromAddress, to: [row.recipient] },
    });
  };
}

/**
 * A run on a developer's machine: `npm run dev`, or `npm start` on a fresh clone, with SITE_URL
 * unset or on loopback, outside the image, and (in production) on the embedded database. Only
 * there does printing a mail reach the person who typed the address; an outbox in a shared
 * PostgreSQL, a public SITE_URL or a container's log never gets its mail printed.
 */
const servesThisMachineOnly =
  !env.runsInImage &&
  ["localhost", "127.0.0.1", "[::1]"].includes(new URL(env.siteUrl).hostname) &&
  (env.mode !== "production" || env.database.kind === "embedded");

/** A developer's machine without SMTP_URL: the mail in the log, its links ready to open. */
const toTheLog: Deliver = async (row) => {
  console.log(
    [
      `[mail] (no se envió: SMTP_URL no está configurada) a ${maskAddress(row.recipient)}`,
      `Subject: ${row.subject}`,
      "",
      row.text_body,
    ].join("\n"),
  );
};

function createSender(deliver: Deliver) {
  let running = false;
  let again = false;

  async function deliverRow(row: OutboxRow) {
    const to = maskAddress(row.recipient);
    try {
      await deliver(row);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const failure = await recordFailure(storage.db, row, Date.now(), reason, refusedForGood(error));
      const attempt = row.attempts + 1;
      console.warn(
        JSON.stringify(
          failure.givenUp
            ? { event: "mail.given_up", kind: row.kind, to, attempt, error: reason }
            : {
                event: "mail.retry",
                kind: row.kind,
                to,
                attempt,
                retryInSeconds: failure.retryInMs / 1000,
                error: reason,
              },
        ),
      );
      return;
    }
    await markSent(storage.db, row, Date.now());
    console.log(JSON.stringify({ event: "mail.sent", kind: row.kind, to, attempt: row.attempts + 1 }));
  }

  async function deliverDue() {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        for (;;) {
          const rows = await claimDueMail(storage.db, storage.kind, Date.now(), BATCH);
          if (rows.length === 0) break;
          for (const row of rows) await deliverRow(row);
        }
      } while (again);
    } catch (error) {
      // The database did not answer: the rows stay due (or come back after CLAIM_MS) for the next poll.
      console.error(`[mail] no se pudo leer el outbox: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = false;
    }
  }

  setInterval(() => void deliverDue(), POLL_MS).unref();
  void deliverDue();
  return { sendSoon: () => void deliverDue() };
}

function startSender(): { sendSoon: () => void } {
  if (env.mail.smtpUrl) return createSender(overSmtp(env.mail.smtpUrl));
  if (servesThisMachineOnly) return createSender(toTheLog);
  console.warn(
    `[mail] SMTP_URL no está configurada: los emails esperan en el outbox (no se pierde ninguno) hasta que un servidor corra con SMTP_URL. Los que tomó un envío que se cortó se reintentan a los ${CLAIM_MS / 1000} s.`,
  );
  return { sendSoon: () => undefined };
}

/** The outbox sender of this process, started with the server build (once, even in development). */
const sender = singleton("mail-sender", startSender);

/** Called once a transaction that queued mail has committed: this process sends it now, not at the next poll. */
export function sendQueuedMailSoon(): void {
  sender.sendSoon();
}

/** Finished mails are deleted hourly in every instance, whether or not it sends (docs/operations.md, "Mail"). */
singleton("mail-purge", () => {
  const purge = () =>
    deleteFinishedMail(storage.db, Date.now()).catch((error: unknown) =>
      console.error(
        `[mail] no se pudieron borrar los emails viejos: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  setInterval(() => void purge(), 60 * 60_000).unref();
  void purge();
  return true;
});
