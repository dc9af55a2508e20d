import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_TRUSTED_PROXIES, parseProxyEntry } from "~/lib/edge/client-address";
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
  /** The survey open now, which /encuesta leads with; null while none is (the coming-soon page). */
  surveyUrl: string | null;
  /** Where sign-ups and the outbox live (docs/operations.md, "Data"). */
  database: DatabaseConfig;
  mail: MailConfig;
  /**
   * The instant the draw commands take as "now", from DRAW_NOW: honoured only when NODE_ENV
   * is exactly "test", so tests can run a draw after its instant and production never can.
   */
  drawNow: number | null;
  draw: DrawConfig;
  /** Proxies (addresses or CIDRs) whose X-Forwarded-For names the client; empty: none is. */
  trustedProxies: string[];
  /** What signs a form's start instant; null: a secret the server makes and keeps in its database. */
  formSecret: string | null;
  /** Started by the image (RUNS_IN_IMAGE, set by the Dockerfile): never a developer's own machine. */
  runsInImage: boolean;
}

/** Where the draw commands get drand's value, and against which key they check it. */
export interface DrawConfig {
  /** Relays asked for a round's signature, all at once; null: drand's own (docs/draw.md, "The public value"). */
  relays: string[] | null;
  /** How long each relay may take to answer. */
  relayTimeoutMs: number;
  /**
   * A G2 public key (hex) that replaces quicknet's for rehearsals: never in production, and
   * every record made with it says it is not drand's (docs/draw.md, "Rehearsals").
   */
  rehearsalKey: string | null;
}

/** An embedded SQLite file under DATA_DIR, or one PostgreSQL every replica shares. */
export type DatabaseConfig =
  | { kind: "embedded"; file: string }
  /** `statementTimeoutMs`: how long one statement may take before PostgreSQL cancels it. */
  | { kind: "postgres"; url: string; statementTimeoutMs: number };

export interface MailConfig {
  /** smtp:// or smtps:// with credentials; null: printed (development) or kept waiting (production). */
  smtpUrl: string | null;
  /** The From header of every mail. */
  from: string;
  /** The site-wide hourly ceiling on mails to addresses visitors typed (docs/operations.md, "Sign-ups and limits"). */
  formMailsPerHour: number;
  /** How many survey notices the outbox sends per hour (`npm run waitlist:notify`; docs/operations.md, "Opening a survey"). */
  noticeMailsPerHour: number;
}

const BUNDLED_SAMPLE_SHEET = "app/lib/participants/sample-sheet.csv";

/** A bad variable, named. @internal Exported for its tests: servers start through parseEnvOrExit. */
export class EnvError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = "EnvError";
  }
}

/** A variable as the process has it: blank is the same as unset, and the rest is trimmed. */
const variable = z
  .string()
  .optional()
  .transform((raw) => raw?.trim() || undefined);

/** Refuses the value with `problem`, the words an operator reads after the variable's name. */
function refuse(context: z.RefinementCtx, problem: string): typeof z.NEVER {
  context.addIssue({ code: "custom", message: problem });
  return z.NEVER;
}

function wholeNumber(fallback: number, { min, max }: { min: number; max: number }) {
  const outOfRange = {
    error: (issue: { input?: unknown }) => `must be between ${min} and ${max}, got ${String(issue.input)}`,
  };
  return variable
    .pipe(z.string().default(String(fallback)))
    .pipe(z.string().regex(/^\d+$/, { error: (issue) => `must be a whole number, got "${String(issue.input)}"` }))
    .transform(Number)
    .pipe(z.number().min(min, outOfRange).max(max, outOfRange));
}

function sheetSource(cwd: string) {
  return variable.transform((raw, context): SheetSource => {
    if (!raw) {
      const samplePath = path.resolve(cwd, BUNDLED_SAMPLE_SHEET);
      if (existsSync(samplePath)) return { kind: "file", path: samplePath, isBundledSample: true };
      return refuse(
        context,
        `is not set and the bundled sample sheet is missing (${samplePath}); start the server from the project folder`,
      );
    }
    if (/^https?:\/\//i.test(raw)) {
      return URL.canParse(raw)
        ? { kind: "url", url: new URL(raw).href }
        : refuse(context, "is not a valid http(s) URL");
    }
    const filePath = path.resolve(cwd, raw);
    if (existsSync(filePath) && statSync(filePath).isFile())
      return { kind: "file", path: filePath, isBundledSample: false };
    return refuse(context, "must be an http(s) URL or the path of an existing file");
  });
}

/**
 * The public origin. Never derived from a request: a stored page would otherwise carry
 * whatever Host a visitor sent (docs/decisions/013-public-origin-site-url-never-the-requests-host.md). Unset: localhost on PORT.
 */
const siteUrl = variable.transform((raw, context) => {
  if (!raw) return undefined;
  if (!URL.canParse(raw)) return refuse(context, `must be an http(s) origin such as https://example.com, got "${raw}"`);
  const url = new URL(raw);
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return refuse(context, `must start with http:// or https://, got "${raw}"`);
  if (url.username || url.password || url.pathname !== "/" || url.search || url.hash)
    return refuse(context, `must be an origin only (no path, query, fragment or credentials), got "${raw}"`);
  return url.origin;
});

const participantNames = variable
  .transform((raw) => raw?.toLowerCase() ?? "initial")
  .pipe(z.enum(["initial", "full"], { error: (issue) => `must be "initial" or "full", got "${String(issue.input)}"` }));

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

/** A text the pages show: the sample while unset; a set value is checked by `check`, which may rewrite it. */
function shownText(name: ShownVariable, check: (value: string, context: z.RefinementCtx) => string = (value) => value) {
  return variable.transform((raw, context): ShownSetting => {
    if (!raw) return { value: SAMPLE_VALUES[name], sample: true };
    if (raw.length > MAX_TEXT_LENGTH)
      return refuse(context, `must be at most ${MAX_TEXT_LENGTH} characters, got ${raw.length}`);
    if (/[\p{Cc}\p{Cf}]/u.test(raw)) return refuse(context, "must not contain control characters");
    return { value: check(raw, context), sample: false };
  });
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

/** The CUIT refinement: its shape, an AFIP prefix and its check digit; written XX-XXXXXXXX-X. */
function cuit(value: string, context: z.RefinementCtx): string {
  const match = /^(\d{2})-?(\d{8})-?(\d)$/.exec(value);
  if (!match) return refuse(context, `must be a CUIT written XX-XXXXXXXX-X or as 11 digits, got "${value}"`);
  const [, prefix, body, check] = match as unknown as [string, string, string, string];
  if (!CUIT_PREFIXES.has(prefix))
    return refuse(context, `must start with 20, 23, 24, 25, 26, 27, 30, 33 or 34, got "${prefix}"`);
  if (cuitCheckDigit(prefix + body) !== Number(check))
    return refuse(context, `has a wrong check digit: "${value}" is not a valid CUIT`);
  return `${prefix}-${body}-${check}`;
}

/** The support address, as mail is sent to it (the one address parser). */
function contactAddress(value: string, context: z.RefinementCtx): string {
  return (
    parseEmailAddress(value) ?? refuse(context, `must be an email address such as soporte@example.com, got "${value}"`)
  );
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

/** The value is never echoed: it may hold a password. */
const databaseUrl = variable.pipe(
  z
    .string()
    .regex(/^postgres(ql)?:\/\/[^\s]+$/i, "must be a postgres:// (or postgresql://) connection URL")
    .optional(),
);

const smtpUrl = variable.pipe(
  z
    .string()
    .regex(
      /^smtps?:\/\/[^\s]+$/i,
      "must be an smtp:// or smtps:// URL, such as smtp://user:password@mail.example.com:587",
    )
    .optional(),
);

/** `someone@example.com` or `Name <someone@example.com>`: the address, or the one in brackets. */
const NAMED_ADDRESS = /^[^<>"\\]*<([^<>]+)>$/;

const mailFrom = variable.refine((from) => !from || parseEmailAddress(from.match(NAMED_ADDRESS)?.[1] ?? from), {
  error: (issue) => `must be an address or "Name <address>", got "${String(issue.input)}"`,
});

/** Comma-separated http(s) origins; unset, drand's own relays. */
const drandRelays = variable.transform((raw, context) => {
  if (!raw) return null;
  const relays = raw.split(",").map((relay) => relay.trim().replace(/\/+$/, ""));
  const bad = relays.find((relay) => !URL.canParse(relay) || !/^https?:$/.test(new URL(relay).protocol));
  return bad === undefined ? relays : refuse(context, `must be http(s) URLs separated by commas, got "${bad}"`);
});

/**
 * The proxies whose X-Forwarded-For is believed (docs/operations.md, "Behind a proxy"):
 * addresses or CIDRs, or "none"; unset, loopback and the private ranges.
 */
const trustProxy = variable.transform((raw, context) => {
  if (raw === undefined) return [...DEFAULT_TRUSTED_PROXIES];
  if (raw === "none") return [];
  const entries = raw.split(",").map((entry) => entry.trim());
  const bad = entries.find((entry) => parseProxyEntry(entry) === null);
  return bad === undefined
    ? entries
    : refuse(context, `must be IP addresses or CIDRs separated by commas, or "none"; got "${bad}"`);
});

/** A secret for the forms' start stamps: long enough that no one guesses it. */
const formSecret = variable.refine((raw) => raw === undefined || raw.length >= 32, {
  error: "must be at least 32 characters (for example: openssl rand -base64 32)",
});

/** An https link visitors follow to the open survey: a mistyped one would send every visitor nowhere. */
const surveyUrl = variable.refine((raw) => !raw || (URL.canParse(raw) && new URL(raw).protocol === "https:"), {
  error: (issue) => `must be an https:// link to the open survey, got "${String(issue.input)}"`,
});

/** A compressed BLS12-381 G2 point: 96 bytes. */
const rehearsalKey = variable.pipe(
  z
    .string()
    .regex(/^[0-9a-f]{192}$/, "must be a BLS12-381 G2 public key, 192 lowercase hex characters")
    .optional(),
);

/** NODE_ENV as remix-serve sets it (production unless told otherwise); anything else is a test run. */
function modeOf(nodeEnv: string | undefined): ServerMode {
  const value = nodeEnv?.trim();
  return value === "production" || value === "development" ? value : "test";
}

/**
 * The whole configuration as one schema (docs/decisions/042-environment-schema.md): each
 * variable's default and checks, then what depends on several of them.
 */
function envSchema(cwd: string) {
  return z
    .object({
      // Kept as written: DRAW_NOW needs it exactly "test".
      NODE_ENV: z.string().optional(),
      // remix-serve reads PORT itself; it is checked here so a bad value stops start-up clearly.
      PORT: wholeNumber(3000, { min: 1, max: 65_535 }),
      PARTICIPANTS_CSV_URL: sheetSource(cwd),
      PARTICIPANTS_TTL_SECONDS: wholeNumber(300, { min: 1, max: 86_400 }),
      PARTICIPANTS_TIMEOUT_MS: wholeNumber(8000, { min: 100, max: 120_000 }),
      // Below 30 s a CDN would ask the origin too often to be worth it; tests shorten it.
      SHARED_MAX_AGE_SECONDS: wholeNumber(60, { min: 1, max: 3600 }),
      SITE_URL: siteUrl,
      PARTICIPANT_NAMES: participantNames,
      ORGANIZER_NAME: shownText("ORGANIZER_NAME"),
      ORGANIZER_TAX_ID: shownText("ORGANIZER_TAX_ID", cuit),
      ORGANIZER_ADDRESS: shownText("ORGANIZER_ADDRESS"),
      CONTACT_EMAIL: shownText("CONTACT_EMAIL", contactAddress),
      SURVEY_URL: surveyUrl,
      DATABASE_URL: databaseUrl,
      // A sign-up's statements take milliseconds; a hung or locked database must not hold a
      // submission's turn for longer than a visitor waits.
      DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(10_000, { min: 100, max: 600_000 }),
      DATA_DIR: variable,
      SMTP_URL: smtpUrl,
      MAIL_FROM: mailFrom,
      // A morning's sign-ups after an announcement fit; a flood from many addresses does not.
      FORM_MAILS_PER_HOUR: wholeNumber(200, { min: 1, max: 100_000 }),
      // Under a small provider's hourly limit with the form mails beside it.
      NOTICE_MAILS_PER_HOUR: wholeNumber(1000, { min: 1, max: 1_000_000 }),
      DRAW_NOW: variable,
      DRAND_RELAYS: drandRelays,
      DRAND_TIMEOUT_MS: wholeNumber(10_000, { min: 100, max: 60_000 }),
      DRAW_REHEARSAL_KEY: rehearsalKey,
      TRUST_PROXY: trustProxy,
      FORM_SECRET: formSecret,
      // Set by the Dockerfile, not by operators.
      RUNS_IN_IMAGE: variable,
    })
    .transform((vars, context): ServerEnv => {
      const site = vars.SITE_URL ?? `http://localhost:${vars.PORT}`;
      // DRAW_NOW: honoured only when NODE_ENV is exactly "test", so production never can.
      let drawNow: number | null = null;
      if (vars.DRAW_NOW && vars.NODE_ENV === "test") {
        drawNow = Date.parse(vars.DRAW_NOW);
        if (Number.isNaN(drawNow)) {
          context.addIssue({
            code: "custom",
            path: ["DRAW_NOW"],
            message: `must be an ISO 8601 instant, got "${vars.DRAW_NOW}"`,
          });
          return z.NEVER;
        }
      }
      if (vars.DRAW_REHEARSAL_KEY && modeOf(vars.NODE_ENV) === "production") {
        context.addIssue({
          code: "custom",
          path: ["DRAW_REHEARSAL_KEY"],
          message: "must not be set in production: a draw there uses drand's key alone",
        });
        return z.NEVER;
      }
      return {
        mode: modeOf(vars.NODE_ENV),
        sheetSource: vars.PARTICIPANTS_CSV_URL,
        ttlMs: vars.PARTICIPANTS_TTL_SECONDS * 1000,
        timeoutMs: vars.PARTICIPANTS_TIMEOUT_MS,
        port: vars.PORT,
        siteUrl: site,
        database: vars.DATABASE_URL
          ? { kind: "postgres", url: vars.DATABASE_URL, statementTimeoutMs: vars.DATABASE_STATEMENT_TIMEOUT_MS }
          : { kind: "embedded", file: path.join(path.resolve(cwd, vars.DATA_DIR ?? "data"), EMBEDDED_FILE_NAME) },
        mail: {
          smtpUrl: vars.SMTP_URL ?? null,
          // The default is built from SITE_URL, whose host may be a bare name or an IP on a local run.
          from: vars.MAIL_FROM ?? `Opinion Labz <hola@${new URL(site).hostname}>`,
          formMailsPerHour: vars.FORM_MAILS_PER_HOUR,
          noticeMailsPerHour: vars.NOTICE_MAILS_PER_HOUR,
        },
        drawNow,
        draw: {
          relays: vars.DRAND_RELAYS,
          relayTimeoutMs: vars.DRAND_TIMEOUT_MS,
          rehearsalKey: vars.DRAW_REHEARSAL_KEY ?? null,
        },
        sharedMaxAgeSeconds: vars.SHARED_MAX_AGE_SECONDS,
        participantNames: vars.PARTICIPANT_NAMES,
        organizer: { name: vars.ORGANIZER_NAME, taxId: vars.ORGANIZER_TAX_ID, address: vars.ORGANIZER_ADDRESS },
        contactEmail: vars.CONTACT_EMAIL,
        surveyUrl: vars.SURVEY_URL || null,
        trustedProxies: vars.TRUST_PROXY,
        formSecret: vars.FORM_SECRET ?? null,
        runsInImage: vars.RUNS_IN_IMAGE === "1",
      };
    });
}

/**
 * Reads and validates the whole configuration; throws an EnvError naming the first bad variable.
 * @internal Exported for its tests: servers start through parseEnvOrExit.
 */
export function parseEnv(vars: Record<string, string | undefined>, cwd = process.cwd()): ServerEnv {
  const result = envSchema(cwd).safeParse(vars);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw new EnvError(String(issue!.path[0]), issue!.message);
}

/** The configuration, or its first problem printed and the process ended: how a server starts. */
export function parseEnvOrExit(vars: Record<string, string | undefined>): ServerEnv {
  try {
    return parseEnv(vars);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
