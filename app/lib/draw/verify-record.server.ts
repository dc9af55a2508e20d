import { readFileSync } from "node:fs";
import { rootCertificates } from "node:tls";
import { checkPublishedDraw, lowerFirst, type Check } from "./draw-checks";
import { downloadList, downloadWitnessFiles } from "./published-files";
import { fetchRoundSignature } from "./drand.server";
import { argentinaDay } from "./entry-window";
import { nextDrawAt } from "./next-draw";
import type { PublishedDraw } from "./published-draw";

/**
 * `npm run draw -- verify <site-url> <YYYY-MM>` (docs/draw.md, "Checking a draw"): a published
 * draw checked by an auditor from public data only, the record as its page shows it
 * (`sorteo.json`), the ids list, the statements and tokens, and drand's signatures (the record's,
 * else a relay's), with the same checks as the page's "Verificalo vos". No database.
 */

export interface VerifyOptions {
  /** The site's public origin, as its pages are reached. */
  site: string;
  /** The draw's month, "2026-12". */
  month: string;
  /** Where the record is a rehearsal: the key its rounds were signed with. */
  rehearsalKey: string | null;
  /** A round's signature copied from a relay, for a record that does not publish it. */
  signature: string | null;
  /** Test roots (TIMESTAMP_ROOTS), only under NODE_ENV=development or test: marked wherever a seal rests on one. */
  testRootsFile: string | null;
  relays: readonly string[];
  relayTimeoutMs: number;
}

/** The draw instant of a month by the rule: its first Monday, 12:00 in Argentina. */
function drawOfMonth(month: string): Date {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  // Midnight of the 1st in Argentina (03:00 UTC), a millisecond before: the month's own draw is next.
  return nextDrawAt(Date.UTC(year, monthNumber - 1, 1, 3) - 1);
}

/** What a verification found: each check, and whether all of them hold. */
export interface Verification {
  /** The record's address, or null when there is no record to check. */
  recordUrl: string;
  checks: Check[];
  ok: boolean;
  /** Why nothing could be checked (no record published for that month), or null. */
  problem: string | null;
  /** Why that day had no draw (a record published without rounds: its list was not witnessed in time), or null. */
  missed: string | null;
}

/** The record as `sorteo.json` publishes it, or why it is not one. */
async function fetchRecord(url: string): Promise<PublishedDraw | string> {
  let response: Response;
  try {
    response = await fetch(url, { redirect: "follow" });
  } catch (error) {
    return `no se pudo descargar ${url}: ${(error as Error).message}`;
  }
  if (!response.ok) return `${url} respondió ${response.status}: no hay un sorteo publicado ese mes`;
  try {
    const record = (await response.json()) as PublishedDraw;
    if (typeof record.drawAt !== "string" || !Array.isArray(record.rounds) || !record.witnesses || !record.rule) {
      return `${url} no es el registro de un sorteo`;
    }
    return record;
  } catch {
    return `${url} no es JSON`;
  }
}

/**
 * Drand's signature of each round the record does not publish one for: `--signature` where
 * given, else asked of the relays. Left out where neither has it (the check then says so).
 */
async function withSignatures(record: PublishedDraw, options: VerifyOptions): Promise<PublishedDraw> {
  const rounds = await Promise.all(
    record.rounds.map(async (round) => {
      if (round.signature !== null || round.rehearsal) return round;
      const signature =
        options.signature ??
        (await fetchRoundSignature(round.drandRound, options.relays, options.relayTimeoutMs).catch(() => null));
      return { ...round, signature };
    }),
  );
  return { ...record, rounds };
}

/** Every check of the month's published draw, as the page runs them, from the site's public files. */
export async function verifyPublishedDraw(options: VerifyOptions): Promise<Verification> {
  const site = new URL(options.site).origin;
  const recordUrl = `${site}/sorteos/${argentinaDay(drawOfMonth(options.month).getTime())}/sorteo.json`;
  const fetched = await fetchRecord(recordUrl);
  if (typeof fetched === "string") return { recordUrl, checks: [], ok: false, problem: fetched, missed: null };
  const record = await withSignatures(fetched, options);
  // Every file from the site asked about, at the path the record names, as the page does.
  const locate = (url: string) => new URL(new URL(url).pathname, site).href;
  // Node's own roots, as the site serves them and its badge uses them: one verdict everywhere.
  const trustedPem = rootCertificates.join("\n");
  const testPem = options.testRootsFile ? readFileSync(options.testRootsFile, "utf8") : null;
  const [list, files] = await Promise.all([
    downloadList(locate(record.listUrl)),
    downloadWitnessFiles(record.witnesses, locate),
  ]);
  const checks = await checkPublishedDraw(
    record,
    list,
    { files, trustedPem, testPem },
    { rehearsalKey: options.rehearsalKey },
  );
  const month = argentinaDay(Date.parse(record.drawAt)).slice(0, 7);
  if (month !== options.month) {
    checks.unshift({
      value: "Mes del sorteo",
      ok: false,
      detail: `El registro publicado es de ${month}, no de ${options.month}.`,
    });
  }
  const missed =
    record.rounds.length === 0
      ? "la lista de ese día no tiene los sellos de dos autoridades independientes anteriores a la ronda de drand que fija la regla, así que ninguna ronda cuenta para ese día y sus participaciones pasan al sorteo siguiente."
      : null;
  return { recordUrl, checks, ok: missed === null && checks.every((check) => check.ok), problem: null, missed };
}

/** The verification as the command prints it: one line per check, marked, then the verdict. */
export function describeVerification(verification: Verification): string {
  if (verification.problem) return `No se pudo verificar: ${verification.problem}.`;
  const mark = (check: Check) => (check.ok ? "ok       " : check.unchecked ? "sin dato " : "NO       ");
  return [
    `Registro: ${verification.recordUrl}`,
    ...verification.checks.map((check) => `${mark(check)}${check.value}: ${check.detail}`),
    verification.ok
      ? "Todo coincide: el ganador publicado es el que sale de la regla, y cada paso se selló antes de que importara."
      : verification.missed
        ? `No hubo sorteo: ${verification.missed}`
        : `No coincide o no se pudo comprobar: ${verification.checks
            .filter((check) => !check.ok)
            .map((check) => lowerFirst(check.value))
            .join(", ")}.`,
  ].join("\n");
}
