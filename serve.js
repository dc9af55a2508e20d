#!/usr/bin/env node
/**
 * `remix-serve <build>`, with the edge in front (app/lib/edge, built to build/edge.js;
 * docs/decisions/049-the-edge-in-typed-modules.md) and what remix-serve's CLI offers no option
 * for:
 *
 * - an access log that never records what a visitor searched for;
 * - the edge's guard before everything else: malformed requests, other methods than a form's
 *   POST, forms posted from other sites, each answered with one short refusal; the client named
 *   through the trusted proxies;
 * - form submissions read whole, bounded, and handled a few at a time, fairly across clients;
 * - Node's connection timeouts shortened;
 * - `nosniff` and `Cross-Origin-Resource-Policy` on the static files (/build, public/), looked
 *   up on disk only for paths under a name the static directory holds.
 *
 *   node serve.js build/index.js     (npm run serve, npm run dev, the Dockerfile's CMD, the tests)
 */
import { existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { startEdge } from "./build/edge.js";

const require = createRequire(import.meta.url);
const remixServeCli = require.resolve("@remix-run/serve/dist/cli.js");
const requireFromCli = createRequire(remixServeCli);

// Reads the configuration first: a bad variable stops the start here, with its name.
const edge = startEdge();

// ---- Access log -----------------------------------------------------------------------------
// remix-serve logs every request with morgan's "tiny" format, whose `:url` token is the raw
// URL, query included: `/sorteos?q=<a visitor's name>`. morgan compiles a format into calls
// to `morgan[token](req, res)` looked up on every request, so redefining the `url` token of
// the morgan instance remix-serve uses, before its CLI starts, changes every access line and
// nothing else (docs/operations.md, "Logs").
requireFromCli("morgan").token("url", edge.loggedUrl);

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

// remix-serve's CLI calls `express()` once, `express.static` twice, `app.all` once with
// Remix's handler and `app.listen` once, through the module it requires. Replacing that
// module's exports, before the CLI loads, puts the guard first on the one app, the turns
// around Remix's handler, the timeouts on its server and the headers on both static handlers;
// everything else is express unchanged.
const express = requireFromCli("express");
function guardedExpress() {
  const app = express();
  app.use(edge.guard);
  const all = app.all.bind(app);
  app.all = (path, handler) => all(path, edge.inTurn(handler));
  app.listen = (...args) => edge.listen(app, ...args);
  return app;
}
Object.assign(guardedExpress, express, {
  static: staticFiles,
});
requireFromCli.cache[requireFromCli.resolve("express")].exports = guardedExpress;

// remix-serve reads the build path from process.argv[2], which is ours unchanged.
require(remixServeCli);
