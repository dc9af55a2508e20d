/**
 * `npm run load`: the built server under 50 concurrent connections for 30 s (LOAD_SECONDS
 * to change), cycling through /, /sorteos and /sorteos?q=mar, with the sheet on loopback.
 *
 * Fails (exit 1) on any error or non-2xx answer, if the sheet was fetched other than exactly
 * once (the cache must absorb the load), or if the server's resident memory grew by 100 MB
 * or more. Then the attacks of issue 41 (load-attacks.ts), each next to its visitors' success
 * rate and wait; `LOAD_ATTACKS=0` skips them.
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { sheetPath } from "../mocks/handlers";
import { startSheetServer } from "../mocks/sheet-server";
import { startAppServer } from "../support/app-server";
import { attackRows } from "./load-attacks";
import { loadFigures, lostRequests, reportVerdict } from "./load-verdict";

const CONNECTIONS = 50;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const MAX_RSS_GROWTH_MB = 100;
const WARM_UP_SECONDS = 5;
const PATHS = ["/", "/sorteos", "/sorteos?q=mar"];
const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

if (!Number.isFinite(SECONDS) || SECONDS < 1) {
  console.error(`LOAD_SECONDS must be a positive number of seconds, got "${process.env.LOAD_SECONDS}"`);
  process.exit(1);
}

function residentMb(pid: number): number {
  const match = /VmRSS:\s+(\d+)\s*kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

const sheets = await startSheetServer();
const sheet = sheetPath("ok");
const app = await startAppServer({ PARTICIPANTS_CSV_URL: sheets.url(sheet) });
const pid = app.process.pid!;
const loadOptions = {
  url: app.origin,
  connections: CONNECTIONS,
  // What a browser sends: stored pages answer with their brotli bytes.
  headers: { "user-agent": BROWSER_UA, "accept-encoding": "gzip, deflate, br" },
  requests: PATHS.map((path) => ({ method: "GET" as const, path })),
};
let failed = false;

try {
  const rssAtStart = residentMb(pid);
  // One request of each kind first, so the baseline includes the loaded sheet and warm code.
  for (const path of PATHS) {
    const response = await fetch(`${app.origin}${path}`, { headers: { "user-agent": BROWSER_UA } });
    await response.text();
    if (!response.ok) throw new Error(`warm-up ${path} answered ${response.status}`);
  }
  const rssAfterWarmUp = residentMb(pid);
  // A short burst at the same concurrency lets V8 size its heap for this traffic; growth
  // measured from there is what sustained load adds (a leak would), not that first sizing.
  await autocannon({ ...loadOptions, duration: WARM_UP_SECONDS });
  const rssBefore = residentMb(pid);

  console.log(`Load: ${CONNECTIONS} connections for ${SECONDS} s over ${PATHS.join(", ")} at ${app.origin}`);
  const result = await autocannon({ ...loadOptions, duration: SECONDS });
  const rssAfter = residentMb(pid);
  const upstreamFetches = sheets.hits(sheet);
  // Judged from the first requests (sheet loaded, code warm), the stricter of the two readings.
  const rssGrowth = rssAfter - rssAfterWarmUp;

  const figures = {
    ...loadFigures(result),
    "upstream fetches": upstreamFetches,
    "RSS at start (MB)": Math.round(rssAtStart),
    "RSS after first requests (MB)": Math.round(rssAfterWarmUp),
    "RSS after 5 s warm-up burst (MB)": Math.round(rssBefore),
    "RSS after load (MB)": Math.round(rssAfter),
    "RSS growth during the load (MB)": Math.round(rssAfter - rssBefore),
    "RSS growth since first requests (MB)": Math.round(rssGrowth),
  };
  console.table(figures);

  const problems = [
    ...lostRequests(result),
    upstreamFetches !== 1 && `the sheet was fetched ${upstreamFetches} times, expected exactly 1`,
    rssGrowth >= MAX_RSS_GROWTH_MB &&
      `resident memory grew by ${Math.round(rssGrowth)} MB (limit ${MAX_RSS_GROWTH_MB} MB)`,
  ].filter((problem): problem is string => Boolean(problem));
  if (process.env.LOAD_ATTACKS !== "0") {
    console.log("Attacks (each on a fresh server at the product's figures): visitors from other networks");
    const attacks = await attackRows();
    console.table(
      attacks.map(({ attack, visitors, answerMs, mailAfter, note }) => ({
        attack,
        "visitors answered": visitors,
        "answer median / max": answerMs,
        "their mail": mailAfter,
        note,
      })),
    );
    problems.push(...attacks.flatMap((attack) => attack.problems));
  }
  failed = reportVerdict(problems);
} catch (error) {
  failed = true;
  console.error(error);
  console.error(app.output().split("\n").slice(-30).join("\n"));
} finally {
  const code = await app.stop();
  if (code !== 0) {
    failed = true;
    console.error(`the server exited with ${code}`);
  }
  await sheets.close();
}

process.exit(failed ? 1 : 0);
