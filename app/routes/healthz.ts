import type { LoaderFunctionArgs } from "@remix-run/node";
import { getParticipantsHealth } from "~/lib/participants/participants.server";
import { applySecurityHeaders } from "~/lib/security-headers.server";

export function loader({ request }: LoaderFunctionArgs) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  applySecurityHeaders(headers, request, null);
  return Response.json({ status: "ok", participants: getParticipantsHealth() }, { headers });
}
