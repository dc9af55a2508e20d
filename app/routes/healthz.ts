import type { LoaderFunctionArgs } from "@remix-run/node";
import { healthResponse } from "~/lib/http/finish-response.server";
import { getParticipantsHealth } from "~/lib/participants/participants.server";

export const loader = ({ request }: LoaderFunctionArgs) =>
  healthResponse(request, { status: "ok", participants: getParticipantsHealth() });
