/**
 * `npm run bench`: the performance picture of a production build, in one run on this
 * machine. See docs/performance.md for the targets and the latest figures.
 *
 *   BENCH_SECONDS   seconds per throughput measurement (default 10; routes compared with
 *                   /healthz share them in turns)
 *   BENCH_LIGHTHOUSE_RUNS    Lighthouse runs per page, reported by their median (default 3)
 *   BENCH_SKIP_LIGHTHOUSE=1  skip the Lighthouse pass
 *   BENCH_SKIP_THROUGHPUT=1  skip the req/s measurements
 *   BENCH_SHEET_ROWS         sheet sizes for throughput and refresh (default 10,10000,100000)
 *   BENCH_STALL_RUNS         refreshes measured per sheet size and start mode (default 3)
 *   BENCH_SKIP_REFRESH=1     skip the sheet refresh measurements (cold time, stalls)
 *   BENCH_SKIP_HOSTILE=1     skip the worst request times for hostile request shapes
 *   BENCH_SKIP_SIGNUPS=1     skip the /encuesta sign-ups on the embedded database and on PostgreSQL
 *   BENCH_SKIP_EDGE=1        skip the floods at the edge (idle POSTs, oversized bodies)
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { generatedSheetPath } from "../mocks/handlers";
import { startSheetServer } from "../mocks/sheet-server";
import { freePort, PRODUCTION_NODE_OPTIONS, ROOT, startAppServer, type AppServer } from "../support/app-server";
import { BROWSER_USER_AGENT, CHROMIUM_PATH } from "../support/browser";
import { measureBytes } from "../support/page-bytes";
import { createPostgresDatabase, startPostgres } from "../support/postgres";
import { rawGet } from "../support/raw-http";
import { formStartAgo } from "../support/waitlist";
import { edgeFloodRows } from "./edge-floods";
import { runLighthouseRepeatedly, type LighthouseFigures, type LighthouseSummary } from "./lighthouse";
import { yearOfDraws } from "./year-of-draws";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const skip = (part: string) => process.env[`BENCH_SKIP_${part}`] === "1";
const CONNECTIONS = 50;
const SHEET_SIZES = (process.env.BENCH_SHEET_ROWS ?? "10,10000,100000").split(",").map(Number);
/** A token of our links' shape (unknown to the database: opening a link changes nothing). */
const LINK_TOKEN = "A".repeat(32);
/**
 * The eight pages a visitor reaches: the six indexed ones and the two a mail links to, opened
 * from the link as the mail gives it (its redirect, then the page with its button).
 */
const PAGES = [
  "/",
  "/sorteos",
  "/encuesta",
  "/bases-y-condiciones",
  "/privacidad",
  "/contacto",
  `/avisos/confirmar?t=${LINK_TOKEN}`,
  `/avisos/baja?t=${LINK_TOKEN}`,
];
const THROUGHPUT_ROUTES = ["/", "/sorteos"];
/** What a browser sends: the stored pages answer with their brotli bytes. */
const HEADERS = { "user-agent": BROWSER_USER_AGENT, "accept-encoding": "gzip, deflate, br" };

interface Throughput {
  rps: number;
  p99: number;
  bad: number;
}

async function measureThroughput(url: string, seconds = SECONDS): Promise<Throughput> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: HEADERS });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    bad: result.errors + result.timeouts + result.non2xx,
  };
}

/** Requests per shape in the hostile-requests table; its worst time is what it reports. */
const HOSTILE_REPEATS = 20;

/**
 * Request shapes the internet sends, each next to an ordinary page: the worst of
 * HOSTILE_REPEATS sequential requests, in ms, and the status answered.
 */
const HOSTILE_SHAPES: [string, string][] = [
  ["ordinary page", "/sorteos"],
  ["ordinary 404", "/no-existe"],
  ["7,000-segment path (14 KB)", `/${"a/".repeat(7000)}`],
  ["2,000-segment path (4 KB, within the limit)", `/${"a/".repeat(1999)}a`],
  ["400 query keys (4 KB)", `/sorteos?${Array.from({ length: 400 }, (_, index) => `k${index}=v`).join("&")}`],
  ["long q (4 KB)", `/sorteos?q=${"a".repeat(4000)}`],
];

async function worstRequestTimes(origin: string): Promise<(string | number)[][]> {
  const rows: (string | number)[][] = [];
  for (const [shape, path] of HOSTILE_SHAPES) {
    let worst = 0;
    let status = 0;
    for (let run = 0; run < HOSTILE_REPEATS; run += 1) {
      const started = performance.now();
      ({ status } = await rawGet(origin, path, HEADERS));
      worst = Math.max(worst, performance.now() - started);
    }
    rows.push([shape, status, `${Math.round(worst)} ms`]);
  }
  return rows;
}

/** Rounds in which the routes compared with each other take turns. */
const ROUNDS = 3;

/**
 * The throughput of each URL, measured in turns (ROUNDS rounds of SECONDS / ROUNDS each)
 * so that a neighbour's load on this shared machine weighs on all of them alike: the
 * ratios are what to read, not the absolute figures.
 */
async function measureInTurns(urls: string[]): Promise<Throughput[]> {
  const rounds: Throughput[][] = urls.map(() => []);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, url] of urls.entries()) rounds[index]!.push(await measureThroughput(url, SECONDS / ROUNDS));
  }
  return rounds.map((measured) => ({
    rps: Math.round(measured.reduce((sum, { rps }) => sum + rps, 0) / measured.length),
    p99: Math.max(...measured.map(({ p99 }) => p99)),
    bad: measured.reduce((sum, { bad }) => sum + bad, 0),
  }));
}

/** A bare node:http server in its own process, answering every request with the given bytes. */
async function startBareServer(
  body: Buffer,
  contentType: string,
  contentEncoding: string,
): Promise<{ origin: string; stop: () => void }> {
  const file = path.join(tmpdir(), `bench-body-${process.pid}-${Date.now()}`);
  writeFileSync(file, body);
  const port = await freePort();
  const source = `
    const body = require("node:fs").readFileSync(${JSON.stringify(file)});
    require("node:http").createServer((req, res) => {
      res.writeHead(200, { "content-type": ${JSON.stringify(contentType)}, "content-encoding": ${JSON.stringify(
        contentEncoding,
      )}, "content-length": body.length });
      res.end(body);
    }).listen(${port}, "127.0.0.1", () => console.log("ready"));`;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((resolve) => child.stdout.once("data", resolve));
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/**
 * Polls /healthz (or `probePath`) from a separate process every `intervalMs` and reports the
 * slowest answer: how long the app's event loop was blocked, as another visitor would feel it.
 */
async function startStallProbe(
  origin: string,
  intervalMs = 5,
  probePath = "/healthz",
): Promise<{ stop: () => Promise<number> }> {
  // The probe's own first requests (connection set-up, its cold code) are not the app's doing.
  const source = `
    let worst = 0, count = 0, running = true;
    process.on("SIGTERM", () => { running = false; });
    (async () => {
      while (running) {
        const started = performance.now();
        await (await fetch(${JSON.stringify(`${origin}${probePath}`)})).arrayBuffer();
        if (++count > 20) worst = Math.max(worst, performance.now() - started);
        if (count === 20) console.log("ready");
        await new Promise((resolve) => setTimeout(resolve, ${intervalMs}));
      }
      console.log(Math.round(worst));
    })();`;
  const child: ChildProcess = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  await new Promise<void>((resolve) => {
    const check = () => (output.includes("ready") ? resolve() : setTimeout(check, 10));
    check();
  });
  return {
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve(Number(output.replace("ready", "").trim())));
        child.kill("SIGTERM");
      }),
  };
}

interface Health {
  participants: { fetchedAt: string | null };
}

const fetchedAt = async (origin: string) =>
  ((await (await fetch(`${origin}/healthz`)).json()) as Health).participants.fetchedAt;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How the app is started: like `npm start` (no flags), and like the container. */
const STARTS = [
  { label: "npm start", nodeOptions: "" },
  { label: "container", nodeOptions: PRODUCTION_NODE_OPTIONS },
];
const STALL_RUNS = Number(process.env.BENCH_STALL_RUNS ?? 3);
const REFRESH_TTL_SECONDS = 3;

/** Visitors browsing every page for `seconds`, so code, caches and heap are as after some uptime. */
async function browse(origin: string, seconds: number): Promise<void> {
  await autocannon({
    url: origin,
    connections: 4,
    duration: seconds,
    headers: HEADERS,
    requests: [...PAGES, "/sorteos?q=ana", "/sorteos?page=3"].map((pagePath) => ({ method: "GET", path: pagePath })),
  });
}

/**
 * The slowest /healthz answer while the sheet refreshes in the background, on a server that
 * has been up a while: it has served pages under load and refreshed the sheet once already
 * (so the refresh code is warm and the heap holds what a running server holds).
 */
async function worstStallDuringRefresh(sheetUrl: string, nodeOptions: string): Promise<number> {
  const app = await startAppServer({
    PARTICIPANTS_CSV_URL: sheetUrl,
    PARTICIPANTS_TTL_SECONDS: String(REFRESH_TTL_SECONDS),
    NODE_OPTIONS: nodeOptions,
  });
  try {
    await (await fetch(`${app.origin}/sorteos`, { headers: HEADERS })).arrayBuffer();
    const firstCopy = await fetchedAt(app.origin);
    while ((await fetchedAt(app.origin)) === firstCopy) await browse(app.origin, 1);
    const secondCopy = await fetchedAt(app.origin);
    await sleep(REFRESH_TTL_SECONDS * 1000 + 100);
    const probe = await startStallProbe(app.origin);
    await (await fetch(`${app.origin}/sorteos`, { headers: HEADERS })).arrayBuffer();
    while ((await fetchedAt(app.origin)) === secondCopy) await sleep(20);
    return await probe.stop();
  } finally {
    await app.stop();
  }
}

/** Every start mode, STALL_RUNS times each: "npm start 41, 38, 52 ms; container …". */
async function stallsDuringRefresh(sheetUrl: string): Promise<string> {
  const parts: string[] = [];
  for (const { label, nodeOptions } of STARTS) {
    const worst: number[] = [];
    for (let run = 0; run < STALL_RUNS; run++) worst.push(await worstStallDuringRefresh(sheetUrl, nodeOptions));
    parts.push(`${label}: ${worst.join(", ")} ms`);
  }
  return parts.join("; ");
}

/** A request of the sign-up load, built for the `index`th request sent. */
interface LoadRequest {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

interface SustainedLoad {
  answered: number;
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * CONNECTIONS clients each sending one request after another for `seconds`. Unlike autocannon,
 * which cuts off the requests in flight when its time is up, the last ones are waited for: every
 * request sent is answered or counted as an error, so rows stored can be held against answers.
 */
async function sustainedLoad(
  origin: string,
  seconds: number,
  next: (index: number) => LoadRequest,
): Promise<SustainedLoad> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let sent = 0;
  let errors = 0;
  let non2xx = 0;
  const send = ({ method, path: requestPath, headers = {}, body }: LoadRequest) =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(
        `${origin}${requestPath}`,
        {
          method,
          agent,
          headers: body === undefined ? headers : { ...headers, "content-length": Buffer.byteLength(body) },
        },
        (response) => {
          response.on("end", () => resolve(response.statusCode ?? 0)).on("error", reject);
          response.resume();
        },
      );
      request.on("error", reject).end(body);
    });
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const requestStarted = performance.now();
        try {
          const status = await send(next(sent++));
          latencies.push(performance.now() - requestStarted);
          if (status < 200 || status > 299) non2xx += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsedSeconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    answered: latencies.length,
    rps: Math.round(latencies.length / elapsedSeconds),
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
    errors,
    non2xx,
  };
}

/** How long the sign-ups run, and how often /healthz is asked meanwhile. */
const SIGNUP_SECONDS = 15;
const SIGNUP_PROBE_MS = 50;

/**
 * The `index`th sign-up: a distinct address, as a browser without JavaScript posts it (consent
 * ticked, honeypot empty, the page rendered 5 s before, the answer asked for compressed), from
 * a distinct client behind a proxy on loopback, so the per-client limit (30 per 10 minutes)
 * never throttles the bench.
 */
function signUpRequest(index: number): LoadRequest {
  const form = new URLSearchParams({
    email: `bench-${index}@example.com`,
    consentimiento: "si",
    sitio_web: "",
    inicio: formStartAgo(5000),
  });
  return {
    method: "POST",
    path: "/encuesta",
    headers: {
      ...HEADERS,
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
    },
    body: form.toString(),
  };
}

/** The waitlist rows in `env`'s database, counted from `npm run waitlist:export`'s CSV. */
async function storedRows(env: Record<string, string>): Promise<number> {
  const csv = await new Promise<string>((resolve, reject) =>
    execFile(
      path.join(ROOT, "node_modules/.bin/tsx"),
      ["other/waitlist-export.ts"],
      { cwd: ROOT, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    ),
  );
  return csv.trimEnd().split("\n").length - 1;
}

/**
 * /healthz alone, then SIGNUP_SECONDS of sign-ups on a fresh database of `env` with /healthz
 * asked every SIGNUP_PROBE_MS meanwhile; no SMTP_URL, so the mails wait in the outbox.
 */
async function measureSignUps(label: string, env: Record<string, string>): Promise<(string | number)[]> {
  // Every sign-up is a distinct address and client: above the site's hourly mail ceiling (200),
  // which would otherwise answer most of them 503 at once and count them as sign-ups.
  const app = await startAppServer({ ...env, SMTP_URL: undefined, FORM_MAILS_PER_HOUR: "100000" });
  try {
    const floor = await sustainedLoad(app.origin, SIGNUP_SECONDS, () => ({ method: "GET", path: "/healthz" }));
    // /healthz answers from memory (docs/decisions/070-health-says-status-details-in-a-command.md)
    // and `/` is a stored page: both show what the event loop alone costs a visitor.
    const healthProbe = await startStallProbe(app.origin, SIGNUP_PROBE_MS);
    const pageProbe = await startStallProbe(app.origin, SIGNUP_PROBE_MS, "/");
    const signUps = await sustainedLoad(app.origin, SIGNUP_SECONDS, signUpRequest);
    const worstWait = await healthProbe.stop();
    const worstPageWait = await pageProbe.stop();
    await app.stop();
    const rows = await storedRows(env);
    return [
      label,
      signUps.rps,
      `${floor.rps} / ${floor.p99} ms`,
      `${(signUps.rps / floor.rps).toFixed(2)}×`,
      `${signUps.p99} ms`,
      signUps.errors,
      signUps.non2xx,
      `${rows} / ${signUps.answered}${rows === signUps.answered ? "" : " (differ)"}`,
      `${worstWait} ms`,
      `${worstPageWait} ms`,
    ];
  } finally {
    await app.stop();
  }
}

/** Sign-ups on the embedded database (a fresh data directory) and on a real, durable PostgreSQL. */
async function signUpRows(): Promise<(string | number)[][]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-data-"));
  const postgres = await startPostgres({ durable: true });
  try {
    return [
      await measureSignUps("embedded", { DATA_DIR: dataDir }),
      await measureSignUps("postgres", { DATABASE_URL: await createPostgresDatabase(postgres.adminUrl) }),
    ];
  } finally {
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function table(headers: string[], rows: (string | number)[][]): string {
  const lines = [headers, headers.map(() => "---"), ...rows.map((row) => row.map(String))];
  return lines.map((line) => `| ${line.join(" | ")} |`).join("\n");
}

const sheets = await startSheetServer();
const throughputRows: (string | number)[][] = [];
const sheetRows: (string | number)[][] = [];
let lighthouseApp: AppServer | undefined;

const range = (values: number[], format: (value: number) => string) =>
  values.length > 1 ? ` (${format(Math.min(...values))}–${format(Math.max(...values))})` : "";
const ms = (value: number) => `${Math.round(value)}`;

/** A median figure, with the range over the runs when there were several. */
function figure(summary: LighthouseSummary, key: keyof LighthouseFigures, format = ms): string {
  return `${format(summary.median[key])}${range(
    summary.runs.map((run) => run[key]),
    format,
  )}`;
}

try {
  for (const size of SHEET_SIZES) {
    if (skip("THROUGHPUT") && skip("REFRESH")) break;
    const sheetPath = generatedSheetPath(size);
    // Generate the sheet before the app asks for it, so the cold timing is the app's own.
    await (await fetch(sheets.url(sheetPath))).arrayBuffer();
    const worstStall = skip("REFRESH") ? null : await stallsDuringRefresh(sheets.url(sheetPath));

    // A year of draws in its database: the pages read their records as a site a year old does.
    const app = await startAppServer({ PARTICIPANTS_CSV_URL: sheets.url(sheetPath), DATA_DIR: await yearOfDraws() });
    const hitsBefore = sheets.hits(sheetPath);
    const started = performance.now();
    await (await fetch(`${app.origin}/sorteos`, { headers: HEADERS })).arrayBuffer();
    const coldMs = Math.round(performance.now() - started);
    const hitsBeforeLoad = sheets.hits(sheetPath);
    const [floor, ...measuredRoutes] = skip("THROUGHPUT")
      ? []
      : await measureInTurns(["/healthz", ...THROUGHPUT_ROUTES].map((route) => `${app.origin}${route}`));
    for (const [index, route] of (floor ? THROUGHPUT_ROUTES : []).entries()) {
      const measured = measuredRoutes[index]!;
      // The bytes as sent (fetch would decompress them), for the bare server to repeat.
      const sent = await rawGet(app.origin, route, HEADERS);
      const bare = await startBareServer(
        sent.body,
        String(sent.headers["content-type"] ?? "text/html"),
        String(sent.headers["content-encoding"] ?? "identity"),
      );
      const ceiling = await measureThroughput(bare.origin);
      bare.stop();
      throughputRows.push([
        size.toLocaleString("en"),
        route,
        String(sent.headers["content-encoding"] ?? "identity"),
        measured.rps,
        `${measured.p99} ms`,
        measured.bad,
        `${floor!.rps} / ${floor!.p99} ms`,
        `${(measured.rps / floor!.rps).toFixed(2)}×`,
        `${ceiling.rps} / ${ceiling.p99} ms`,
      ]);
    }
    const fetchesDuringLoad = `${hitsBeforeLoad - hitsBefore} + ${
      sheets.hits(sheetPath) - hitsBeforeLoad
    } during the load`;
    if (worstStall !== null) {
      sheetRows.push([size.toLocaleString("en"), `${coldMs} ms`, worstStall, fetchesDuringLoad]);
    }

    if (size === 10_000) lighthouseApp = app;
    else await app.stop();
  }

  lighthouseApp ??= await startAppServer({ PARTICIPANTS_CSV_URL: sheets.url(generatedSheetPath(10_000)) });
  const pageRows: (string | number)[][] = [];
  const scriptBytes: string[] = [];
  for (const pagePath of PAGES) {
    const bytes = await measureBytes(lighthouseApp.origin, pagePath);
    scriptBytes.push(`${pagePath} ${bytes.js.toLocaleString("en")} B`);
    const lighthouse = skip("LIGHTHOUSE")
      ? null
      : await runLighthouseRepeatedly(`${lighthouseApp.origin}${pagePath}`, CHROMIUM_PATH, LIGHTHOUSE_RUNS);
    const scores = (run: LighthouseFigures) =>
      `${run.performance} / ${run.accessibility} / ${run.bestPractices} / ${run.seo}`;
    pageRows.push([
      pagePath,
      lighthouse ? [...lighthouse.runs.map(scores), ...Array(lighthouse.failed).fill("failed")].join("; ") : "skipped",
      lighthouse ? figure(lighthouse, "fcpMs") : "-",
      lighthouse ? figure(lighthouse, "lcpMs") : "-",
      lighthouse ? figure(lighthouse, "siMs") : "-",
      lighthouse ? figure(lighthouse, "tbtMs") : "-",
      lighthouse ? figure(lighthouse, "cls", (value) => value.toFixed(3)) : "-",
      kb(bytes.js),
      kb(bytes.css),
      kb(bytes.html),
    ]);
  }

  const hostileRows = skip("HOSTILE") ? [] : await worstRequestTimes(lighthouseApp.origin);
  const signUps = skip("SIGNUPS") ? [] : await signUpRows();
  const edgeRows = skip("EDGE") ? [] : await edgeFloodRows();

  console.log(
    `\n## Pages (sheet of 10,000 rows; Lighthouse mobile defaults, system Chromium; ` +
      `${LIGHTHOUSE_RUNS} runs: median ms (min–max))\n`,
  );
  console.log(
    table(
      [
        "page",
        "perf / a11y / best practices / SEO, each run",
        "FCP",
        "LCP",
        "SI",
        "TBT",
        "CLS",
        "JS (gzip)",
        "CSS (gzip)",
        "HTML (gzip)",
      ],
      pageRows,
    ),
  );
  console.log(
    `\n## Server throughput (${CONNECTIONS} connections, ${SECONDS} s each in ${ROUNDS} turns, sheet cached, accept-encoding: ${HEADERS["accept-encoding"]})\n`,
  );
  console.log(
    table(
      [
        "sheet rows",
        "route",
        "encoding",
        "req/s",
        "p99",
        "errors + non-2xx",
        "/healthz req/s / p99 (floor)",
        "route ÷ /healthz",
        "bare node:http, same bytes (ceiling)",
      ],
      throughputRows,
    ),
  );
  console.log(`\n## Sheet refresh\n`);
  console.log(
    table(
      [
        "sheet rows",
        "first /sorteos, cold",
        `worst /healthz wait during a refresh (${STALL_RUNS} runs per start)`,
        "upstream fetches (first request + load)",
      ],
      sheetRows,
    ),
  );
  if (hostileRows.length > 0) {
    console.log(`\n## Hostile requests (sheet of 10,000 rows; worst of ${HOSTILE_REPEATS} sequential requests)\n`);
    console.log(table(["request", "status", "worst time"], hostileRows));
  }
  if (signUps.length > 0) {
    console.log(
      `\n## Sign-ups (POST /encuesta without JavaScript, distinct addresses and clients, ${CONNECTIONS} connections, ` +
        `${SIGNUP_SECONDS} s; no SMTP_URL: the mails wait in the outbox)\n`,
    );
    console.log(
      table(
        [
          "database",
          "sign-ups/s",
          "/healthz alone req/s / p99",
          "sign-ups ÷ /healthz",
          "p99",
          "errors",
          "non-2xx",
          "rows stored / requests answered",
          `worst /healthz wait meanwhile (every ${SIGNUP_PROBE_MS} ms)`,
          "worst / wait meanwhile (same)",
        ],
        signUps,
      ),
    );
  }
  if (edgeRows.length > 0) {
    console.log(`\n## Fair turns and bounded bodies (the edge; embedded database)\n`);
    console.log(table(["case", "median", "worst", "also"], edgeRows));
  }
  console.log(`\nJavaScript each page loads, gzip: ${scriptBytes.join(", ")}`);
} finally {
  await lighthouseApp?.stop();
  await sheets.close();
}
