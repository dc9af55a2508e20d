#!/usr/bin/env node
/**
 * `remix-serve <build>`, with an access log that never records what a visitor searched for.
 *
 * remix-serve logs every request with morgan's "tiny" format, whose `:url` token is the raw
 * URL, query included: `/sorteos?q=<a visitor's name>`. morgan compiles a format into calls
 * to `morgan[token](req, res)` looked up on every request, so redefining the `url` token of
 * the morgan instance remix-serve uses, before its CLI starts, changes every access line and
 * nothing else (docs/operations.md, "Logs").
 *
 *   node serve.js build/index.js     (npm run serve, the Dockerfile's CMD, the tests)
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const remixServeCli = require.resolve("@remix-run/serve/dist/cli.js");
const morgan = createRequire(remixServeCli)("morgan");

/** The search text, in any spelling the app would read as `q` (URLSearchParams decodes names). */
const PRIVATE_PARAMETERS = new Set(["q"]);

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

morgan.token("url", (req) => withoutPrivateValues(req.originalUrl || req.url));

// remix-serve reads the build path from process.argv[2], which is ours unchanged.
require(remixServeCli);
