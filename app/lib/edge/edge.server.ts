import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import { trustedProxies } from "~/lib/network/trusted-proxies";
import { env } from "~/lib/server/env.server";
import { CLIENT_HEADER, clientAddress, clientGroup, clientNetwork, NETWORK_HEADER } from "./client-address";
import { SCRIPTED_HEADER, withBody, type EdgeHandler, type EdgeRequest } from "./edge-request";
import { readFormBody } from "./form-body";
import { closeIfNotDrained, whenHandedOver } from "./send-deadline";
import { refuse } from "./refusals";
import { inspectTarget, withoutPrivateValues } from "./request-target";
import { staticFiles, type ServeStatic } from "./static-files";
import { SubmissionTurns, type TurnLimits } from "./submission-turns";

/**
 * The edge: what runs in front of remix-serve's own middleware, wired in by serve.js
 * (docs/decisions/049-the-edge-in-typed-modules.md, docs/decisions/060-the-edge-on-the-fields-libraries.md).
 * It answers the requests no page should see with one short answer and one log line each,
 * gives form submissions their places and turns, marks the static files, and sets the server's
 * connection timeouts.
 */

/**
 * Every path that takes a form, and the longest body its form can honestly send.
 * @internal Exported for its tests: the edge reads it.
 */
export const FORM_BODY_LIMITS: ReadonlyMap<string, number> = new Map([
  ["/encuesta", 4 * 1024],
  ["/avisos/confirmar", 4 * 1024],
  ["/avisos/baja", 4 * 1024],
  ["/avisos/premio", 4 * 1024],
  // 5,000 characters of message, each at most 9 bytes percent-encoded, and the other fields.
  ["/contacto", 64 * 1024],
]);

/**
 * Form submissions the app handles at once (one per client at a time), whole ones kept waiting,
 * bodies arriving, and places one client holds (docs/operations.md, "Sign-ups and limits").
 * Bodies arriving are bounded for memory: at most 1,024 × 64 KB; a full pool takes its place back
 * from the network (/24, /48) holding the most.
 * @internal Exported for SECURITY.md's test: the edge reads it.
 */
export const TURN_LIMITS = { atOnce: 4, waiting: 256, arriving: 1024, perClient: 8 };

/**
 * A form's body must be in this long after its headers, or the submission is refused and its connection closed.
 * @internal Exported for SECURITY.md's test: the edge reads it.
 */
export const BODY_WITHIN_MS = 5_000;

/**
 * An answer handed over must be read by its client within this long, or its connection is closed
 * (docs/decisions/080-no-connection-holds-a-turn-it-does-not-use.md): a client that never reads
 * holds its socket and its buffered answer for 10 s, and no turn at all.
 * @internal Exported for SECURITY.md's test: the edge reads it.
 */
export const SEND_DEADLINE_MS = 10_000;

/**
 * Node's connection timeouts, shorter than its defaults (60 s for headers, 300 s for a
 * request, checked every 30 s): a connection that sends nothing useful, or a body refused and
 * being dropped, holds a socket for seconds, not minutes.
 * @internal Exported for SECURITY.md's test: the edge reads it.
 */
export const CONNECTION_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 10_000,
  connectionsCheckingInterval: 1_000,
  keepAliveTimeout: 5_000,
};

/** An Origin header naming another site than the Host the request came to: a form posted from elsewhere. */
function isCrossOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return false;
  if (!URL.canParse(origin) || host === undefined) return true;
  return new URL(origin).host !== new URL(`http://${host}`).host;
}

/** The page a path is for: with JavaScript, a form posts to its page's single-fetch URL (`/encuesta.data`). */
function pagePath(path: string): string {
  return path.endsWith(".data") ? path.slice(0, -".data".length) : path;
}

/** The express module as remix-serve's CLI uses it: `express()` and `express.static`. */
interface ExpressModule {
  (): ExpressApp;
  static: ServeStatic;
}

interface ExpressApp extends RequestListener {
  use(handler: EdgeHandler): unknown;
  all(path: string, handler: EdgeHandler): unknown;
  listen(...args: unknown[]): Server;
}

const RETRY_LATER = { "Retry-After": "60" };

export interface Edge {
  /**
   * The express module with the edge in front of the app remix-serve makes with it: the guard
   * first, the turns around Remix's handler, the timeouts on its server and the headers on its
   * static files; everything else is express unchanged.
   */
  inFrontOf: (express: ExpressModule) => ExpressModule;
  /** The URL an access-log line shows. */
  loggedUrl: (req: EdgeRequest) => string;
}

/**
 * Answers a read without Remix when it can, true when it did: the page store's answer from
 * memory (docs/decisions/071-stored-pages-answered-before-the-routes.md), wired by entry.server.tsx.
 */
export type AnswerFromMemory = (req: EdgeRequest, res: ServerResponse) => boolean;

export interface EdgeOptions {
  /** Other than the site's only in its tests, where a pool of two shows what a pool of 1,024 does. */
  limits?: TurnLimits;
  answerFromMemory?: AnswerFromMemory;
}

/** The edge, for serve.js (docs/decisions/060-the-edge-on-the-fields-libraries.md). */
export function startEdge({ limits = TURN_LIMITS, answerFromMemory = () => false }: EdgeOptions = {}): Edge {
  const trusts = trustedProxies(env.trustedProxies);
  const turns = new SubmissionTurns(limits);
  /** Each form submission the guard let through, with its body's cap. */
  const bodyLimits = new WeakMap<IncomingMessage, number>();

  /** Request line, Host, method and origin checked; the client named for the app. */
  const guard: EdgeHandler = (req, res, next) => {
    const verdict = inspectTarget(req.headers.host, req.url);
    if (verdict.kind === "refused") return refuse(req, res, verdict.reason);
    if (verdict.kind === "moved") {
      res.writeHead(301, { Location: verdict.location, "Cache-Control": "public, max-age=3600" });
      return res.end();
    }
    // Remix reads originalUrl, the static files url.
    if (verdict.kind === "unroutable") req.url = req.originalUrl = verdict.target;
    // Remix's adapter reads a port from it; nothing of this site needs it.
    delete req.headers["x-forwarded-host"];
    // Whatever a client sent under these names is overwritten: the app reads the edge's word.
    const address = clientAddress(req, trusts);
    req.headers[CLIENT_HEADER] = clientGroup(address);
    req.headers[NETWORK_HEADER] = clientNetwork(address);
    closeIfNotDrained(res, SEND_DEADLINE_MS, () =>
      console.warn(
        JSON.stringify({
          event: "send_deadline",
          seconds: SEND_DEADLINE_MS / 1000,
          value: withoutPrivateValues(req.url),
        }),
      ),
    );
    if (req.method === "GET" || req.method === "HEAD") {
      const data = verdict.kind === "pass" && verdict.path.endsWith(".data");
      if (data && isCrossOrigin(req.headers.origin, req.headers.host)) return refuse(req, res, "cross-origin-data");
      // HEAD is answered as GET is, without the body (Node leaves it out): Remix took a HEAD of
      // a data URL for a form's submission, past every bound of the edge.
      req.method = "GET";
      return next();
    }
    const maxBytes =
      verdict.kind === "pass" && req.method === "POST" ? FORM_BODY_LIMITS.get(pagePath(verdict.path)) : undefined;
    if (maxBytes === undefined) return refuse(req, res, "method", { Allow: "GET, HEAD" });
    if (isCrossOrigin(req.headers.origin, req.headers.host)) return refuse(req, res, "cross-origin");
    // Only a script can work out a proof of work (app/lib/forms/proof-of-work.server.ts).
    req.headers[SCRIPTED_HEADER] = verdict.kind === "pass" && verdict.path.endsWith(".data") ? "1" : "0";
    bodyLimits.set(req, maxBytes);
    next();
  };

  /**
   * Remix's handler, unless a read is answered from memory; reached by a form submission only
   * once its body is whole and bounded and its turn has come; its place while the body arrives
   * is in a pool of its own (docs/decisions/061-places-slow-clients-cannot-hold.md).
   */
  const inTurn =
    (handler: EdgeHandler): EdgeHandler =>
    (req, res, next) => {
      if (req.method === "GET") return answerFromMemory(req, res) ? undefined : handler(req, res, next);
      // The guard let through only POSTs to a form's path, each with its cap.
      const maxBytes = bodyLimits.get(req)!;
      let arriving = true;
      let displaced = false;
      const place = turns.admit(
        String(req.headers[CLIENT_HEADER]),
        () => {
          displaced = true;
          refuse(req, res, arriving ? "displaced" : "busy", RETRY_LATER);
        },
        String(req.headers[NETWORK_HEADER]),
      );
      if (typeof place === "string") return refuse(req, res, place, RETRY_LATER);
      // The turn ends when the answer is handed over, not when the client has read it.
      whenHandedOver(res, () => place.leave());
      res.once("close", () => place.leave());
      const length = req.headers["content-length"];
      void readFormBody(req, {
        declaredLength: length === undefined ? null : Number(length),
        maxBytes,
        deadline: AbortSignal.timeout(BODY_WITHIN_MS),
      }).then((body) => {
        arriving = false;
        if (displaced || body.kind === "gone") return;
        if (body.kind !== "body") return refuse(req, res, body.kind);
        const noPlace = place.ready(() => handler(withBody(req, body.bytes), res, next));
        if (noPlace) refuse(req, res, noPlace, RETRY_LATER);
      });
    };

  return {
    inFrontOf: (express) => {
      const withEdge = () => {
        const app = express();
        app.use(guard);
        const all = app.all.bind(app);
        app.all = (path, handler) => all(path, inTurn(handler));
        app.listen = (...args) => {
          const server = createServer(CONNECTION_TIMEOUTS, app);
          return (server.listen as (...listenArgs: unknown[]) => Server)(...args);
        };
        return app;
      };
      return Object.assign(withEdge, express, {
        static: (root: string, options: Record<string, unknown>) => staticFiles(express.static, root, options),
      });
    },
    loggedUrl: (req) => withoutPrivateValues(req.originalUrl || req.url),
  };
}
