import { describe, expect, it } from "vitest";
import { holdScriptsUntilFirstPaint } from "~/lib/document/scripts-after-first-paint.server";
import { inlineHashes } from "~/lib/http/security-headers.server";

/** The end of a body as Remix 2's `<Scripts>` writes it on a page without a nonce. */
const REMIX_SCRIPTS = [
  '<link rel="modulepreload" href="/build/entry.client-AAAA.js"/>',
  '<link rel="modulepreload" href="/build/_shared/chunk-BBBB.js"/>',
  '<script>window.__remixContext = {"state":{}};</script>',
  '<script type="module" async="">;\nimport * as route0 from "/build/root-CCCC.js";\nimport("/build/entry.client-AAAA.js");</script>',
].join("");
const PAGE = `<!DOCTYPE html><html><head></head><body><main>Hola</main>${REMIX_SCRIPTS}</body></html>`;

describe("holdScriptsUntilFirstPaint", () => {
  const held = holdScriptsUntilFirstPaint(PAGE);

  it("keeps each preload's rel aside, so no fetch starts from it", () => {
    expect(held).not.toMatch(/\srel=/);
    expect(held).toContain('<link data-rel-after-first-paint="modulepreload" href="/build/entry.client-AAAA.js"/>');
    expect(held).toContain('<link data-rel-after-first-paint="modulepreload" href="/build/_shared/chunk-BBBB.js"/>');
  });

  it("turns the module script into a data block with the same text, so its CSP hash still holds", () => {
    expect(held).not.toContain('type="module"');
    expect(held).toContain('<script type="text/x-module-after-first-paint" async="">;\nimport * as route0');
    expect(inlineHashes(held)).toEqual(inlineHashes(PAGE));
  });

  it("changes nothing else", () => {
    const restored = held
      .replaceAll("data-rel-after-first-paint=", "rel=")
      .replace('type="text/x-module-after-first-paint"', 'type="module"');
    expect(restored).toBe(PAGE);
  });

  it("holds a page made for one request the same way, its nonce kept on the data block", () => {
    const page = `<body><link rel="modulepreload" href="/x.js"/><script nonce="abc" type="module" async="">import "/x.js";</script></body>`;
    expect(holdScriptsUntilFirstPaint(page)).toBe(
      `<body><link data-rel-after-first-paint="modulepreload" href="/x.js"/><script nonce="abc" type="text/x-module-after-first-paint" async="">import "/x.js";</script></body>`,
    );
  });

  it("leaves a page without Remix's module script as it is", () => {
    const withoutModule = `<body><link rel="modulepreload" href="/x.js"/><script nonce="abc">window.x = 1;</script></body>`;
    expect(holdScriptsUntilFirstPaint(withoutModule)).toBe(withoutModule);
  });
});
