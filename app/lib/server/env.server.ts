import { existsSync, statSync } from "node:fs";
import path from "node:path";

/** Where the participants sheet comes from: a published URL or a file on disk. */
export type SheetSource = { kind: "url"; url: string } | { kind: "file"; path: string; isBundledSample: boolean };

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
  /** Where sign-ups and the outbox live (docs/operations.md, "Data"). */
  database: DatabaseConfig;
  mail: MailConfig;
  /**
   * The instant the draw commands take as "now", from DRAW_NOW: honoured only when NODE_ENV
   * is exactly "test", so tests can run a draw after its instant and production never can.
   */
  drawNow: number | null;
}

/** How participant names are published: public-name.ts (from the names branch, wip-19). */
export type ParticipantNames = "full" | "initial";

/** An embedded SQLite file under DATA_DIR, or one PostgreSQL every replica shares. */
export type DatabaseConfig = { kind: "embedded"; file: string } | { kind: "postgres"; url: string };

export interface MailConfig {
  /** smtp:// or smtps:// with credentials; null: printed (development) or kept waiting (production). */
  smtpUrl: string | null;
  /** The From header of every mail. */
  from: string;
  /** Where contact messages go (CONTACT_EMAIL), Reply-To set to their sender. */
  contactTo: string;
}

export const BUNDLED_SAMPLE_SHEET = "app/lib/participants/sample-sheet.csv";

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

/** `someone@example.com` or `Name <someone@example.com>`: the address is group 1 or 2. */
const ADDRESS_OR_NAMED = /^([^<>@\s]+@[^<>@\s]+)$|<([^<>@\s]+@[^<>@\s]+)>$/;

function readMail(vars: Record<string, string | undefined>, siteUrl: string): MailConfig {
  const smtpUrl = vars.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\/[^\s]+$/i.test(smtpUrl)) {
    throw new EnvError(
      "SMTP_URL",
      "must be an smtp:// or smtps:// URL, such as smtp://user:password@mail.example.com:587",
    );
  }
  const from = vars.MAIL_FROM?.trim() || `Opinion Labz <hola@${new URL(siteUrl).hostname}>`;
  const fromAddress = ADDRESS_OR_NAMED.exec(from);
  if (!fromAddress) throw new EnvError("MAIL_FROM", `must be an address or "Name <address>", got "${from}"`);
  const contactTo = vars.CONTACT_EMAIL?.trim() || (fromAddress[1] ?? fromAddress[2])!;
  if (!/^[^<>@\s]+@[^<>@\s]+$/.test(contactTo)) {
    throw new EnvError("CONTACT_EMAIL", `must be an email address, got "${contactTo}"`);
  }
  return { smtpUrl, from, contactTo };
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
  };
}

function loadEnvOrExit(): ServerEnv {
  try {
    const env = parseEnv(process.env);
    if (env.sheetSource.kind === "file" && env.sheetSource.isBundledSample) {
      console.warn(
        '[config] PARTICIPANTS_CSV_URL is not set: the site lists the bundled SAMPLE participants, marked "Datos de ejemplo". Set PARTICIPANTS_CSV_URL to the published Google Sheet\'s CSV link (or a CSV file path) to list the real entrants.',
      );
    }
    return env;
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The validated configuration, read once when the server build is first imported. */
export const env = loadEnvOrExit();
