#!/usr/bin/env node
/**
 * `remix-serve <build>`, with what remix-serve's CLI offers no option for (docs/decisions/024-the-page-comes-from-the-path-host-checked-in-the.md):
 *
 * - an access log that never records what a visitor searched for;
 * - a guard in front of everything else that answers malformed requests itself: a Host that is
 *   not a plain host[:port], a request target that is not a path, a target longer than any URL
 *   of this site, a path spelled other than its canonical form;
 * - form submissions handled a few at a time, the others waiting their turn;
 * - `nosniff` and `Cross-Origin-Resource-Policy` on the static files (/build, public/), looked
 *   up on disk only for paths under a name the static directory holds.
 *
 *   node serve.js build/index.js     (npm run serve, the Dockerfile's CMD, the tests)
 */
import { existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const remixServeCli = require.resolve("@remix-run/serve/dist/cli.js");
const requireFromCli = createRequire(remixServeCli);

// ---- Access log -----------------------------------------------------------------------------
// remix-serve logs every request with morgan's "tiny" format, whose `:url` token is the raw
// URL, query included: `/sorteos?q=<a visitor's name>`. morgan compiles a format into calls
// to `morgan[token](req, res)` looked up on every request, so redefining the `url` token of
// the morgan instance remix-serve uses, before its CLI starts, changes every access line and
// nothing else (docs/operations.md, "Logs").

/**
 * The search text, and a mail link's token (whoever holds it can confirm or delete that
 * address), in any spelling the app would read as `q` or `t` (URLSearchParams decodes names).
 */
const PRIVATE_PARAMETERS = new Set(["q", "t"]);

function withoutPrivateValues(url) {
  const queryAt = url.indexOf("?");
  if (queryAt === -1) return url;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  for (const name of new Set(params.keys())) {
    if (PRIVATE_PARAMETERS.has(name)) params.set(name, "REDACTED");
  }
  const query = params.toString();
  return url.slice(0, queryAt) + (query ? `?${query}` : "");
}

requireFromCli("morgan").token("url", (req) => withoutPrivateValues(req.originalUrl || req.url));

// ---- Request guard --------------------------------------------------------------------------

/**
 * The longest request target served. The site's longest real URL is a search: `q` is read up
 * to 100 characters (at most 900 bytes percent-encoded) plus `page` and whatever tracking keys
 * a shared link collects. Anything longer is not a page of this site; refusing it before
 * routing bounds the work and the log line of every request.
 */
const MAX_TARGET_BYTES = 4096;

/** A DNS name or an IPv4 or bracketed IPv6 address, with an optional port: what browsers send. */
const PLAIN_HOST = /^(?:[a-z0-9_.-]{1,253}|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/** Percent-encoded unreserved characters (RFC 3986, 2.3): the same path as the character itself. */
const ENCODED_UNRESERVED = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[de]|5f|7e)/gi;

/** Hashed asset names are case-sensitive; every other path of the site is lower case. */
const CASE_SENSITIVE_PREFIX = "/build/";

/**
 * The one spelling of a path: unreserved characters unescaped, letters in lower case outside
 * /build/, no repeated or trailing slash. Remix matches routes without
 * regard to case or a trailing slash, so each variant would otherwise be a page of its own to
 * render and store (docs/decisions/025-one-stored-entry-per-page.md).
 */
function canonicalPath(path) {
  const unescaped = path.replace(ENCODED_UNRESERVED, (escape) => decodeURIComponent(escape));
  // Escapes keep their spelling: only the site's routes are stored, and their paths are ASCII.
  const folded = unescaped.startsWith(CASE_SENSITIVE_PREFIX)
    ? unescaped
    : unescaped.replace(/%[0-9a-f]{2}|[A-Z]+/gi, (part) => (part.startsWith("%") ? part : part.toLowerCase()));
  // Collapsing slashes also keeps the Location below from ever reading as another host ("//x").
  return folded.replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1");
}

/**
 * Whether the router can match the path at all: it decodes the path first (invalid UTF-8 made
 * Express answer 400 with a stack trace in the log) and its patterns stop at line terminators
 * (`/sorteos%0ax` reached the error screen instead of the catch-all route).
 */
function routable(path) {
  try {
    return !/[\n\r\u2028\u2029]/.test(decodeURIComponent(path));
  } catch {
    return false;
  }
}

/** One line per refused request, as the app's own events; the value sent is cut short. */
function logRefusal(status, reason, value) {
  // A refused target may still carry a search or a token: its private values never reach the log.
  const shown = withoutPrivateValues(String(value)).slice(0, 200);
  console.warn(JSON.stringify({ event: "request_refused", status, reason, value: shown }));
}

/** The launcher's own answers: short plain text, never stored, never run as a page or framed. */
const REFUSAL_HEADERS = {
  "Content-Type": "text/plain; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
};

function refuse(res, status, reason, value) {
  logRefusal(status, reason, value);
  res.writeHead(status, { ...REFUSAL_HEADERS, Connection: "close" });
  res.end(status === 414 ? "La dirección es demasiado larga.\n" : "Pedido inválido.\n");
}

/**
 * Runs before compression, the static files, the access log and Remix. The Remix adapter
 * builds the request URL from Host and the path: with Host a plain host[:port] and the target
 * a path, the page is always the path's (docs/operations.md, "Hostile requests").
 */
function guardRequest(req, res, next) {
  const host = req.headers.host;
  if (host !== undefined && !(PLAIN_HOST.test(host) && URL.canParse(`http://${host}/`))) {
    return refuse(res, 400, "host", host);
  }
  // The adapter reads a port from it; nothing of this site needs it.
  delete req.headers["x-forwarded-host"];
  const target = req.url;
  // A raw backslash is no browser's (they send it as "/"); left in, a 301 to one spelling would
  // read as another host ("/\\evil.example/x").
  if (!target.startsWith("/") || target.includes("\\")) return refuse(res, 400, "target", target);
  if (Buffer.byteLength(target) > MAX_TARGET_BYTES) return refuse(res, 414, "target-length", target);
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const canonical = canonicalPath(path);
  if (canonical !== path) {
    res.writeHead(301, { Location: canonical + target.slice(path.length), "Cache-Control": "public, max-age=3600" });
    return res.end();
  }
  if (!routable(path)) {
    // With its percent signs escaped the path reads as typed, which no route or file has: the
    // catch-all route answers it with the 404 page. Remix reads originalUrl, the static files url.
    req.url = req.originalUrl = path.replaceAll("%", "%25") + target.slice(path.length);
  }
  next();
}

// ---- Submissions in turn --------------------------------------------------------------------

/**
 * Form submissions (every method but GET and HEAD) handled at once; the rest wait their turn in
 * arrival order. A sign-up costs several times a page, and without JavaScript the page is rendered
 * again for its answer: fifty at once kept `/healthz` and the stored pages waiting 1–3 s behind
 * them, a few at a time keeps them answered (docs/decisions/037-submissions-in-turn.md).
 */
const SUBMISSIONS_AT_ONCE = 4;
/** Past this many waiting, a newcomer is told to come back: a burst, not a backlog of minutes. */
const SUBMISSIONS_WAITING = 256;
/**
 * A turn holds its place while the form's body arrives; a body still incomplete after this is
 * cut off, so four connections trickling bytes cannot close every form for Node's 5 minutes.
 */
const SUBMISSION_BODY_MS = 10_000;

let submissionsRunning = 0;
const submissionsWaiting = new Set();

function nextSubmission() {
  submissionsRunning -= 1;
  for (const start of submissionsWaiting) {
    if (submissionsRunning >= SUBMISSIONS_AT_ONCE) break;
    submissionsWaiting.delete(start);
    start();
  }
}

function submissionsInTurn(req, res, next) {
  if (req.method === "GET" || req.method === "HEAD") return next();
  if (submissionsWaiting.size >= SUBMISSIONS_WAITING) {
    logRefusal(503, "busy", req.url);
    res.writeHead(503, { ...REFUSAL_HEADERS, "Retry-After": "60" });
    return res.end("Estamos recibiendo muchos envíos. Esperá un minuto y volvé a enviar el formulario.\n");
  }
  const start = () => {
    submissionsRunning += 1;
    const bodyDeadline = setTimeout(() => {
      if (!req.complete) req.destroy();
    }, SUBMISSION_BODY_MS);
    // The turn ends with the response, or with the connection: a visitor who leaves frees it
    // at once (the work already started still finishes).
    res.once("close", () => {
      clearTimeout(bodyDeadline);
      nextSubmission();
    });
    next();
  };
  if (submissionsRunning < SUBMISSIONS_AT_ONCE) return start();
  submissionsWaiting.add(start);
  // A visitor who leaves while waiting gives up the place.
  res.once("close", () => submissionsWaiting.delete(start));
}

// ---- Static files -----------------------------------------------------------------------------

/**
 * express.static looks every request up on disk, a stat in libuv's thread pool, before Remix
 * sees it: `/`, `/sorteos` and `/healthz` too, queued behind whatever the pool is compressing
 * (docs/decisions/039-answers-sent-whole-a-length-on-short-answers-one.md). The names at the top of each static directory are
 * read once at start-up, after the build wrote them, and only paths under one of them are
 * looked up. A file added to public/ while the server runs is served after a restart.
 */
function staticFiles(root, options) {
  const serve = express.static(root, { ...options, setHeaders: staticFileHeaders });
  const topLevel = new Set(existsSync(root) ? readdirSync(root) : []);
  return (req, res, next) => {
    const [, first] = req.path.split("/", 2);
    let name;
    try {
      name = decodeURIComponent(first);
    } catch {
      // Undecodable: express.static answers it as it always has.
      return serve(req, res, next);
    }
    return topLevel.has(name) ? serve(req, res, next) : next();
  };
}

/** Static files are no documents, but a browser must not sniff them into one nor embed them elsewhere. */
function staticFileHeaders(res) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
}

// remix-serve's CLI calls `express()` once and `express.static` twice, through the module it
// requires. Replacing that module's exports, before the CLI loads, puts the guard first on the
// one app and the headers on both static handlers; everything else is express unchanged.
const express = requireFromCli("express");
function guardedExpress() {
  const app = express();
  app.use(guardRequest);
  app.use(submissionsInTurn);
  return app;
}
Object.assign(guardedExpress, express, {
  static: staticFiles,
});
requireFromCli.cache[requireFromCli.resolve("express")].exports = guardedExpress;

// remix-serve reads the build path from process.argv[2], which is ours unchanged.
require(remixServeCli);
