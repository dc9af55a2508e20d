#!/usr/bin/env node
/**
 * `remix-serve <build>` with the edge in front (app/lib/edge, exported by the server build's
 * entry; docs/decisions/060-the-edge-on-the-fields-libraries.md): malformed requests, other
 * methods than a form's POST and forms from other sites refused; the client named through the
 * trusted proxies; form bodies read whole and bounded, then handled a few at a time, fairly
 * across clients; Node's connection timeouts shortened; the static files marked; an access log
 * without what a visitor searched for. This file only wires: remix-serve's CLI has no option for
 * any of it.
 *
 *   node serve.js build/index.js     (npm run serve, npm run dev, the Dockerfile's CMD, the tests)
 */
import { statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const remixServeCli = require.resolve("@remix-run/serve/dist/cli.js");
const requireFromCli = createRequire(remixServeCli);

// What remix-serve's CLI sets before it imports the build, which reads the mode once.
process.env.NODE_ENV ??= "production";

// The build under the very URL remix-serve imports it by (its cli.js, `reimportServer`: the file
// URL, `?t=` and the file's mtime): one URL is one module, so the configuration, the timers and
// the stores exist once, shared by the edge and the app. A bad variable stops the start here.
if (!process.argv[2]) throw new Error("usage: node serve.js <server build>, such as node serve.js build/index.js");
const buildPath = path.resolve(process.argv[2]);
const build = await import(`${pathToFileURL(buildPath).href}?t=${statSync(buildPath).mtimeMs}`);
const edge = build.entry.module.startEdge();

// morgan compiles remix-serve's "tiny" format into calls of `morgan[token]`: redefining `url`
// keeps `q` and mail-link tokens out of every access line (docs/decisions/011-access-log-without-q.md).
requireFromCli("morgan").token("url", edge.loggedUrl);

// remix-serve's CLI calls `express()`, `express.static` and the app's `use`, `all` and `listen`
// through the module it requires: that module's exports, replaced before the CLI loads, put the
// edge in front (the record says what else was tried).
const express = requireFromCli("express");
requireFromCli.cache[requireFromCli.resolve("express")].exports = edge.inFrontOf(express);

// remix-serve reads the build path from process.argv[2], which is ours unchanged.
require(remixServeCli);
