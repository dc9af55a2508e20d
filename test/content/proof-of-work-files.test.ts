/**
 * The proof-of-work widget's files the build copies (app/content/proof-of-work-files.ts,
 * docs/decisions/083-proof-of-work-under-pressure.md): the version named is the one installed,
 * every file is in the package, and the widget is altcha's build for a strict CSP (no style
 * element, no worker from a blob), which the site's Content-Security-Policy needs.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROOF_WIDGET_FILES, PROOF_WIDGET_VERSION } from "~/content/proof-of-work-files";

const dist = path.resolve(path.dirname(createRequire(import.meta.url).resolve("altcha/altcha.css")), "..");

describe("the proof-of-work widget's files", () => {
  it("name the installed version of altcha, and files it has", () => {
    const installed = JSON.parse(readFileSync(path.join(dist, "..", "package.json"), "utf8")) as { version: string };
    expect(PROOF_WIDGET_VERSION).toBe(installed.version);
    for (const source of Object.values(PROOF_WIDGET_FILES))
      expect(existsSync(path.join(dist, source)), source).toBe(true);
  });

  it("are the build for a strict CSP: no style element, no worker made from a blob", () => {
    const widget = readFileSync(path.join(dist, PROOF_WIDGET_FILES["altcha.js"]), "utf8");
    expect(widget).not.toMatch(/createElement\(\s*["']style["']\s*\)/);
    expect(widget).not.toContain("createObjectURL");
  });
});
