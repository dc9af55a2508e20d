#!/usr/bin/env node
/**
 * Copies altcha's widget files into the browser build (public/build/verificacion/), each name
 * prefixed with the package's version: the forms load them from there, and only when the server
 * asks for a proof of work (app/content/proof-of-work-files.ts,
 * docs/decisions/083-proof-of-work-under-pressure.md). A step of `npm run build`, after Remix's.
 *
 *   node other/copy-proof-widget.js public/build
 */
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const directory = process.argv[2];
if (!directory) throw new Error("usage: node other/copy-proof-widget.js <directory of the browser build>");

// The constants are TypeScript; their few values are read from the module's text.
const constants = readFileSync(new URL("../app/content/proof-of-work-files.ts", import.meta.url), "utf8");
const version = /PROOF_WIDGET_VERSION = "([^"]+)"/.exec(constants)[1];
const folder = /PROOF_WIDGET_FOLDER = "([^"]+)"/.exec(constants)[1];
const files = [...constants.matchAll(/"([\w.-]+)": "([\w./-]+)"/g)];

// The package exports no package.json; its stylesheet's address is plain, and next to the rest.
const dist = path.resolve(path.dirname(createRequire(import.meta.url).resolve("altcha/altcha.css")), "..");
const installed = JSON.parse(readFileSync(path.join(dist, "..", "package.json"), "utf8")).version;
if (installed !== version) {
  throw new Error(`altcha ${installed} is installed, app/content/proof-of-work-files.ts names ${version}: update it`);
}
mkdirSync(path.join(directory, folder), { recursive: true });
for (const [, name, source] of files) {
  copyFileSync(path.join(dist, source), path.join(directory, folder, `${version}-${name}`));
}
