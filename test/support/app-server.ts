import { spawn, type ChildProcess } from "node:child_process";
import { randomInt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, inject } from "vitest";

export const ROOT = path.resolve(import.meta.dirname, "../..");
/** remix-serve behind the launcher that keeps `q` out of the access log, as `npm run serve` and the image run it. */
const SERVE = path.join(ROOT, "serve.js");

/**
 * The Node binary that runs the server: this one by default; CI sets APP_SERVER_NODE to the
 * image's Node release so the server-level tests also run on it (.ci/run).
 */
const APP_SERVER_NODE = process.env.APP_SERVER_NODE || process.execPath;

/**
 * The V8 flags the container runs with (Dockerfile ENV NODE_OPTIONS, checked by
 * dockerfile.test.ts): a heap ceiling makes V8 collect garbage under bursts instead of
 * growing the heap, and still leaves room for two copies of a 20 MB sheet during a refresh.
 */
export const PRODUCTION_NODE_OPTIONS = "--max-old-space-size=512";

export interface AppServer {
  origin: string;
  process: ChildProcess;
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string;
  /**
   * Moves the server's clocks forward by `ms` (started with `movableClock` only; see
   * test/support/movable-clock.mjs), resolving once the server has taken it.
   */
  advanceClock: (ms: number) => Promise<void>;
  /**
   * Stops the server's clocks (`false`) so that only `advanceClock` moves them, or lets them run
   * again from where they stand (`true`); `movableClock` only.
   */
  setClockRunning: (running: boolean) => Promise<void>;
  stop: () => Promise<number | null>;
}

/**
 * The FORM_SECRET every test server starts with, so a test can sign a form's start stamp as the
 * page would (test/support/waitlist.ts); a test of the secret the server makes itself unsets it.
 */
export const TEST_FORM_SECRET = "test-form-secret-not-for-production-0123456789";

/**
 * The hour's mail budgets every test server starts with: large enough that no test's many
 * sign-ups from one client (a browser test's are all from loopback) or to example.com meet a
 * share. The budgets' own tests (test/server/mail-budgets.test.ts) unset them, for the product's
 * defaults.
 */
const ROOMY_MAIL_BUDGETS = { FORM_MAILS_PER_HOUR: "100000", CONTACT_MAILS_PER_HOUR: "10000" };

const MOVABLE_CLOCK = path.join(ROOT, "test/support/movable-clock.mjs");
const CLOCK_AT = path.join(ROOT, "test/support/clock-at.mjs");

/**
 * The id format every test server and command starts with: any canonical id, as before
 * ID_PATTERN, so the fixtures' ids (P000001, M-01, FN-001…) take entries. The default
 * format's own tests (test/lib/draw-records/freeze.server.test.ts, test/server/draws.test.ts)
 * leave it unset.
 */
export const TEST_ID_PATTERN = "^[A-Z0-9._-]+$";

/**
 * TIMESTAMP_AUTHORITIES and TIMESTAMP_ROOTS of the run's two loopback authorities
 * (test/setup/shared-services.ts), which witness every app and draw command a test starts
 * unless its env names others; none outside a test run (the bench), where the defaults apply.
 * Their roots are test roots: they count only where NODE_ENV says development or test (a
 * production server ignores them, docs/decisions/089-public-verdicts-on-public-roots.md).
 */
export function witnessEnv(): Record<string, string> {
  let authorities: string | undefined;
  let roots: string | undefined;
  try {
    [authorities, roots] = [inject("timestampAuthorities"), inject("timestampRoots")];
  } catch {
    // Outside a test run.
  }
  return authorities && roots ? { TIMESTAMP_AUTHORITIES: authorities, TIMESTAMP_ROOTS: roots } : {};
}

/**
 * The witnesses of a server started with `nodeEnv`: the test roots only where they count (a
 * production server would only say at start-up that it ignores them).
 */
function witnessEnvFor(nodeEnv: string): Record<string, string | undefined> {
  const { TIMESTAMP_ROOTS, ...authorities } = witnessEnv();
  return nodeEnv === "test" || nodeEnv === "development" ? { ...authorities, TIMESTAMP_ROOTS } : authorities;
}

/** An environment without the variables a test set to `undefined`: the server sees them unset. */
function definedOnly(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)) as NodeJS.ProcessEnv;
}

/**
 * Ports for the servers a test starts, from a block of its own per vitest worker (VITEST_POOL_ID;
 * 0 for the run's global set-up) below Linux's ephemeral range (32768–60999). Asking the kernel
 * for any free port let two workers be handed the same one between the check and the server's
 * bind (EADDRINUSE in CI); the kernel also hands ephemeral ports to every outgoing connection.
 * A port is still only checked, not held: startAppServer tries again on EADDRINUSE.
 */
const PORT_BLOCK_SIZE = 500;
const FIRST_PORT = 10_000;
const PORT_BLOCKS = Math.floor((32_768 - FIRST_PORT) / PORT_BLOCK_SIZE);
/** Where in its block this process starts: two runs on one machine rarely walk the same ports. */
let portsHandedOut = randomInt(PORT_BLOCK_SIZE);

export async function freePort(): Promise<number> {
  const block = Number(process.env.VITEST_POOL_ID ?? 0) % PORT_BLOCKS;
  for (let tries = 0; tries < PORT_BLOCK_SIZE; tries++) {
    const port = FIRST_PORT + block * PORT_BLOCK_SIZE + (portsHandedOut++ % PORT_BLOCK_SIZE);
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port in block ${block}`);
}

async function bindable(port: number): Promise<boolean> {
  const server = createServer();
  const bound = await new Promise<boolean>((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => resolve(true));
  });
  if (bound) await new Promise((resolve) => server.close(resolve));
  return bound;
}

/** Every server this process started that has not exited. */
const running = new Set<ChildProcess>();

/**
 * Stops the servers a test file left running: one whose start was awaited beside another that
 * failed or timed out (`Promise.all` in a `beforeAll`) was never handed to the file's `afterAll`,
 * and kept loading the machine for every file after it (test/setup/stop-leftover-apps.ts).
 */
export async function stopLeftoverAppServers(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise((resolve) => {
          child.once("exit", resolve);
          child.kill("SIGKILL");
        }),
    ),
  );
}
// A worker that ends leaves none behind either.
process.once("exit", () => running.forEach((child) => child.kill("SIGKILL")));

/**
 * Starts the production build with remix-serve, as the container does; on a free port unless
 * given one. Without DATA_DIR or DATABASE_URL it gets an empty data directory of its own,
 * deleted when it stops, so no test writes into the checkout's ./data. `clockAt` starts its wall
 * clock at that instant (test/support/clock-at.mjs), for records a test dates in the past.
 */
export async function startAppServer(
  env: Record<string, string | undefined> = {},
  { port = 0, ...options }: { port?: number } & LaunchOptions = {},
): Promise<AppServer> {
  // Another run on the machine (a second worktree's tests) can take a port between freePort's
  // check and the server's bind: a port freePort chose is then given up for another, three
  // tries in all.
  for (let attempt = 1; ; attempt++) {
    try {
      return await launchAppServer(env, port || (await freePort()), options);
    } catch (error) {
      if (port || attempt === 3 || !String(error).includes("EADDRINUSE")) throw error;
    }
  }
}

interface LaunchOptions {
  movableClock?: boolean;
  clockAt?: Date;
}

async function launchAppServer(
  env: Record<string, string | undefined>,
  port: number,
  { movableClock = false, clockAt }: LaunchOptions,
): Promise<AppServer> {
  // On PostgreSQL too: the server keeps there the secret it makes when FORM_SECRET is unset.
  const ownDataDir = env.DATA_DIR ? undefined : mkdtempSync(path.join(tmpdir(), "app-data-"));
  const child = spawn(
    APP_SERVER_NODE,
    [
      ...(movableClock ? ["--import", MOVABLE_CLOCK] : []),
      ...(clockAt ? ["--import", CLOCK_AT] : []),
      SERVE,
      "build/index.js",
    ],
    {
      cwd: ROOT,
      env: definedOnly({
        ...process.env,
        NODE_ENV: "production",
        NODE_OPTIONS: PRODUCTION_NODE_OPTIONS,
        PORT: String(port),
        HOST: "127.0.0.1",
        FORM_SECRET: TEST_FORM_SECRET,
        ID_PATTERN: TEST_ID_PATTERN,
        ...ROOMY_MAIL_BUDGETS,
        ...witnessEnvFor(env.NODE_ENV ?? "production"),
        ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
        ...(clockAt ? { CLOCK_AT: clockAt.toISOString() } : {}),
        ...env,
      }),
      stdio: ["ignore", "pipe", "pipe", ...(movableClock ? (["ipc"] as const) : [])],
    },
  );
  running.add(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      running.delete(child);
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );

  await new Promise<void>((resolve, reject) => {
    // A server that did not start in time is stopped: left running, it would load the machine
    // for every test after it. A start costs about a second of CPU; on a machine shared with
    // other runs it took more than 15 s of wall time (docs/testing.md, "Speed"), so the bound is
    // one a busy machine meets, well inside a test's 60 s.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start:\n${output}`));
    }, 40_000);
    const onData = () => {
      if (output.includes("[remix-serve]")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited during start-up:\n${output}`));
    });
  });

  /** Sends the server's clock (test/support/movable-clock.mjs) a message, resolving once it has taken it. */
  const tellClock = async (message: object) => {
    if (!movableClock) throw new Error("moving the clock needs startAppServer(env, { movableClock: true })");
    const taken = new Promise((resolve) => child.once("message", resolve));
    child.send(message);
    await taken;
  };

  return {
    origin: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    advanceClock: (ms) => tellClock({ advanceClockMs: ms }),
    setClockRunning: (running) => tellClock({ clockRunning: running }),
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/**
 * The lines about refused requests `app` printed since `from` (an offset into its output), once
 * there are at least `count`: the server writes its log through a pipe, so a line can arrive
 * just after the response.
 */
export async function refusalsLogged(app: AppServer, from: number, count: number): Promise<string[]> {
  const refusals = () =>
    app
      .output()
      .slice(from)
      .split("\n")
      .filter((line) => line.includes('"event":"request_refused"'));
  await expect.poll(() => refusals().length).toBeGreaterThanOrEqual(count);
  return refusals();
}
