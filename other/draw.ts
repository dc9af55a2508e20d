/**
 * The month's draw, against the database the environment names (DATABASE_URL, else the
 * embedded file under DATA_DIR), while the server runs (docs/operations.md, "Draw day"):
 *
 *   npm run draw -- status                                 the next draw, each drawn month, its check and calendar
 *   npm run draw -- run [--signature <hex>]                the due draw, with drand's value for its round
 *   npm run draw -- redraw [<YYYY-MM>] [--signature <hex>] the next round of an unclaimed prize
 *   npm run draw -- beacon <round> <signature>             checks one beacon and prints its randomness
 *   npm run draw -- claimed <YYYY-MM>                      that month's prize claimed: a statement sealed before the redraw's round
 *   npm run draw -- discard <YYYY-MM>                      removes that month's rehearsal (only a rehearsal)
 *   npm run draw -- rehearsal-key <round>… [--secret <hex>] a rehearsal key and its signatures
 *   npm run draw -- verify <site-url> <YYYY-MM> [--rehearsal-key <hex>] [--signature <hex>]
 *                                               checks that month's published draw from public
 *                                               data only (no database), as an auditor would
 *
 * `run` and `redraw` ask drand's relays for the round's signature, or take the one given
 * (copied from any relay where this machine cannot reach drand), and check it against the
 * chain's key. It speaks Spanish to the organizer, as the other organizer commands do: the
 * record on stdout, log lines and refusals on stderr (one Spanish line each). Exit status: 0 done,
 * 1 a failure that is not a refusal (the configuration, the database), 2 refused (nothing recorded
 * but a claim's statement, the reason on stderr), 64 bad usage; `verify` exits 0 only when every
 * check holds, else 1. Rehearsal commands (a run on DRAW_REHEARSAL_KEY, `discard`,
 * `rehearsal-key`) refuse a database a production server opened.
 */

import { argv, exit, stdout } from "node:process";

const USAGE = `Uso: npm run draw -- status
                  | run [--signature <hex>]
                  | redraw [<AAAA-MM>] [--signature <hex>]
                  | beacon <ronda> <firma>
                  | claimed <AAAA-MM>
                  | discard <AAAA-MM>
                  | rehearsal-key <ronda>… [--secret <hex>]
                  | verify <url-del-sitio> <AAAA-MM> [--rehearsal-key <hex>] [--signature <hex>]`;

/** The words of the command line, with the value of each `--option` taken out. */
function parse(words: string[]): { positional: string[]; options: Map<string, string> } | null {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    if (!word.startsWith("--")) positional.push(word);
    else if (index + 1 < words.length && !options.has(word)) options.set(word, words[++index]!);
    else return null;
  }
  return { positional, options };
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const ROUND = /^[1-9]\d{0,15}$/;
/** The options each command takes, and whether its positional words are right. */
const COMMANDS: Record<string, { options: string[]; takes: (words: string[]) => boolean }> = {
  status: { options: [], takes: (words) => words.length === 0 },
  run: { options: ["--signature"], takes: (words) => words.length === 0 },
  redraw: {
    options: ["--signature"],
    takes: (words) => words.length === 0 || (words.length === 1 && MONTH.test(words[0]!)),
  },
  beacon: { options: [], takes: (words) => words.length === 2 && ROUND.test(words[0]!) },
  claimed: { options: [], takes: (words) => words.length === 1 && MONTH.test(words[0]!) },
  discard: { options: [], takes: (words) => words.length === 1 && MONTH.test(words[0]!) },
  verify: {
    options: ["--rehearsal-key", "--signature"],
    takes: (words) =>
      words.length === 2 &&
      URL.canParse(words[0]!) &&
      /^https?:$/.test(new URL(words[0]!).protocol) &&
      MONTH.test(words[1]!),
  },
  "rehearsal-key": {
    options: ["--secret"],
    takes: (words) => words.length > 0 && words.every((word) => ROUND.test(word)),
  },
};

const [command = "", ...rest] = argv.slice(2);
const parsed = parse(rest);
const spec = COMMANDS[command];
if (
  !spec ||
  !parsed ||
  !spec.takes(parsed.positional) ||
  [...parsed.options.keys()].some((key) => !spec.options.includes(key))
) {
  console.error(USAGE);
  exit(64);
}
const { positional: words, options } = parsed;

if (command === "verify") {
  // Public data only: no database is opened, and the site's own settings play no part.
  const { parseEnvOrExit } = await import("~/lib/server/parse-env.server");
  const env = parseEnvOrExit(process.env);
  const { DRAND_RELAYS } = await import("~/lib/draw/drand.server");
  const { describeVerification, verifyPublishedDraw } = await import("~/lib/draw/verify-record.server");
  const verification = await verifyPublishedDraw({
    site: words[0]!,
    month: words[1]!,
    rehearsalKey: options.get("--rehearsal-key") ?? null,
    signature: options.get("--signature") ?? null,
    testRootsFile: env.witnesses.testRootsFile,
    relays: env.draw.relays ?? DRAND_RELAYS,
    relayTimeoutMs: env.draw.relayTimeoutMs,
  });
  stdout.write(`${describeVerification(verification)}\n`);
  exit(verification.ok ? 0 : 1);
}

// Before the storage module loads: its start-up line belongs to the log (stderr), not to the record.
console.log = (...args: unknown[]) => console.error(...args);
const { DrawRefused } = await import("~/lib/draw-records/draw-refused");

/**
 * Runs one command, printing a refusal as one Spanish line on stderr (the reason, with no
 * stack and nothing else) with exit status 2.
 */
async function refusedWith2(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof DrawRefused)) throw error;
    console.error(`Rechazado: ${error.message.replace(/\s+/g, " ")}.`);
    process.exitCode = 2;
  }
}

if (command === "rehearsal-key") {
  // A key and signatures only, never beside a database a production server opened; a database
  // that does not exist yet was opened by no one, and is not made for a key.
  const { parseEnvOrExit } = await import("~/lib/server/parse-env.server");
  const database = parseEnvOrExit(process.env).database;
  const { existsSync } = await import("node:fs");
  await refusedWith2(async () => {
    if (database.kind === "postgres" || existsSync(database.file)) {
      const { openStorage } = await import("~/lib/storage/open-storage.server");
      const { refuseProductionDatabase } = await import("~/lib/draw-records/rehearsal-guard.server");
      const { db } = await openStorage(database);
      try {
        await refuseProductionDatabase(db);
      } finally {
        await db.destroy();
      }
    }
    const { rehearsalKeyCommand } = await import("~/lib/draw-records/rehearsal-key-command");
    stdout.write(`${rehearsalKeyCommand(words.map(Number), options.get("--secret") ?? null)}\n`);
  });
} else {
  const { storage } = await import("~/lib/storage/database.server");
  const { checkBeaconCommand, claimedCommand, discardCommand, drawCommand, drawStatus } =
    await import("~/lib/draw-records/draw-commands.server");
  const { describeDraw } = await import("~/lib/draw-records/record-text.server");
  const signature = options.get("--signature") ?? null;
  try {
    await refusedWith2(async () => {
      if (command === "status") stdout.write(`${await drawStatus()}\n`);
      else if (command === "beacon") stdout.write(`${checkBeaconCommand(Number(words[0]), words[1]!)}\n`);
      else if (command === "claimed") {
        const view = await claimedCommand(words[0]!);
        stdout.write(`Premio registrado como reclamado: dos autoridades sellaron el reclamo a tiempo.\n${describeDraw(view)}\n`);
      } else if (command === "discard") stdout.write(`${await discardCommand(words[0]!)}\n`);
      else {
        const view = await drawCommand(
          command === "run" ? { kind: "run" } : { kind: "redraw", month: words[0] ?? null },
          signature,
        );
        const round = view.rounds.length - 1;
        stdout.write(`${round === 0 ? "Sorteo registrado" : `Resorteo ${round} registrado`}.\n${describeDraw(view)}\n`);
        stdout.write(
          `Ganador de la ronda ${round}: ${view.rounds[round]!.winnerId}\nEl registro quedó en la casilla de salida, para el equipo (CONTACT_EMAIL).\n`,
        );
      }
    });
  } finally {
    await storage.db.destroy();
  }
}
