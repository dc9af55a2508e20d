/**
 * `npx tsx test/bench/busy-host.ts [pages…]`: Lighthouse (mobile defaults, system Chromium) on
 * the built site with one core kept busy by `stress-ng --cpu 1`, as an ordinary busy phone or
 * host would have it (docs/performance.md, "Busy host"). Each page runs BUSY_RUNS times (default
 * 3); the load average is read before each page, since other work on the machine counts too.
 */
import { spawn } from "node:child_process";
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

const sheets = await startSheetServer();
const app = await startAppServer({ PARTICIPANTS_CSV_URL: sheets.url(generatedSheetPath(10_000)) });
const stress = spawn("stress-ng", ["--cpu", "1", "--quiet"], { stdio: "ignore" });
try {
  const rows: string[] = [];
  for (const pagePath of PAGES) {
    const load = loadavg()
      .map((value) => value.toFixed(1))
      .join(", ");
    const { js } = await measureBytes(app.origin, pagePath);
    const summary = await runLighthouseRepeatedly(`${app.origin}${pagePath}`, CHROMIUM_PATH, RUNS);
    const tbt = summary.runs.map((run) => Math.round(run.tbtMs)).join(", ");
    const runs = [...summary.runs.map(scores), ...Array<string>(summary.failed).fill("failed")].join("; ");
    rows.push(`| \`${pagePath}\` | ${js.toLocaleString("en")} B | ${runs} | ${tbt} | ${load} |`);
  }
  console.log("| page | JS (gzip) | perf / a11y / best practices / SEO, each run | TBT ms, each run | load average |");
  console.log("| --- | --- | --- | --- | --- |");
  console.log(rows.join("\n"));
} finally {
  stress.kill();
  await app.stop();
  await sheets.close();
}
