#!/usr/bin/env node
/**
 * Marks every browser module of a production build for eager compilation: V8's explicit
 * compile hint, a `//# allFunctionsCalledOnLoad` comment on a file's first line, makes
 * Chromium compile all of its functions while the file downloads, off the main thread,
 * instead of one by one on the main thread as hydration first calls them
 * (docs/decisions/021-compile-hints-on-the-browser-build.md). Other browsers read a comment.
 *
 *   node other/add-compile-hints.js public/build     (the last step of `npm run build`)
 *
 * File names keep the hash Remix gave them: every build adds the same line, so a name still
 * stands for one content. Production builds carry no source maps for the line to shift.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

const HINT = "//# allFunctionsCalledOnLoad\n";

const directory = process.argv[2];
if (!directory) throw new Error("usage: node other/add-compile-hints.js <directory of the browser build>");

let marked = 0;
for (const entry of await readdir(directory, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
  const path = join(entry.parentPath, entry.name);
  const text = await readFile(path, "utf8");
  if (text.startsWith(HINT)) continue;
  await writeFile(path, HINT + text);
  marked += 1;
}
console.log(`compile hints: ${marked} browser modules marked in ${directory}`);
