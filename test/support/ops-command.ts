import { execFile } from "node:child_process";
import path from "node:path";
import { ROOT } from "./app-server";
import type { CommandResult } from "./draw-command";

const CLOCK_AT = path.join(ROOT, "test/support/clock-at.mjs");

/**
 * `npm run <script> -- <args>` exactly as the organizer types it (npm's own output included),
 * against the database `env` names. `clockAt`: the command's "now" (test/support/clock-at.mjs,
 * preloaded into every Node process of the run, npm's too).
 */
export function npmRun(
  script: string,
  args: string[],
  env: Record<string, string>,
  { clockAt }: { clockAt?: Date } = {},
): Promise<CommandResult> {
  const clock = clockAt
    ? { CLOCK_AT: clockAt.toISOString(), NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${CLOCK_AT}`.trim() }
    : {};
  return new Promise((resolve) => {
    execFile(
      "npm",
      ["run", script, ...(args.length > 0 ? ["--", ...args] : [])],
      { cwd: ROOT, env: { ...process.env, ...env, ...clock } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
