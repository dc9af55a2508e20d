import type { Kysely } from "kysely";
import { deleteMailsQueuedBefore } from "~/lib/mail/outbox.server";
import type { Tables } from "~/lib/storage/schema";
import { counterKey } from "~/lib/storage/site-key.server";
import { filedUnder } from "~/lib/storage/filed-under.server";

/** How long a contact message is kept: the privacy page says 12 months from when it was sent. */
const MESSAGE_KEPT_MS = 365 * 24 * 60 * 60_000;

/** The mails a contact message makes: the copy to the team, and the acknowledgement to the sender. */
export const CONTACT_MAIL_KIND = { toTeam: "contact", acknowledgement: "contact-ack" } as const;

/**
 * Contact messages older than their 12 months: deleted, as the privacy page promises, and with
 * them the mails they made (queued in the same instant), sent or not: a mail that never left
 * (no SMTP_URL, a server that refused it) quotes the message and the address as long as it stays.
 */
export async function deleteOldMessages(db: Kysely<Tables>, now: number): Promise<void> {
  const before = now - MESSAGE_KEPT_MS;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("contact_messages").where("created_at", "<", before).execute();
    await deleteMailsQueuedBefore(trx, Object.values(CONTACT_MAIL_KIND), before);
  });
}

/**
 * The counter of acknowledgements mailed to `mailbox` (one a day, whatever the spelling): keyed
 * by an HMAC of it with the site's secret, never the address itself.
 */
export function acknowledgementKey(db: Kysely<Tables>, mailbox: string): Promise<string> {
  return counterKey(db, "contact-ack", mailbox);
}

interface ContactMessageRow {
  name: string;
  email: string;
  message: string;
  created_at: number;
}

/** Every message sent from `mailbox`, in any spelling, oldest first. */
export function messagesFrom(db: Kysely<Tables>, mailbox: string): Promise<ContactMessageRow[]> {
  return db
    .selectFrom("contact_messages")
    .select(["name", "email", "message", "created_at"])
    .where(filedUnder(mailbox))
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Deletes every message sent from `mailbox`; how many there were. */
export async function deleteMessagesFrom(db: Kysely<Tables>, mailbox: string): Promise<number> {
  const { numDeletedRows } = await db
    .deleteFrom("contact_messages")
    .where(filedUnder(mailbox))
    .executeTakeFirstOrThrow();
  return Number(numDeletedRows);
}
