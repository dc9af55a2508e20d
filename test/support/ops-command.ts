import { execFile } from "node:child_process";
import path from "node:path";
import { ROOT, TEST_FORM_SECRET } from "./app-server";
import type { CommandResult } from "./draw-command";

const CLOCK_AT = path.join(ROOT, "test/support/clock-at.mjs");

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
  return new Promise((resolve) => {
    execFile(
      "npm",
      ["run", script, ...(args.length > 0 ? ["--", ...args] : [])],
      { cwd: ROOT, env: variables },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
