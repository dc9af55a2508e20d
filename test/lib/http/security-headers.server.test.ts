// First: the public origin is https for this file (HSTS depends on it).
import "../../support/https-public-origin";
import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import {
  applySecurityHeaders,
  createNonce,
  inlineHashes,
  NO_INLINE_SOURCES,
  type InlineSources,
} from "~/lib/http/security-headers.server";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inlineHashes", () => {
  it("hashes every inline script and style once, and no external script", () => {
    const html = [
      `<script>window.a=1</script>`,
      `<script type="module" async="">import "/build/x.js";</script>`,
      `<script src="/build/entry.js"></script>`,
      `<style>.b>.c{color:red}</style>`,
      `<STYLE media="print">p{}</STYLE >`,
      `<script>window.a=1</script>`,
      `<script type="application/ld+json">{"@type":"FAQPage","name":"¿Cómo?"}</script>`,
    ].join("");
    expect(inlineHashes(html)).toEqual({
      scriptHashes: [
        sha256("window.a=1"),
        sha256(`import "/build/x.js";`),
        sha256(`{"@type":"FAQPage","name":"¿Cómo?"}`),
      ],
      styleHashes: [sha256(".b>.c{color:red}"), sha256("p{}")],
    });
  });

  it("hashes what the browser hashes: line breaks as the parser normalises them", () => {
    expect(inlineHashes("<script>a\r\nb\rc</script>").scriptHashes).toEqual([sha256("a\nb\nc")]);
  });

  it("ends an element where the parser does, not at a look-alike", () => {
    const html = `<script>var s="</scripts>";</script><p>text</p>`;
    expect(inlineHashes(html).scriptHashes).toEqual([sha256(`var s="</scripts>";`)]);
  });
});

/** The CSP as a browser reads it: directive name → its sources. */
function directives(headers: Headers): Record<string, string[]> {
  const policy = headers.get("Content-Security-Policy") ?? "";
  return Object.fromEntries(
    policy.split("; ").map((directive) => {
      const [name, ...sources] = directive.split(" ");
      return [name!, sources];
    }),
  );
}

function headersFor(inline: InlineSources = NO_INLINE_SOURCES): Headers {
  const headers = new Headers();
  applySecurityHeaders(headers, inline);
  return headers;
}

describe("applySecurityHeaders", () => {
  it("allows only the site's own resources, and inline content only by nonce or hash", () => {
    expect(directives(headersFor({ scriptHashes: ["'sha256-a'"], styleHashes: ["'sha256-b'", "'sha256-c'"] }))).toEqual(
      {
        "default-src": ["'self'"],
        "script-src": ["'self'", "'sha256-a'"],
        "style-src": ["'self'", "'sha256-b'", "'sha256-c'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
      },
    );
    const streamed = directives(headersFor({ nonce: "abc" }));
    expect(streamed["script-src"]).toEqual(["'self'", "'nonce-abc'"]);
    expect(streamed["style-src"]).toEqual(["'self'", "'nonce-abc'"]);
    expect(directives(headersFor())["script-src"], "no inline content at all").toEqual(["'self'"]);
  });

  it.each([
    ["development", ["'self'", "ws://localhost:*", "ws://127.0.0.1:*"]],
    ["production", ["'self'"]],
  ])("lets only the development server's live reload connect elsewhere (NODE_ENV=%s)", async (mode, connectSrc) => {
    // The mode is read once, with the rest of the environment, when the server starts.
    vi.resetModules();
    vi.stubEnv("NODE_ENV", mode);
    try {
      const fresh = await import("~/lib/http/security-headers.server");
      const headers = new Headers();
      fresh.applySecurityHeaders(headers, fresh.NO_INLINE_SOURCES);
      expect(directives(headers)["connect-src"]).toEqual(connectSrc);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("forbids sniffing, framing, cross-origin openers, powerful features and full referrers", () => {
    const headers = headersFor();
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    expect(headers.get("X-Frame-Options")).toBe("DENY");
    expect(headers.get("Permissions-Policy")?.split(", ")).toEqual([
      "accelerometer=()",
      "autoplay=()",
      "camera=()",
      "display-capture=()",
      "geolocation=()",
      "gyroscope=()",
      "magnetometer=()",
      "microphone=()",
      "payment=()",
      "usb=()",
      "browsing-topics=()",
    ]);
  });

  it("asks browsers to keep to HTTPS, the public origin being https: no request is even consulted", () => {
    expect(headersFor().get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
  });
});

describe("Strict-Transport-Security", () => {
  it.each([
    ["https://opinionlabz.example", "max-age=63072000; includeSubDomains"],
    ["http://localhost:3000", null],
  ])("for the public origin %s: %s", async (siteUrl, expected) => {
    // SITE_URL is read once, with the rest of the environment, when the server starts.
    vi.resetModules();
    vi.stubEnv("SITE_URL", siteUrl);
    try {
      const fresh = await import("~/lib/http/security-headers.server");
      const headers = new Headers();
      fresh.applySecurityHeaders(headers, fresh.NO_INLINE_SOURCES);
      expect(headers.get("Strict-Transport-Security")).toBe(expected);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("createNonce", () => {
  it("gives 128 random bits each time", () => {
    const nonces = Array.from({ length: 50 }, createNonce);
    expect(new Set(nonces).size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});

describe("inlineHashes, edge cases", () => {
  it("allows no script that loads from elsewhere, whatever the case and spacing of src", () => {
    expect(
      inlineHashes(`<script SRC = "/a.js"></script><script\tsrc="/b.js"></script><script data-src="x">1</script>`)
        .scriptHashes,
    ).toEqual([sha256("1")]);
  });

  it("finds nothing in a document without inline elements", () => {
    expect(inlineHashes("<p>hola</p><scripts>x</scripts>")).toEqual({ scriptHashes: [], styleHashes: [] });
  });
});
