/**
 * The month's draw, against the database the environment names (DATABASE_URL, else the
 * embedded file under DATA_DIR), while the server runs (docs/operations.md, "Draw day"):
 *
 *   npm run draw -- status [--json]                        the next draw, each drawn month, its check and calendar
 *   npm run draw -- run [--signature <hex>]                the due draw, with drand's value for its round
 *   npm run draw -- redraw [<YYYY-MM>] [--signature <hex>] the next round of an unclaimed prize
 *   npm run draw -- beacon <round> <signature>             checks one beacon and prints its randomness
 *   npm run draw -- claimed <YYYY-MM>                      that month's prize claimed: a statement sealed before the redraw's round
 *   npm run draw -- tell-winner <YYYY-MM> <email>          mails that month's latest winner the prize, the deadline and a claim link
 *   npm run draw -- discard <YYYY-MM> --yes                removes that month's rehearsal (only a rehearsal)
 *   npm run draw -- rehearsal-key <round>… [--secret <hex>] a rehearsal key and its signatures (no database)
 *   npm run draw -- verify <site-url> <YYYY-MM> [--rehearsal-key <hex>] [--signature <hex>]
 *                                               checks that month's published draw from public
 *                                               data only (no database), as an auditor would
 *
 * `run` and `redraw` ask drand's relays for the round's signature, or take the one given
 * (copied from any relay where this machine cannot reach drand), and check it against the
 * chain's key. It speaks Spanish to the organizer, as the other organizer commands do: the
 * record on stdout, log lines and refusals on stderr (one Spanish line each). Exit status: 0 done,
 * 1 a failure that is not a refusal (the configuration, the database: never created here), 2
 * refused (nothing recorded but a claim's statement, the reason on stderr), 3 `discard` without
 * `--yes` (nothing done), 64 bad usage (what is wrong named, then the usage); `verify` exits 0
 * only when every check holds, else 1. Rehearsal commands (a run on DRAW_REHEARSAL_KEY,
 * `discard`, `rehearsal-key`) refuse a database a production server opened.
 */

import { argv, exit, stdout } from "node:process";
import { openOnlyAnExistingDatabase } from "~/lib/storage/command-opening.server";
import { typed, usageError } from "./lib/command-line";

const USAGE = `Uso: npm run draw -- status [--json]
                  | run [--signature <hex>]
                  | redraw [<AAAA-MM>] [--signature <hex>]
                  | beacon <ronda> <firma>
                  | claimed <AAAA-MM>
                  | tell-winner <AAAA-MM> <email>
                  | discard <AAAA-MM> --yes
                  | rehearsal-key <ronda>… [--secret <hex>]
                  | verify <url-del-sitio> <AAAA-MM> [--rehearsal-key <hex>] [--signature <hex>]`;

/** The options that take no value. */
const FLAGS = new Set(["--json", "--yes"]);

/** The words of the command line, with the value of each `--option` taken out; or what is wrong with them. */
function parse(words: string[]): { positional: string[]; options: Map<string, string> } | { problem: string } {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    if (!word.startsWith("--")) positional.push(word);
    else if (options.has(word)) return { problem: `${typed(word)} va una sola vez.` };
    else if (FLAGS.has(word)) options.set(word, "");
    else if (index + 1 < words.length && !words[index + 1]!.startsWith("--")) options.set(word, words[++index]!);
    else return { problem: `Falta el valor después de ${typed(word)}.` };
  }
  return { positional, options };
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const ROUND = /^[1-9]\d{0,15}$/;
const badMonth = (word: string) => `${typed(word)} no es un mes válido: escribilo AAAA-MM, como 2026-12.`;
const badRound = (word: string) => `${typed(word)} no es un número de ronda de drand (un entero positivo).`;

/** What is wrong with `words` for a command taking `names` in order (`month?` optional), or null. */
function positionalProblem(words: string[], names: string[]): string | null {
  const required = names.filter((name) => !name.endsWith("?"));
  if (words.length < required.length) return `Falta ${required[words.length]}.`;
  if (words.length > names.length) return `Sobra ${words.slice(names.length).map(typed).join(" ")}.`;
  for (const [index, word] of words.entries()) {
    const name = names[index]!.replace(/\?$/, "");
    if (name === "el mes" && !MONTH.test(word)) return badMonth(word);
    if (name === "la ronda" && !ROUND.test(word)) return badRound(word);
    if (name === "la dirección del sitio" && !(URL.canParse(word) && /^https?:$/.test(new URL(word).protocol))) {
      return `${typed(word)} no es la dirección de un sitio: escribila como https://opinionlabz.example.`;
    }
  }
  return null;
}

/** The options each command takes, and what is wrong with its positional words, if anything. */
const COMMANDS: Record<string, { options: string[]; check: (words: string[]) => string | null }> = {
  status: { options: ["--json"], check: (words) => positionalProblem(words, []) },
  run: { options: ["--signature"], check: (words) => positionalProblem(words, []) },
  redraw: { options: ["--signature"], check: (words) => positionalProblem(words, ["el mes?"]) },
  beacon: { options: [], check: (words) => positionalProblem(words, ["la ronda", "la firma"]) },
  claimed: { options: [], check: (words) => positionalProblem(words, ["el mes"]) },
  "tell-winner": { options: [], check: (words) => positionalProblem(words, ["el mes", "la dirección de email"]) },
  // It removes a record: asked to confirm, as waitlist:notify and privacy -- delete are.
  discard: {
    options: ["--yes"],
    check: (words) => positionalProblem(words, ["el mes"]),
  },
  verify: {
    options: ["--rehearsal-key", "--signature"],
    check: (words) => positionalProblem(words, ["la dirección del sitio", "el mes"]),
  },
  "rehearsal-key": {
    options: ["--secret"],
    check: (words) =>
      words.length === 0
        ? "Falta al menos una ronda."
        : (words.map((word) => (ROUND.test(word) ? null : badRound(word))).find(Boolean) ?? null),
  },
};

const [command = "", ...rest] = argv.slice(2);
const spec = COMMANDS[command];
if (!spec) usageError(command === "" ? "Falta el comando." : `${typed(command)} no es un comando de draw.`, USAGE);
const parsed = parse(rest);
if ("problem" in parsed) usageError(parsed.problem, USAGE);
const unknownOption = [...parsed.options.keys()].find((key) => !spec.options.includes(key));
if (unknownOption !== undefined) usageError(`${command} no lleva la opción ${typed(unknownOption)}.`, USAGE);
const wrong = spec.check(parsed.positional);
if (wrong !== null) usageError(wrong, USAGE);
const { positional: words, options } = parsed;
if (command === "discard" && !options.has("--yes")) {
  console.error(
    `No se borró nada: discard borra el ensayo del sorteo de ${words[0]} (sus rondas; nunca un sorteo real). Si es lo que querés, confirmá con --yes:\n  npm run draw -- discard ${words[0]} --yes`,
  );
  exit(3);
}

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
// Only the server creates the database (docs/decisions/077-commands-without-surprises.md).
openOnlyAnExistingDatabase();
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
  const {
    checkBeaconCommand,
    claimedCommand,
    discardCommand,
    drawCommand,
    drawStatus,
    drawStatusData,
    tellWinnerCommand,
  } = await import("~/lib/draw-records/draw-commands.server");
  const { describeDraw } = await import("~/lib/draw-records/record-text.server");
  const signature = options.get("--signature") ?? null;
  try {
    await refusedWith2(async () => {
      if (command === "status") {
        stdout.write(
          options.has("--json") ? `${JSON.stringify(await drawStatusData(), null, 2)}\n` : `${await drawStatus()}\n`,
        );
      } else if (command === "beacon") stdout.write(`${checkBeaconCommand(Number(words[0]), words[1]!)}\n`);
      else if (command === "claimed") {
        const view = await claimedCommand(words[0]!);
        stdout.write(
          `Premio registrado como reclamado: dos autoridades sellaron el reclamo a tiempo.\n${describeDraw(view)}\n`,
        );
      } else if (command === "discard") stdout.write(`${await discardCommand(words[0]!)}\n`);
      else if (command === "tell-winner") stdout.write(`${await tellWinnerCommand(words[0]!, words[1]!)}\n`);
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
