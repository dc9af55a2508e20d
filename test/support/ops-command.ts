import { execFile } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { BUNDLED_PACKAGES } from "../../remix.config.js";
import { ROOT, TEST_FORM_SECRET } from "./app-server";
import type { CommandResult } from "./draw-command";

const CLOCK_AT = path.join(ROOT, "test/support/clock-at.mjs");

/** The environment a command of the organizer's runs with: the servers' FORM_SECRET, `env` (undefined unsets), the clock. */
function commandEnv(env: Record<string, string | undefined>, clockAt: Date | undefined): NodeJS.ProcessEnv {
  const clock = clockAt
    ? { CLOCK_AT: clockAt.toISOString(), NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${CLOCK_AT}`.trim() }
    : {};
  const variables: NodeJS.ProcessEnv = {
    ...process.env,
    FORM_SECRET: TEST_FORM_SECRET,
    ...env,
    ...clock,
  };
  for (const [name, value] of Object.entries(variables)) if (value === undefined) delete variables[name];
  return variables;
}

function run(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(program, args, { cwd: ROOT, env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * `npm run <script> -- <args>` exactly as the organizer types it (npm's own output included),
 * against the database `env` names, with the servers' FORM_SECRET, as docs/operations.md asks
 * (`FORM_SECRET: undefined` runs it without). `clockAt`: the command's "now"
 * (test/support/clock-at.mjs, preloaded into every Node process of the run, npm's too).
 */
export function npmRun(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
  { clockAt }: { clockAt?: Date } = {},
): Promise<CommandResult> {
  return run("npm", ["run", script, ...(args.length > 0 ? ["--", ...args] : [])], commandEnv(env, clockAt));
}

/** Where this process keeps its bundles: under node_modules, so their packages resolve as the checkout's do. */
const ALL_BUNDLES = path.join(ROOT, "node_modules/.cache/ops-commands");
const BUNDLES = path.join(ALL_BUNDLES, String(process.pid));
const bundles = new Map<string, Promise<string>>();

/** Whether the process `pid` still runs (signal 0 only asks). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Deletes the bundles of test processes that are gone: vitest ends its workers without an
 * `exit` event, so each process also clears what earlier ones left.
 */
function removeBundlesOfEndedProcesses(): void {
  for (const name of readdirSync(ALL_BUNDLES)) {
    if (/^\d+$/.test(name) && !running(Number(name)))
      rmSync(path.join(ALL_BUNDLES, name), { recursive: true, force: true });
  }
}

/**
 * The source file of an npm script that runs one with tsx ("privacy" → other/privacy.ts), bundled
 * once per test process as `npm run build:draw` bundles the draw command: its packages left to
 * node_modules but the ES modules the server build carries too (remix.config.js), the rest in
 * one file.
 */
export function commandBundle(script: string): Promise<string> {
  let bundle = bundles.get(script);
  if (!bundle) {
    const { scripts, dependencies, devDependencies } = JSON.parse(
      readFileSync(path.join(ROOT, "package.json"), "utf8"),
    ) as Record<"scripts" | "dependencies" | "devDependencies", Record<string, string>>;
    const source = /^tsx (other\/[\w-]+\.ts)$/.exec(scripts[script] ?? "")?.[1];
    if (!source) throw new Error(`npm run ${script} does not run a command of other/ with tsx`);
    const outfile = path.join(BUNDLES, `${script.replace(":", "-")}.mjs`);
    if (bundles.size === 0) {
      mkdirSync(BUNDLES, { recursive: true });
      removeBundlesOfEndedProcesses();
      process.once("exit", () => rmSync(BUNDLES, { recursive: true, force: true }));
    }
    bundle = build({
      entryPoints: [path.join(ROOT, source)],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      // Every other package from node_modules, as tsx loads them; `~/` is the checkout's app/ (tsconfig paths).
      external: [...Object.keys(dependencies), ...Object.keys(devDependencies)].filter(
        (name) => !BUNDLED_PACKAGES.includes(name),
      ),
      logLevel: "warning",
      outfile,
    }).then(() => outfile);
    bundles.set(script, bundle);
  }
  return bundle;
}

/**
 * The command `npm run <script>` runs, from the same source, started by node itself: without
 * npm's and tsx's start-up, about 0.8 s of CPU a run (docs/testing.md, "Speed"). For the many
 * runs a test makes of one command to check what it does; each command's tests still run it at
 * least once through `npmRun`, the way the organizer does. Same environment and clock as `npmRun`.
 */
export async function opsCommand(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
  { clockAt }: { clockAt?: Date } = {},
): Promise<CommandResult> {
  return run(process.execPath, [await commandBundle(script), ...args], commandEnv(env, clockAt));
}
