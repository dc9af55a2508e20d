import type { Kysely } from "kysely";
import type { Tables } from "~/lib/storage/schema";

/** How long a contact message is kept: the privacy page says 12 months from when it was sent. */
const MESSAGE_KEPT_MS = 365 * 24 * 60 * 60_000;

/** Contact messages older than their 12 months: deleted, as the privacy page promises. */
export async function deleteOldMessages(db: Kysely<Tables>, now: number): Promise<void> {
  await db
    .deleteFrom("contact_messages")
    .where("created_at", "<", now - MESSAGE_KEPT_MS)
    .execute();
}
