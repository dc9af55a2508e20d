import type { LoaderFunctionArgs } from "@remix-run/node";
import { getParticipantsHealth } from "~/lib/participants/participants.server";
import { NO_STORE } from "~/lib/http/cache-control.server";
import { applySecurityHeaders, NO_INLINE_SOURCES } from "~/lib/http/security-headers.server";

export function loader({ request }: LoaderFunctionArgs) {
  const headers = new Headers({ "Cache-Control": NO_STORE });
  applySecurityHeaders(headers, request, NO_INLINE_SOURCES);
  return Response.json({ status: "ok", participants: getParticipantsHealth() }, { headers });
}
