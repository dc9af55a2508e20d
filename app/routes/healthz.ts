import { healthResponse } from "~/lib/http/finish-response.server";
import { outboxHealth } from "~/lib/mail/sender.server";
import { getParticipantsHealth } from "~/lib/participants/participants.server";
import { storageHealth } from "~/lib/storage/database.server";

export const loader = async () =>
  healthResponse({
    status: "ok",
    participants: getParticipantsHealth(),
    database: await storageHealth(),
    outbox: await outboxHealth().catch(() => null),
  });
