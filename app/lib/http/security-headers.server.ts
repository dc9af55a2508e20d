import { createHash, randomBytes } from "node:crypto";
import { env } from "~/lib/server/env.server";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * What a document's inline `<script>` and `<style>` elements are allowed by: a fresh nonce
 * for a page that streams, or the SHA-256 of each element for a page stored and served
 * alike to everyone (docs/decisions/002-stored-pages-one-set-of-bytes-csp-by-hash.md).
 */
export type InlineSources = { nonce: string } | HashSources;
export interface HashSources {
  scriptHashes: string[];
  styleHashes: string[];
}

/** No inline content at all: data and JSON responses. */
export const NO_INLINE_SOURCES: InlineSources = { scriptHashes: [], styleHashes: [] };

/**
 * Raw-text elements as the HTML parser ends them: at the first `</script` or `</style`
 * followed by whitespace, `/` or `>`. React and Remix escape `<` inside the data they
 * inline, so no element holds such a sequence earlier.
 */
const INLINE_ELEMENT = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1[\s/>]/gi;

function hashSource(text: string): string {
  // The parser turns CR LF and lone CR into LF before the browser hashes the element.
  const normalized = text.replace(/\r\n?/g, "\n");
  return `'sha256-${createHash("sha256").update(normalized, "utf8").digest("base64")}'`;
}

/** The hash sources allowing every inline script and style of `html`, each once. */
export function inlineHashes(html: string): HashSources {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [, tag, attributes, content] of html.matchAll(INLINE_ELEMENT)) {
    if (tag!.toLowerCase() === "style") styles.add(hashSource(content!));
    else if (!/\ssrc\s*=/i.test(` ${attributes}`)) scripts.add(hashSource(content!));
  }
  return { scriptHashes: [...scripts], styleHashes: [...styles] };
}

const PERMISSIONS_POLICY = [
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
].join(", ");

function contentSecurityPolicy(inline: InlineSources, isDevelopment: boolean): string {
  const [scriptSrc, styleSrc] =
    "nonce" in inline
      ? [[`'nonce-${inline.nonce}'`], [`'nonce-${inline.nonce}'`]]
      : [inline.scriptHashes, inline.styleHashes];
  // The development server's live reload talks over a websocket on another port.
  const connectSrc = isDevelopment ? "'self' ws://localhost:* ws://127.0.0.1:*" : "'self'";
  return [
    "default-src 'self'",
    ["script-src", "'self'", ...scriptSrc].join(" "),
    ["style-src", "'self'", ...styleSrc].join(" "),
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connectSrc}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * HSTS whenever the public origin is https, on every response: what a request says about its
 * own scheme is no guide behind a proxy (the example nginx overwrote X-Forwarded-Proto with its
 * own, plain-http, hop), and the site is only ever meant to be reached at SITE_URL.
 */
function strictTransportSecurity(siteUrl: string): string | null {
  return siteUrl.startsWith("https:") ? "max-age=63072000; includeSubDomains" : null;
}

/** Sets the headers every response of the app carries; nothing in them depends on the request. */
export function applySecurityHeaders(headers: Headers, inline: InlineSources): void {
  headers.set("Content-Security-Policy", contentSecurityPolicy(inline, env.mode === "development"));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", PERMISSIONS_POLICY);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("X-Frame-Options", "DENY");
  const hsts = strictTransportSecurity(env.siteUrl);
  if (hsts) headers.set("Strict-Transport-Security", hsts);
}
