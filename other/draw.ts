/**
 * The month's draw, against the database the environment names (DATABASE_URL, else the
 * embedded file under DATA_DIR), while the server runs (docs/operations.md, "Draw day"):
 *
 *   npm run draw -- status                      the rounds the next draw and redraw will use
 *   npm run draw -- run [--signature <hex>]     the due draw, with drand's value for its round
 *   npm run draw -- redraw [--signature <hex>]  the next round of an unclaimed prize
 *   npm run draw -- beacon <round> <signature>  checks one beacon and prints its randomness
 *   npm run draw -- claimed <YYYY-MM>           records that month's prize as delivered
 *   npm run draw -- verify <site-url> <YYYY-MM> [--rehearsal-key <hex>] [--signature <hex>]
 *                                               checks that month's published draw from public
 *                                               data only (no database), as an auditor would
 *
 * `run` and `redraw` ask drand's relays for the round's signature, or take the one given
 * (copied from any relay where this machine cannot reach drand), and check it against the
 * chain's key. Prints what it recorded; a refused command prints why, records nothing and
 * exits with status 2. `verify` exits 0 only when every check holds, else 1.
 */

import { argv, exit, stdout } from "node:process";

const USAGE =
  "usage: npm run draw -- status | run [--signature <hex>] | redraw [--signature <hex>] | beacon <round> <signature> | claimed <YYYY-MM> | verify <site-url> <YYYY-MM> [--rehearsal-key <hex>] [--signature <hex>]";

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** `verify`'s options after its two words, each at most once; null when anything else is there. */
function verifyOptions(words: string[]): { rehearsalKey: string | null; signature: string | null } | null {
  const options = { rehearsalKey: null as string | null, signature: null as string | null };
  for (let index = 0; index < words.length; index += 2) {
    const [flag, value] = [words[index], words[index + 1]];
    if (value === undefined) return null;
    if (flag === "--rehearsal-key" && options.rehearsalKey === null) options.rehearsalKey = value;
    else if (flag === "--signature" && options.signature === null) options.signature = value;
    else return null;
  }
  return options;
}

const [command, ...rest] = argv.slice(2);
const signatureAt = rest.indexOf("--signature");
const signature = signatureAt >= 0 ? (rest[signatureAt + 1] ?? "") : null;
const valid =
  command === "status" ||
  ((command === "run" || command === "redraw") && (rest.length === 0 || (signatureAt === 0 && rest.length === 2))) ||
  (command === "beacon" && rest.length === 2 && /^\d+$/.test(rest[0]!)) ||
  (command === "claimed" && rest.length === 1 && MONTH.test(rest[0]!)) ||
  (command === "verify" &&
    rest.length >= 2 &&
    URL.canParse(rest[0]!) &&
    /^https?:$/.test(new URL(rest[0]!).protocol) &&
    MONTH.test(rest[1]!) &&
    verifyOptions(rest.slice(2)) !== null);
if (!valid) {
  console.error(USAGE);
  exit(64);
}

if (command === "verify") {
  // Public data only: no database is opened, and the site's own settings play no part.
  const { parseEnvOrExit } = await import("~/lib/server/parse-env.server");
  const env = parseEnvOrExit(process.env);
  const { DRAND_RELAYS } = await import("~/lib/draw/drand.server");
  const { describeVerification, verifyPublishedDraw } = await import("~/lib/draw/verify-record.server");
  const verification = await verifyPublishedDraw({
    site: rest[0]!,
    month: rest[1]!,
    ...verifyOptions(rest.slice(2))!,
    rootsFile: env.witnesses.rootsFile,
    relays: env.draw.relays ?? DRAND_RELAYS,
    relayTimeoutMs: env.draw.relayTimeoutMs,
  });
  stdout.write(`${describeVerification(verification)}\n`);
  exit(verification.ok ? 0 : 1);
}

// Before the storage module loads: its start-up line belongs to the log (stderr), not to the record.
console.log = (...args: unknown[]) => console.error(...args);
const { storage } = await import("~/lib/storage/database.server");
const { checkBeaconCommand, claimedCommand, drawCommand, drawStatus, describeDraw } =
  await import("~/lib/draw-records/draw-commands.server");
const { DrawRefused } = await import("~/lib/draw-records/draw-refused");

try {
  if (command === "status") stdout.write(`${await drawStatus()}\n`);
  else if (command === "beacon") stdout.write(`${checkBeaconCommand(Number(rest[0]), rest[1]!)}\n`);
  else if (command === "claimed")
    stdout.write(`Recorded the prize as delivered.\n${describeDraw(await claimedCommand(rest[0]!))}\n`);
  else {
    const view = await drawCommand(command as "run" | "redraw", signature);
    const round = view.rounds.length - 1;
    stdout.write(`Recorded ${command === "run" ? "the draw" : `redraw ${round}`}.\n${describeDraw(view)}\n`);
    stdout.write(
      `Winner of round ${round}: ${view.rounds[round]!.winnerId}\nThe record is queued in the outbox for the team.\n`,
    );
  }
} catch (error) {
  if (!(error instanceof DrawRefused)) throw error;
  console.error(`Refused: ${error.message}`);
  process.exitCode = 2;
} finally {
  await storage.db.destroy();
}
