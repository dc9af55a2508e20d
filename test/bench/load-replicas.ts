/**
 * `npm run load:replicas`: three instances of the built server behind nginx (a plain
 * `upstream` block, nginx's default proxy settings, all on loopback), under load.
 *
 * 1. Rolling restart: LOAD_SECONDS (30) of load while each instance in turn gets SIGTERM, is
 *    waited for, and is started again on its port. The goal is 0 errors and 0 non-2xx.
 * 2. A crash: 15 s of load, one instance killed with SIGKILL 5 s in and started again 5 s
 *    later; reports what visitors saw.
 *
 * Figures go to docs/operations.md ("Replicas and restarts"). Exit 1 if phase 1 lost any
 * request or an instance exited with a status other than 0. Not run by CI: it measures.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sheetPath } from "../mocks/handlers";
import { startSheetServer } from "../mocks/sheet-server";
import { startAppServer, type AppServer } from "../support/app-server";
import { startNginx } from "../support/nginx";
import { BROWSER_USER_AGENT } from "../support/browser";
import { loadFigures, lostRequests, reportVerdict } from "./load-verdict";

const REPLICAS = 3;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const CRASH_SECONDS = 15;
const PATHS = ["/", "/sorteos", "/sorteos?q=mar"];

if (!Number.isFinite(SECONDS) || SECONDS < 10) {
  console.error(`LOAD_SECONDS must be at least 10 (three restarts fit in it), got "${process.env.LOAD_SECONDS}"`);
  process.exit(1);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Event {
  at: number;
  what: string;
}

const sheets = await startSheetServer();
const env = { PARTICIPANTS_CSV_URL: sheets.url(sheetPath("ok")) };
const dir = mkdtempSync(path.join(tmpdir(), "opinion-labz-replicas-"));
const apps: AppServer[] = [];
for (let index = 0; index < REPLICAS; index += 1) apps.push(await startAppServer(env));
const ports = apps.map((app) => Number(new URL(app.origin).port));
const nginx = await startNginx(
  dir,
  (listen) => `
  upstream site {
${ports.map((port) => `    server 127.0.0.1:${port};`).join("\n")}
  }
  server {
    listen 127.0.0.1:${listen};
    location / { proxy_pass http://site; }
  }`,
);
let failed = false;

function load(seconds: number) {
  return autocannon({
    url: nginx.origin,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { "user-agent": BROWSER_USER_AGENT, "accept-encoding": "gzip" },
    requests: PATHS.map((requestPath) => ({ method: "GET" as const, path: requestPath })),
  });
}

function figures(result: autocannon.Result) {
  const statuses = Object.entries(
    (result as unknown as { statusCodeStats: Record<string, { count: number }> }).statusCodeStats,
  )
    .map(([status, { count }]) => `${status}×${count}`)
    .join(" ");
  return { ...loadFigures(result), statuses };
}

/** What nginx noticed: each line is a request it had to retry on another instance, or could not. */
function nginxNotes(log: string) {
  const lines = log.split("\n");
  const count = (pattern: RegExp) => lines.filter((line) => pattern.test(line)).length;
  return {
    "nginx: connect() refused": count(/connect\(\) failed \(111/),
    "nginx: closed before the response header": count(/prematurely closed connection while reading response header/),
    "nginx: reset while sending the request": count(/reset by peer\) while sending request/),
    "nginx: reset while reading the response": count(/reset by peer\) while reading response/),
    "nginx: no live upstreams": count(/no live upstreams/),
  };
}

async function restart(
  index: number,
  signal: NodeJS.Signals,
  events: Event[],
  startedAt: number,
): Promise<number | null> {
  const old = apps[index]!;
  events.push({ at: Date.now() - startedAt, what: `instance ${index + 1}: ${signal}` });
  const signalledAt = Date.now();
  const exited = new Promise<number | null>((resolve) =>
    old.process.exitCode !== null ? resolve(old.process.exitCode) : old.process.once("exit", (code) => resolve(code)),
  );
  old.process.kill(signal);
  const code = await exited;
  events.push({
    at: Date.now() - startedAt,
    what: `instance ${index + 1}: exited ${code ?? signal} after ${Date.now() - signalledAt} ms`,
  });
  if (signal === "SIGKILL") await sleep(5000);
  apps[index] = await startAppServer(env, { port: ports[index]! });
  events.push({ at: Date.now() - startedAt, what: `instance ${index + 1}: listening again` });
  return code;
}

try {
  console.log(
    `nginx ${nginx.origin} → ${REPLICAS} instances on ports ${ports.join(", ")}; ${CONNECTIONS} connections over ${PATHS.join(", ")}`,
  );

  // Phase 1: each instance restarted in turn, spread over the load.
  const rolling: Event[] = [];
  const rollingStart = Date.now();
  const rollingLoad = load(SECONDS);
  const exitCodes: (number | null)[] = [];
  for (let index = 0; index < REPLICAS; index += 1) {
    await sleep(Math.max(0, rollingStart + ((index + 1) * SECONDS * 1000) / (REPLICAS + 1) - 2000 - Date.now()));
    exitCodes.push(await restart(index, "SIGTERM", rolling, rollingStart));
  }
  const rollingResult = await rollingLoad;
  const rollingLog = nginx.errorLog();
  console.log(`\nRolling restart (SIGTERM, wait for exit, start again), ${SECONDS} s:`);
  for (const event of rolling) console.log(`  ${(event.at / 1000).toFixed(1).padStart(5)} s  ${event.what}`);
  console.table({ ...figures(rollingResult), ...nginxNotes(rollingLog) });

  // Phase 2: one instance dies without warning.
  const crash: Event[] = [];
  const crashStart = Date.now();
  const crashLoad = load(CRASH_SECONDS);
  await sleep(5000);
  await restart(1, "SIGKILL", crash, crashStart);
  const crashResult = await crashLoad;
  console.log(`\nOne instance killed with SIGKILL, restarted 5 s later, ${CRASH_SECONDS} s:`);
  for (const event of crash) console.log(`  ${(event.at / 1000).toFixed(1).padStart(5)} s  ${event.what}`);
  console.table({ ...figures(crashResult), ...nginxNotes(nginx.errorLog().slice(rollingLog.length)) });

  const problems = [
    ...lostRequests(rollingResult, " during the rolling restart"),
    exitCodes.some((code) => code !== 0) && `instances exited with ${exitCodes.join(", ")} after SIGTERM`,
  ].filter((problem): problem is string => Boolean(problem));
  failed = reportVerdict(problems, "PASS: the rolling restart lost nothing");
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await nginx.stop();
  await Promise.all(apps.map((app) => app.stop()));
  await sheets.close();
  rmSync(dir, { recursive: true, force: true });
}

process.exit(failed ? 1 : 0);
