import { createHash } from "node:crypto";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { singleton } from "~/lib/server/singleton.server";

/**
 * remix-serve hands routes a Fetch Request, which has no peer address. Node announces each
 * request on this channel before any handler sees it, so the socket's address is copied into
 * a header here; whatever a client sent under that name is overwritten.
 */
const PEER_HEADER = "x-opinion-labz-peer";

singleton("peer-header", () =>
  subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    request.headers[PEER_HEADER] = socket.remoteAddress ?? "";
  }),
);

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Who is submitting, for the per-client limit. The peer, unless the peer is a proxy on this
 * host (loopback: nginx, Varnish): then the address that proxy appended last to
 * X-Forwarded-For, the only one a client cannot forge through it. Hashed: the table never
 * holds an IP address.
 */
export function clientKey(request: Request): string {
  const peer = request.headers.get(PEER_HEADER) ?? "";
  const forwarded = request.headers.get("x-forwarded-for");
  const client = LOOPBACK.test(peer) && forwarded ? (forwarded.split(",").pop()?.trim() ?? peer) : peer;
  return createHash("sha256").update(client).digest("base64url").slice(0, 22);
}
