import { healthResponse } from "~/lib/http/finish-response.server";
import { getParticipantsHealth } from "~/lib/participants/participants.server";

export const loader = () => healthResponse({ status: "ok", participants: getParticipantsHealth() });
