import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { parseEmailAddress } from "./email-address.server";

/** Where the participants sheet comes from: a published URL or a file on disk. */
export type SheetSource = { kind: "url"; url: string } | { kind: "file"; path: string; isBundledSample: boolean };

/**
 * How participants' names are published (docs/product.md, "Participant names"): `initial`
 * shows the first word and at most one initial; `full` shows the sheet's names as written.
 */
export type ParticipantNames = "full" | "initial";

/** A value the pages show, and whether it is the built-in sample the pages must mark as such. */
export interface ShownSetting {
  value: string;
  sample: boolean;
}

/** Who runs the draw, as the rules and the privacy policy name them. */
export interface Organizer {
  name: ShownSetting;
  /** The CUIT, written XX-XXXXXXXX-X. */
  taxId: ShownSetting;
  address: ShownSetting;
}

/** How the server runs: stored pages and the strict CSP are for production. */
export type ServerMode = "production" | "development" | "test";

export interface ServerEnv {
  mode: ServerMode;
  sheetSource: SheetSource;
  ttlMs: number;
  timeoutMs: number;
  port: number;
  /** How long shared caches (a CDN) and the document store keep a ready page, in seconds. */
  sharedMaxAgeSeconds: number;
  /** The public origin (no trailing slash) that canonical URLs, link previews and the sitemap use. */
  siteUrl: string;
  participantNames: ParticipantNames;
  organizer: Organizer;
  /** The support address shown on /contacto. */
  contactEmail: ShownSetting;
  /** Where sign-ups and the outbox live (docs/operations.md, "Data"). */
  database: DatabaseConfig;
  mail: MailConfig;
  /**
   * The instant the draw commands take as "now", from DRAW_NOW: honoured only when NODE_ENV
   * is exactly "test", so tests can run a draw after its instant and production never can.
   */
  drawNow: number | null;
}

/** An embedded SQLite file under DATA_DIR, or one PostgreSQL every replica shares. */
export type DatabaseConfig = { kind: "embedded"; file: string } | { kind: "postgres"; url: string };

export interface MailConfig {
  /** smtp:// or smtps:// with credentials; null: printed (development) or kept waiting (production). */
  smtpUrl: string | null;
  /** The From header of every mail. */
  from: string;
}

const BUNDLED_SAMPLE_SHEET = "app/lib/participants/sample-sheet.csv";

export class EnvError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = "EnvError";
  }
}

function readInteger(
  vars: Record<string, string | undefined>,
  name: string,
  fallback: number,
  { min, max }: { min: number; max: number },
): number {
  const raw = vars[name]?.trim();
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw)) {
    throw new EnvError(name, `must be a whole number, got "${raw}"`);
  }
  const value = Number(raw);
  if (value < min || value > max) {
    throw new EnvError(name, `must be between ${min} and ${max}, got ${value}`);
  }
  return value;
}

function readSheetSource(vars: Record<string, string | undefined>, cwd: string): SheetSource {
  const raw = vars.PARTICIPANTS_CSV_URL?.trim();
  if (!raw) {
    const samplePath = path.resolve(cwd, BUNDLED_SAMPLE_SHEET);
    if (!existsSync(samplePath)) {
      throw new EnvError(
        "PARTICIPANTS_CSV_URL",
        `is not set and the bundled sample sheet is missing (${samplePath}); start the server from the project folder`,
      );
    }
    return { kind: "file", path: samplePath, isBundledSample: true };
  }
  if (/^https?:\/\//i.test(raw)) {
    try {
      return { kind: "url", url: new URL(raw).href };
    } catch {
      throw new EnvError("PARTICIPANTS_CSV_URL", "is not a valid http(s) URL");
    }
  }
  const filePath = path.resolve(cwd, raw);
  if (existsSync(filePath) && statSync(filePath).isFile()) {
    return { kind: "file", path: filePath, isBundledSample: false };
  }
  throw new EnvError("PARTICIPANTS_CSV_URL", "must be an http(s) URL or the path of an existing file");
}

/**
 * The public origin. Never derived from a request: a stored page would otherwise carry
 * whatever Host a visitor sent (docs/decisions.md, "Public origin").
 */
function readSiteUrl(vars: Record<string, string | undefined>, port: number): string {
  const raw = vars.SITE_URL?.trim();
  if (!raw) return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new EnvError("SITE_URL", `must be an http(s) origin such as https://example.com, got "${raw}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new EnvError("SITE_URL", `must start with http:// or https://, got "${raw}"`);
  }
  if (url.username || url.password || url.pathname !== "/" || url.search || url.hash) {
    throw new EnvError("SITE_URL", `must be an origin only (no path, query, fragment or credentials), got "${raw}"`);
  }
  return url.origin;
}

function readParticipantNames(vars: Record<string, string | undefined>): ParticipantNames {
  const raw = vars.PARTICIPANT_NAMES?.trim().toLowerCase();
  if (!raw) return "initial";
  if (raw === "full" || raw === "initial") return raw;
  throw new EnvError("PARTICIPANT_NAMES", `must be "initial" or "full", got "${vars.PARTICIPANT_NAMES?.trim()}"`);
}

/**
 * Values the site shows until the operator sets their own. Each is marked "Datos de
 * ejemplo" on the page, and production start-up names the unset variables.
 */
const SAMPLE_VALUES = {
  ORGANIZER_NAME: "Opinion Labz S.A.S.",
  ORGANIZER_TAX_ID: "30-00000000-7",
  ORGANIZER_ADDRESS: "Calle de Ejemplo 123, Ciudad Autónoma de Buenos Aires, Argentina",
  CONTACT_EMAIL: "soporte@opinionlabz.example",
} as const;

type ShownVariable = keyof typeof SAMPLE_VALUES;

/** Longer than any real name or address, short enough to lay out on a phone. */
const MAX_TEXT_LENGTH = 200;

function readText(vars: Record<string, string | undefined>, name: ShownVariable): ShownSetting {
  const raw = vars[name]?.trim();
  if (!raw) return { value: SAMPLE_VALUES[name], sample: true };
  if (raw.length > MAX_TEXT_LENGTH) {
    throw new EnvError(name, `must be at most ${MAX_TEXT_LENGTH} characters, got ${raw.length}`);
  }
  if (/[\p{Cc}\p{Cf}]/u.test(raw)) throw new EnvError(name, "must not contain control characters");
  return { value: raw, sample: false };
}

/** AFIP's prefixes: 20, 23, 24, 25, 26 and 27 for people, 30, 33 and 34 for companies. */
const CUIT_PREFIXES = new Set(["20", "23", "24", "25", "26", "27", "30", "33", "34"]);
const CUIT_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** The check digit of a CUIT's first ten digits (modulo 11), or null where none exists. */
function cuitCheckDigit(firstTen: string): number | null {
  const sum = CUIT_WEIGHTS.reduce((total, weight, index) => total + weight * Number(firstTen[index]), 0);
  const digit = 11 - (sum % 11);
  if (digit === 11) return 0;
  // AFIP never issues a CUIT whose check digit would be 10: it changes the prefix instead.
  return digit === 10 ? null : digit;
}

function readTaxId(vars: Record<string, string | undefined>): ShownSetting {
  const setting = readText(vars, "ORGANIZER_TAX_ID");
  if (setting.sample) return setting;
  const match = /^(\d{2})-?(\d{8})-?(\d)$/.exec(setting.value);
  if (!match) {
    throw new EnvError(
      "ORGANIZER_TAX_ID",
      `must be a CUIT written XX-XXXXXXXX-X or as 11 digits, got "${setting.value}"`,
    );
  }
  const [, prefix, body, check] = match as unknown as [string, string, string, string];
  if (!CUIT_PREFIXES.has(prefix)) {
    throw new EnvError("ORGANIZER_TAX_ID", `must start with 20, 23, 24, 25, 26, 27, 30, 33 or 34, got "${prefix}"`);
  }
  if (cuitCheckDigit(prefix + body) !== Number(check)) {
    throw new EnvError("ORGANIZER_TAX_ID", `has a wrong check digit: "${setting.value}" is not a valid CUIT`);
  }
  return { value: `${prefix}-${body}-${check}`, sample: false };
}

function readContactEmail(vars: Record<string, string | undefined>): ShownSetting {
  const setting = readText(vars, "CONTACT_EMAIL");
  if (setting.sample) return setting;
  const address = parseEmailAddress(setting.value);
  if (!address) {
    throw new EnvError("CONTACT_EMAIL", `must be an email address such as soporte@example.com, got "${setting.value}"`);
  }
  return { ...setting, value: address };
}

/** The variables still showing their sample value, in the order the README lists them. */
export function unsetShownVariables(env: Pick<ServerEnv, "organizer" | "contactEmail">): ShownVariable[] {
  const { organizer, contactEmail } = env;
  const settings: [ShownVariable, ShownSetting][] = [
    ["ORGANIZER_NAME", organizer.name],
    ["ORGANIZER_TAX_ID", organizer.taxId],
    ["ORGANIZER_ADDRESS", organizer.address],
    ["CONTACT_EMAIL", contactEmail],
  ];
  return settings.filter(([, setting]) => setting.sample).map(([name]) => name);
}

/** Also the file name the docs give for backups (docs/operations.md, "Data"). */
const EMBEDDED_FILE_NAME = "opinion-labz.sqlite";

function readDatabase(vars: Record<string, string | undefined>, cwd: string): DatabaseConfig {
  const url = vars.DATABASE_URL?.trim();
  if (url) {
    // The value is never echoed: it may hold a password.
    if (!/^postgres(ql)?:\/\/[^\s]+$/i.test(url)) {
      throw new EnvError("DATABASE_URL", "must be a postgres:// (or postgresql://) connection URL");
    }
    return { kind: "postgres", url };
  }
  const dataDir = path.resolve(cwd, vars.DATA_DIR?.trim() || "data");
  return { kind: "embedded", file: path.join(dataDir, EMBEDDED_FILE_NAME) };
}

/** `someone@example.com` or `Name <someone@example.com>`: the address, or the one in brackets. */
const NAMED_ADDRESS = /^[^<>"\\]*<([^<>]+)>$/;

function readMail(vars: Record<string, string | undefined>, siteUrl: string): MailConfig {
  const smtpUrl = vars.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\/[^\s]+$/i.test(smtpUrl)) {
    throw new EnvError(
      "SMTP_URL",
      "must be an smtp:// or smtps:// URL, such as smtp://user:password@mail.example.com:587",
    );
  }
  const from = vars.MAIL_FROM?.trim();
  // The default is built from SITE_URL, whose host may be a bare name or an IP on a local run.
  if (!from) return { smtpUrl, from: `Opinion Labz <hola@${new URL(siteUrl).hostname}>` };
  if (!parseEmailAddress(from.match(NAMED_ADDRESS)?.[1] ?? from))
    throw new EnvError("MAIL_FROM", `must be an address or "Name <address>", got "${from}"`);
  return { smtpUrl, from };
}

function readDrawNow(vars: Record<string, string | undefined>): number | null {
  const raw = vars.DRAW_NOW?.trim();
  if (!raw || vars.NODE_ENV !== "test") return null;
  const instant = Date.parse(raw);
  if (Number.isNaN(instant)) throw new EnvError("DRAW_NOW", `must be an ISO 8601 instant, got "${raw}"`);
  return instant;
}

/** NODE_ENV as remix-serve sets it (production unless told otherwise); anything else is a test run. */
function readMode(vars: Record<string, string | undefined>): ServerMode {
  const raw = vars.NODE_ENV?.trim();
  return raw === "production" || raw === "development" ? raw : "test";
}

/** Reads and validates the whole configuration; throws an EnvError naming the bad variable. */
export function parseEnv(vars: Record<string, string | undefined>, cwd = process.cwd()): ServerEnv {
  // remix-serve reads PORT itself; it is checked here so a bad value stops start-up clearly.
  const port = readInteger(vars, "PORT", 3000, { min: 1, max: 65_535 });
  const siteUrl = readSiteUrl(vars, port);
  return {
    mode: readMode(vars),
    sheetSource: readSheetSource(vars, cwd),
    ttlMs: readInteger(vars, "PARTICIPANTS_TTL_SECONDS", 300, { min: 1, max: 86_400 }) * 1000,
    timeoutMs: readInteger(vars, "PARTICIPANTS_TIMEOUT_MS", 8000, { min: 100, max: 120_000 }),
    port,
    siteUrl,
    database: readDatabase(vars, cwd),
    mail: readMail(vars, siteUrl),
    drawNow: readDrawNow(vars),
    // Below 30 s a CDN would ask the origin too often to be worth it; tests shorten it.
    sharedMaxAgeSeconds: readInteger(vars, "SHARED_MAX_AGE_SECONDS", 60, { min: 1, max: 3600 }),
    participantNames: readParticipantNames(vars),
    organizer: {
      name: readText(vars, "ORGANIZER_NAME"),
      taxId: readTaxId(vars),
      address: readText(vars, "ORGANIZER_ADDRESS"),
    },
    contactEmail: readContactEmail(vars),
  };
}
