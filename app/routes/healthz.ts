import { healthResponse } from "~/lib/http/finish-response.server";
import { outboxHealth } from "~/lib/mail/sender.server";
import { getParticipantsHealth } from "~/lib/participants/participants.server";
import { storageHealth } from "~/lib/storage/database.server";

export const loader = async () => {
  // Asked together: on PostgreSQL the report waits for one round trip (on two pooled connections), not two.
  const [database, outbox] = await Promise.all([storageHealth(), outboxHealth().catch(() => null)]);
  return healthResponse({ status: "ok", participants: getParticipantsHealth(), database, outbox });
};
