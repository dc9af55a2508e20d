/**
 * What a page makes a browser download, in gzip bytes, as `npm run bench` reports it and the
 * JavaScript budget test checks it (docs/performance.md).
 */
import { gzipSync } from "node:zlib";
import { BROWSER_USER_AGENT } from "./browser";

export interface PageBytes {
  html: number;
  js: number;
  css: number;
}

const gzipSize = (bytes: Buffer) => gzipSync(bytes).length;

/**
 * Gzip sizes of the document and of every script and stylesheet it makes the browser load;
 * `css` also counts the stylesheet inlined in the document (which `html` includes).
 */
export async function measureBytes(origin: string, pagePath: string): Promise<PageBytes> {
  const html = Buffer.from(
    await (await fetch(`${origin}${pagePath}`, { headers: { "user-agent": BROWSER_USER_AGENT } })).arrayBuffer(),
  );
  const text = html.toString("utf8");
  const assets = (pattern: RegExp) => [...new Set([...text.matchAll(pattern)].map((match) => match[1]!))];
  // A stored page holds its preloads' addresses until its first paint (docs/decisions.md).
  const scripts = assets(
    /<(?:script[^>]*\ssrc|link[^>]*(?:rel|data-rel-after-first-paint)="modulepreload"[^>]*\shref)="([^"]+)"/g,
  );
  // The entry module imports its chunks from an inline script rather than a src attribute.
  const inlineImports = assets(/import\s*(?:\*\s*as\s+\w+\s+from\s*)?"(\/build\/[^"]+\.js)"/g);
  const styles = assets(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g);
  const total = async (urls: string[]) => {
    let sum = 0;
    for (const url of urls) sum += gzipSize(Buffer.from(await (await fetch(new URL(url, origin))).arrayBuffer()));
    return sum;
  };
  return {
    html: gzipSize(html),
    js: await total([...new Set([...scripts, ...inlineImports])]),
    css: (await total(styles)) + gzipSize(Buffer.from(assets(/<style[^>]*>([^<]*)<\/style>/g).join(""))),
  };
}
