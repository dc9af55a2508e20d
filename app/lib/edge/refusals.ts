import type { IncomingMessage, ServerResponse } from "node:http";
import { withoutPrivateValues } from "./request-target";

/**
 * The edge's own short answers (docs/operations.md, "Hostile requests"): each refusal's status,
 * Spanish sentence and log line, for edge.server.ts.
 */

export type RefusalReason =
  | "host"
  | "target"
  | "target-length"
  | "data-request"
  | "cross-origin"
  | "cross-origin-data"
  | "method"
  | "busy"
  | "displaced"
  | "client-share"
  | "too-large"
  | "late";

/**
 * Each refusal's status and sentence, and whether the connection ends with it. Where a body may
 * still be arriving, it is read and dropped instead: a connection closed on unread bytes is
 * reset, and a browser shows a network error in place of the sentence.
 */
const REFUSALS: Record<RefusalReason, { status: number; text: string; closes: boolean }> = {
  host: { status: 400, text: "Pedido inválido.", closes: true },
  target: { status: 400, text: "Pedido inválido.", closes: true },
  "data-request": { status: 400, text: "Pedido inválido.", closes: true },
  "target-length": { status: 414, text: "La dirección es demasiado larga.", closes: true },
  "cross-origin": {
    status: 403,
    text: "Este formulario solo se puede enviar desde su página en nuestro sitio.",
    closes: false,
  },
  // A page's data read from another site's script: only our own pages ask for it (without an Origin).
  "cross-origin-data": { status: 403, text: "Estos datos son solo para las páginas de nuestro sitio.", closes: false },
  method: { status: 405, text: "Esta página no recibe formularios.", closes: false },
  busy: {
    status: 503,
    text: "Estamos recibiendo muchos envíos. Esperá un minuto y volvé a enviar el formulario.",
    closes: false,
  },
  // A place given to a newcomer because this client held the most: its body is not waited for.
  displaced: {
    status: 503,
    text: "Estamos recibiendo muchos envíos. Esperá un minuto y volvé a enviar el formulario.",
    closes: true,
  },
  // One client holding its whole share: its other connections are not worth keeping.
  "client-share": {
    status: 429,
    text: "Recibimos muchos envíos desde tu conexión. Esperá un minuto y volvé a enviar el formulario.",
    closes: true,
  },
  "too-large": {
    status: 413,
    text: "El formulario es demasiado largo. Acortá el mensaje y volvé a enviarlo.",
    closes: false,
  },
  // Its body is not coming.
  late: { status: 408, text: "El formulario tardó demasiado en llegar. Volvé a enviarlo.", closes: true },
};

/** The edge's own answers: short plain text, never stored, never run as a page or framed. */
const REFUSAL_HEADERS = {
  "Content-Type": "text/plain; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
};

/** One log line per refused request, as the app's own events; the value shown is cut short. */
export function refuse(req: IncomingMessage, res: ServerResponse, reason: RefusalReason, extraHeaders = {}): void {
  const { status, text, closes } = REFUSALS[reason];
  // A refused target may still carry a search or a token: its private values never reach the log.
  const value = reason === "host" ? String(req.headers.host) : withoutPrivateValues(req.url ?? "");
  console.warn(JSON.stringify({ event: "request_refused", status, reason, value: value.slice(0, 200) }));
  const body = `${text}\n`;
  res.writeHead(status, {
    ...REFUSAL_HEADERS,
    "Content-Length": Buffer.byteLength(body),
    ...(closes ? { Connection: "close" } : {}),
    ...extraHeaders,
  });
  res.end(body);
  // Node drops an unread body itself, but not one the edge started reading: the rest of it goes
  // the same way, within the request timeout.
  if (!closes) req.resume();
}
