/**
 * `npx tsx test/bench/busy-host.ts [pages…]`: Lighthouse (mobile defaults, system Chromium) on
 * the built site with one core kept busy by `stress-ng --cpu 1`, as an ordinary busy phone or
 * host would have it (docs/performance.md, "Busy host"). Each page runs BUSY_RUNS times (default
 * 3); the load average is read before each page, since other work on the machine counts too.
 * Two rows follow the pages: the host's floor, a bare page (a heading and a paragraph, no style,
 * no script) served with the headers the site sends with `/privacidad` and without any: no page
 * of the site can score above what a bare page scores with its headers on the same host.
 */
import { spawn } from "node:child_process";
import { createServer, type OutgoingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { generatedSheetPath } from "../mocks/handlers";
import { startSheetServer } from "../mocks/sheet-server";
import { startAppServer } from "../support/app-server";
import { CHROMIUM_PATH } from "../support/browser";
import { measureBytes } from "../support/page-bytes";
import { runLighthouseRepeatedly, type LighthouseFigures } from "./lighthouse";

const RUNS = Number(process.env.BUSY_RUNS ?? 3);
const PAGES =
  process.argv.slice(2).length > 0
    ? process.argv.slice(2)
    : ["/", "/encuesta", "/sorteos", "/bases-y-condiciones", "/privacidad", "/contacto"];

const scores = (run: LighthouseFigures) =>
  `${run.performance} / ${run.accessibility} / ${run.bestPractices} / ${run.seo}`;

const BARE_PAGE =
  '<!doctype html><html lang="es"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<meta name="description" content="Una página sin nada más."><title>Página mínima</title>' +
  '<link rel="icon" href="data:,"></head><body><main><h1>Hola</h1><p>Una página sin nada más.</p></main></body></html>';

/** What the response says of itself, not of the document: the bare page has its own. */
const OWN_HEADERS = new Set([
  "content-encoding",
  "content-length",
  "content-type",
  "transfer-encoding",
  "etag",
  "date",
  "connection",
  "keep-alive",
  "vary",
]);

/** The bare page on loopback with `headers` beside its own; robots.txt so that SEO scores it whole. */
async function serveBarePage(headers: OutgoingHttpHeaders): Promise<{ url: string; close: () => void }> {
  const server = createServer((request, response) => {
    if (request.url === "/robots.txt") return response.end("User-agent: *\nAllow: /\n");
    response.writeHead(200, { ...headers, "content-type": "text/html; charset=utf-8" }).end(BARE_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => server.close(),
  };
}

/** One row of the table: BUSY_RUNS Lighthouse runs of `url`, the load average read before them. */
async function row(label: string, url: string, javaScriptBytes: number): Promise<string> {
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(", ");
  const summary = await runLighthouseRepeatedly(url, CHROMIUM_PATH, RUNS);
  const tbt = summary.runs.map((run) => Math.round(run.tbtMs)).join(", ");
  const runs = [...summary.runs.map(scores), ...Array<string>(summary.failed).fill("failed")].join("; ");
  return `| ${label} | ${javaScriptBytes.toLocaleString("en")} B | ${runs} | ${tbt} | ${load} |`;
}

const sheets = await startSheetServer();
const app = await startAppServer({ PARTICIPANTS_CSV_URL: sheets.url(generatedSheetPath(10_000)) });
const stress = spawn("stress-ng", ["--cpu", "1", "--quiet"], { stdio: "ignore" });
try {
  const rows: string[] = [];
  for (const pagePath of PAGES) {
    const { js } = await measureBytes(app.origin, pagePath);
    rows.push(await row(`\`${pagePath}\``, `${app.origin}${pagePath}`, js));
  }
  const siteHeaders = Object.fromEntries(
    [...(await fetch(`${app.origin}/privacidad`, { method: "HEAD" })).headers].filter(
      ([name]) => !OWN_HEADERS.has(name),
    ),
  );
  for (const [label, headers] of [
    ["a bare page, the site's headers", siteHeaders],
    ["a bare page, no headers", {}],
  ] as const) {
    const bare = await serveBarePage(headers);
    try {
      rows.push(await row(label, bare.url, 0));
    } finally {
      bare.close();
    }
  }
  console.log("| page | JS (gzip) | perf / a11y / best practices / SEO, each run | TBT ms, each run | load average |");
  console.log("| --- | --- | --- | --- | --- |");
  console.log(rows.join("\n"));
} finally {
  stress.kill();
  await app.stop();
  await sheets.close();
}
