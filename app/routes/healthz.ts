import { getParticipantsHealth } from "~/lib/participants/participants.server";

export function loader() {
  return Response.json(
    { status: "ok", participants: getParticipantsHealth() },
    { headers: { "Cache-Control": "no-store" } },
  );
}
