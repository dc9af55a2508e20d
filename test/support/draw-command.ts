import { execFile } from "node:child_process";
import { createHash, createHmac } from "node:crypto";
import path from "node:path";
import { ROOT, TEST_ID_PATTERN, witnessEnv } from "./app-server";

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The draw command as ops run it, against the database and sheet `env` names: from a checkout
 * (`npm run draw`, tsx other/draw.ts), or `built` as in the image (`node build/draw.js`, made
 * by `npm run build`). `now` is the injected clock: DRAW_NOW, which only NODE_ENV=test honours.
 * `nodeEnv` null leaves NODE_ENV unset.
 */
export function drawCommand(
  env: Record<string, string | undefined>,
  args: string[],
  { now, nodeEnv = "test", built = false }: { now?: Date; nodeEnv?: string | null; built?: boolean } = {},
): Promise<CommandResult> {
  const [program, script] = built
    ? [process.execPath, "build/draw.js"]
    : [path.join(ROOT, "node_modules/.bin/tsx"), "other/draw.ts"];
  return new Promise((resolve) => {
    execFile(
      program,
      [script, ...args],
      {
        cwd: ROOT,
        env: withoutUnset({
          ...process.env,
          ID_PATTERN: TEST_ID_PATTERN,
          ...witnessEnv(),
          ...env,
          NODE_ENV: nodeEnv,
          ...(now ? { DRAW_NOW: now.toISOString() } : {}),
        }),
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The environment without the variables set to null: a child process sees them unset. */
function withoutUnset(env: Record<string, string | null | undefined>): NodeJS.ProcessEnv {
  // NODE_ENV may be left out: the child's environment is what this says, nothing more.
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  ) as NodeJS.ProcessEnv;
}

/** The draw under way `status` names: its instant and drand round. */
export function upcomingIn(status: string): { drawAt: Date; drandRound: number } {
  const match =
    /(?:Próximo sorteo|Sorteo en curso): [^\n]*\((\S+)\)\n\s+valor público:\s+la ronda (\d+) de drand quicknet/.exec(
      status,
    );
  if (!match) throw new Error(`no upcoming draw in:\n${status}`);
  return { drawAt: new Date(match[1]!), drandRound: Number(match[2]) };
}

/** A labelled value of a printed record ("semilla:", "huella de la lista:" …). */
export function printed(output: string, label: string): string {
  const match = new RegExp(`${label}:\\s+(\\S+)`).exec(output);
  if (!match) throw new Error(`no ${label} in:\n${output}`);
  return match[1]!;
}

export const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/**
 * The winner of each round, written out from docs/draw.md with node:crypto, independently of
 * app/lib/draw: rule v2, SHA-256 of "opinionlabz-draw-v2:<list hash>:<beacon>:<round>:<attempt>";
 * with a seed, rule v1, HMAC-SHA256 keyed by the seed's text over the v1 message; top k bits of
 * the first 4 bytes, rejected while ≥ the entries left.
 */
export function expectedWinners(ids: string[], beacons: string[], seed: string | null = null): string[] {
  const listHash = sha256(ids.map((id) => `${id}\n`).join(""));
  const left = [...ids];
  return beacons.map((beacon, round) => {
    let k = 0;
    while (2 ** k < left.length) k += 1;
    for (let attempt = 0; ; attempt += 1) {
      const word =
        seed === null
          ? createHash("sha256").update(`opinionlabz-draw-v2:${listHash}:${beacon}:${round}:${attempt}`)
          : createHmac("sha256", seed).update(`opinionlabz-draw-v1:${listHash}:${beacon}:${round}:${attempt}`);
      const x = Math.floor(word.digest().readUInt32BE(0) / 2 ** (32 - k));
      if (x < left.length) return left.splice(x, 1)[0]!;
    }
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A month's draw: its first Monday, 12:00 in Argentina (15:00 UTC), written here from the rules. */
export function drawOfMonth(year: number, month: number): Date {
  const first = new Date(Date.UTC(year, month, 1));
  return new Date(first.getTime() + ((8 - first.getUTCDay()) % 7) * DAY_MS + 15 * 60 * 60 * 1000);
}

/** The next draw after `now`, by the rule: this month's if still ahead, else next month's. */
export function nextDrawAfter(now: Date): Date {
  const thisMonth = drawOfMonth(now.getUTCFullYear(), now.getUTCMonth());
  return thisMonth > now ? thisMonth : drawOfMonth(now.getUTCFullYear(), now.getUTCMonth() + 1);
}
