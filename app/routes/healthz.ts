import { healthResponse } from "~/lib/http/finish-response.server";
import { latestNotice } from "~/lib/forms/waitlist.server";
import { outboxHealth } from "~/lib/mail/sender.server";
import { getParticipantsHealth } from "~/lib/participants/participants.server";
import { storageHealth } from "~/lib/storage/database.server";

export const loader = async () => {
  // Asked together: on PostgreSQL the report waits for one round trip (on pooled connections), not three.
  const [database, outbox, notice] = await Promise.all([
    storageHealth(),
    outboxHealth().catch(() => null),
    latestNotice().catch(() => null),
  ]);
  return healthResponse({ status: "ok", participants: getParticipantsHealth(), database, outbox, notice });
};
