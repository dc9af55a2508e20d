/**
 * The built stylesheet travels inside every document (docs/decisions/006-inline-stylesheet.md): the same bytes each time, allowed by the response's CSP, no stylesheet link.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "../support/app-server";
import { useSharedApp } from "../support/site-under-test";

const ASSETS = path.join(ROOT, "public/build/_assets");
const builtStylesheet = () =>
  readFileSync(
    path.join(
      ASSETS,
      readdirSync(ASSETS).find((file) => file.endsWith(".css"))!,
    ),
    "utf8",
  );

const site = useSharedApp("ok");

it("carries the built stylesheet in every document, allowed by its CSP (hash or nonce) and never linked", async () => {
  for (const pagePath of ["/", "/sorteos", "/encuesta", "/no-existe"]) {
    const response = await fetch(`${site.app.origin}${pagePath}`);
    const html = await response.text();
    const styles = [...html.matchAll(/<style(?: nonce="([^"]+)")?>([^<]*)<\/style>/g)];

    expect(styles, pagePath).toHaveLength(1);
    const [, nonce, text] = styles[0]!;
    expect(text, pagePath).toBe(builtStylesheet());
    // Stored pages (data ready) allow it by its hash; a page that streams, by its nonce.
    const allowedBy = nonce ? `'nonce-${nonce}'` : `'sha256-${createHash("sha256").update(text!).digest("base64")}'`;
    const styleSrc = /style-src ([^;]+)/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(styleSrc?.split(" "), pagePath).toEqual(["'self'", allowedBy]);
    expect(html, pagePath).not.toMatch(/<link[^>]*rel="stylesheet"/);
  }
});
