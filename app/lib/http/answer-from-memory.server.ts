import type { ServerResponse } from "node:http";
import type { EdgeRequest } from "~/lib/edge/edge-request";
import { encodedAnswer, recentlyConfirmed, requestTarget } from "./document-store.server";

/**
 * Answers a GET before Remix's handler runs, when its routes gave this very URL's stored page or
 * data within the last second and nothing shown has changed since: no loader, no render, no
 * compression, no Fetch API objects; the bytes and headers the routes' answer had
 * (docs/decisions/071-stored-pages-answered-before-the-routes.md). False when it cannot: Remix
 * answers, and its answer is remembered for the next second. Only GET: for a data URL Remix runs
 * an action on a HEAD.
 */
export function answerFromMemory(req: EdgeRequest, res: ServerResponse): boolean {
  if (req.method !== "GET") return false;
  // The URL as Remix's adapter builds it (its host is no part of the target).
  const found = recentlyConfirmed(requestTarget(new URL(`http://origin${req.originalUrl}`)));
  if (!found) return false;
  const answer = encodedAnswer(found.stored, req.get("accept-encoding") ?? null, req.get("if-none-match") ?? null);
  for (const [name, value] of found.headers) {
    if (!answer.without.includes(name)) res.setHeader(name, value);
  }
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  res.statusCode = answer.status;
  res.end(answer.body ?? undefined);
  return true;
}
