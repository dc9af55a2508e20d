import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import {
  drandRelays,
  formSecret,
  idPattern,
  mailFrom,
  matching,
  participantNames,
  sheetLocation,
  siteUrl,
  surveyUrl,
  timestampAuthorities,
  trustProxy,
  variable,
  wholeNumber,
} from "./env-values.server";
import {
  contactEmail,
  organizerAddress,
  organizerName,
  organizerTaxId,
  type Organizer,
  type ShownSetting,
} from "./organizer.server";

/** Where the participants sheet comes from: a published URL or a file on disk. */
export type SheetSource = { kind: "url"; url: string } | { kind: "file"; path: string; isBundledSample: boolean };

/**
 * How participants' names are published (docs/product.md, "Participant names"): `initial`
 * shows the first word and at most one initial; `full` shows the sheet's names as written.
 */
export type ParticipantNames = "full" | "initial";

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
  witnesses: WitnessEnv;
  /** Proxies (addresses or CIDRs) whose X-Forwarded-For names the client; empty: none is. */
  trustedProxies: string[];
  /**
   * ID_PATTERN: the organizer's format of ids, a regular expression over the canonical id; a row
   * whose id does not match is listed, marked, and takes no entry (docs/draw.md, "Canonical list").
   */
  idPattern: string;
  /** What signs a form's start instant; null: a secret the server makes and keeps in `formSecretFile`. */
  formSecret: string | null;
  /** Where the server keeps the secret it made when FORM_SECRET is unset: beside the database, never in it. */
  formSecretFile: string;
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
   * A G2 public key (hex) that replaces quicknet's for rehearsals: only with NODE_ENV exactly
   * "development" or "test", and every record made with it says it is not drand's (docs/draw.md,
   * "Rehearsals").
   */
  rehearsalKey: string | null;
}

/** The time-stamp authorities that witness each draw (docs/draw.md, "Witnesses"). */
export interface WitnessEnv {
  /** RFC 3161 authorities, asked together; null: the well-known public ones the draw module names. */
  authorities: string[] | null;
  /**
   * TIMESTAMP_ROOTS, a PEM file of test roots: counted besides Node's public roots only under
   * NODE_ENV=development or test, and marked as test roots wherever a seal rests on one; null
   * elsewhere (docs/decisions/089-public-verdicts-on-public-roots.md).
   */
  testRootsFile: string | null;
  /** TIMESTAMP_ROOTS as set on a production server, where it counts for nothing: start-up says so. */
  ignoredRootsFile: string | null;
  /** How long each authority may take to answer. */
  timeoutMs: number;
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
  /** The hourly bound on /contacto's mails to the team (CONTACT_EMAIL), with its own per-client shares. */
  contactMailsPerHour: number;
  /** How many survey notices the outbox sends per hour (`npm run waitlist:notify`; docs/operations.md, "Opening a survey"). */
  noticeMailsPerHour: number;
  /** How many draw notices (the list closed, the winner) the outbox sends per hour (docs/operations.md, "Draw day"). */
  drawNoticeMailsPerHour: number;
}

/** A bad variable, named. @internal Exported for its tests: servers start through parseEnvOrExit. */
export class EnvError extends Error {
  constructor(variable: string, problem: string) {
    super(`Configuración inválida: ${variable} ${problem}`);
    this.name = "EnvError";
  }
}

/**
 * Every variable, with its default and its checks (docs/decisions/042-environment-schema.md). A
 * new variable is one entry here and one field of ServerEnv.
 *
 * One piece: ServerEnv, the schema and `serverEnv` are the three places a variable is written,
 * kept in one file so a new one is added to all three at once; the checks of values live in
 * env-values.server.ts and organizer.server.ts.
 */
const envSchema = z
  .object({
    // Kept as written: DRAW_NOW needs it exactly "test".
    NODE_ENV: z.string().optional(),
    // remix-serve reads PORT itself; it is checked here so a bad value stops start-up clearly.
    PORT: wholeNumber(3000, { min: 1, max: 65_535 }),
    PARTICIPANTS_CSV_URL: sheetLocation,
    PARTICIPANTS_TTL_SECONDS: wholeNumber(300, { min: 1, max: 86_400 }),
    PARTICIPANTS_TIMEOUT_MS: wholeNumber(8000, { min: 100, max: 120_000 }),
    // Below 30 s a CDN would ask the origin too often to be worth it; tests shorten it.
    SHARED_MAX_AGE_SECONDS: wholeNumber(60, { min: 1, max: 3600 }),
    SITE_URL: siteUrl,
    PARTICIPANT_NAMES: participantNames,
    ORGANIZER_NAME: organizerName,
    ORGANIZER_TAX_ID: organizerTaxId,
    ORGANIZER_ADDRESS: organizerAddress,
    CONTACT_EMAIL: contactEmail,
    SURVEY_URL: surveyUrl,
    // Never echoed: it may hold a password.
    DATABASE_URL: matching(
      /^postgres(ql)?:\/\/[^\s]+$/i,
      "tiene que ser una URL de conexión postgres:// (o postgresql://)",
    ),
    // A sign-up's statements take milliseconds; a hung or locked database must not hold a
    // submission's turn for longer than a visitor waits.
    DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(10_000, { min: 100, max: 600_000 }),
    DATA_DIR: variable,
    SMTP_URL: matching(
      /^smtps?:\/\/[^\s]+$/i,
      "tiene que ser una URL smtp:// o smtps://, como smtp://usuario:clave@mail.example.com:587",
    ),
    MAIL_FROM: mailFrom,
    // A morning's sign-ups after an announcement fit; a flood from many addresses does not.
    FORM_MAILS_PER_HOUR: wholeNumber(200, { min: 1, max: 100_000 }),
    // More messages in an hour than a small team reads; a flood from many addresses is not.
    CONTACT_MAILS_PER_HOUR: wholeNumber(30, { min: 1, max: 10_000 }),
    // Under a small provider's hourly limit with the form mails beside it.
    NOTICE_MAILS_PER_HOUR: wholeNumber(1000, { min: 1, max: 1_000_000 }),
    // The list's notices must leave in the 30 minutes before the round: 1000 addresses at this pace.
    DRAW_NOTICE_MAILS_PER_HOUR: wholeNumber(2000, { min: 1, max: 1_000_000 }),
    ID_PATTERN: idPattern,
    DRAW_NOW: variable,
    DRAND_RELAYS: drandRelays,
    DRAND_TIMEOUT_MS: wholeNumber(10_000, { min: 100, max: 60_000 }),
    // A compressed BLS12-381 G2 point: 96 bytes.
    DRAW_REHEARSAL_KEY: matching(
      /^[0-9a-f]{192}$/,
      "tiene que ser una clave pública BLS12-381 G2, 192 caracteres hexadecimales en minúscula",
    ),
    TIMESTAMP_AUTHORITIES: timestampAuthorities,
    // A path, resolved and read with the others that need the working directory.
    TIMESTAMP_ROOTS: variable,
    TIMESTAMP_TIMEOUT_MS: wholeNumber(10_000, { min: 100, max: 60_000 }),
    TRUST_PROXY: trustProxy,
    FORM_SECRET: formSecret,
    // Set by the Dockerfile, not by operators.
    RUNS_IN_IMAGE: variable,
  })
  .superRefine((vars, context) => {
    // DRAW_NOW: honoured only when NODE_ENV is exactly "test", so production never can.
    if (vars.NODE_ENV === "test" && vars.DRAW_NOW && Number.isNaN(Date.parse(vars.DRAW_NOW))) {
      context.addIssue({
        code: "custom",
        path: ["DRAW_NOW"],
        message: `tiene que ser un instante ISO 8601, y es "${vars.DRAW_NOW}"`,
      });
    }
    // A rehearsal key only where NODE_ENV says so in exactly these words: unset, empty,
    // "Production", "prod" or "staging" is no rehearsal (docs/operations.md, "Rehearsing draw day").
    if (vars.DRAW_REHEARSAL_KEY && vars.NODE_ENV !== "development" && vars.NODE_ENV !== "test") {
      context.addIssue({
        code: "custom",
        path: ["DRAW_REHEARSAL_KEY"],
        message: `es solo para ensayos, con NODE_ENV=development o NODE_ENV=test exactamente (${
          vars.NODE_ENV === undefined ? "NODE_ENV no está configurada" : `NODE_ENV es ${JSON.stringify(vars.NODE_ENV)}`
        }): un sorteo real usa solo la clave de drand`,
      });
    }
  });

type EnvVariables = z.infer<typeof envSchema>;

/**
 * Every variable the schema reads.
 * @internal Exported for test/docs/readme.test.ts: the README's and docs/operations.md's tables list them.
 */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

/**
 * NODE_ENV as remix-serve sets it: production unless it says `development` or `test`. A server
 * started as "staging", "prod" or "Production" is a real one (the page store, the organizer's
 * warnings, no mail printed from a shared database), not a test run.
 */
function modeOf(nodeEnv: string | undefined): ServerMode {
  const value = nodeEnv?.trim();
  return value === "development" || value === "test" ? value : "production";
}

const BUNDLED_SAMPLE_SHEET = "app/lib/participants/sample-sheet.csv";

/** The sheet the variable names, a file resolved from `cwd`; unset, the bundled sample, which must be there. */
function sheetSource(location: EnvVariables["PARTICIPANTS_CSV_URL"], cwd: string): SheetSource {
  if (location?.kind === "url") return location;
  if (location === undefined) {
    const samplePath = path.resolve(cwd, BUNDLED_SAMPLE_SHEET);
    if (existsSync(samplePath)) return { kind: "file", path: samplePath, isBundledSample: true };
    throw new EnvError(
      "PARTICIPANTS_CSV_URL",
      `no está configurada y falta la planilla de ejemplo incluida (${samplePath}); arrancá el servidor desde la carpeta del proyecto`,
    );
  }
  const filePath = path.resolve(cwd, location.path);
  if (existsSync(filePath) && statSync(filePath).isFile())
    return { kind: "file", path: filePath, isBundledSample: false };
  throw new EnvError("PARTICIPANTS_CSV_URL", "tiene que ser una URL http(s) o la ruta de un archivo que exista");
}

/** A PEM file holding one certificate or more, resolved from `cwd`: roots a witness's token may lead to. */
function timestampRoots(file: string | undefined, cwd: string): string | null {
  if (file === undefined) return null;
  const resolved = path.resolve(cwd, file);
  if (!existsSync(resolved) || !statSync(resolved).isFile()) {
    throw new EnvError("TIMESTAMP_ROOTS", `tiene que ser la ruta de un archivo PEM, y es "${file}"`);
  }
  if (!readFileSync(resolved, "utf8").includes("-----BEGIN CERTIFICATE-----")) {
    throw new EnvError(
      "TIMESTAMP_ROOTS",
      `tiene que tener certificados PEM ("-----BEGIN CERTIFICATE-----"), y "${file}" no tiene ninguno`,
    );
  }
  return resolved;
}

/**
 * The witnesses' settings: TIMESTAMP_ROOTS counts only where NODE_ENV says development or test in
 * exactly those words; on any other server public verdicts rest on public roots alone.
 */
function witnessEnv(vars: EnvVariables, cwd: string): WitnessEnv {
  const roots = timestampRoots(vars.TIMESTAMP_ROOTS, cwd);
  const testing = vars.NODE_ENV === "development" || vars.NODE_ENV === "test";
  return {
    authorities: vars.TIMESTAMP_AUTHORITIES,
    testRootsFile: testing ? roots : null,
    ignoredRootsFile: testing ? null : roots,
    timeoutMs: vars.TIMESTAMP_TIMEOUT_MS,
  };
}

/** Also the file name the docs give for backups (docs/operations.md, "Data"). */
const EMBEDDED_FILE_NAME = "opinion-labz.sqlite";
/** The secret the server makes when FORM_SECRET is unset, in DATA_DIR (docs/operations.md, "Configuration"). */
const FORM_SECRET_FILE_NAME = "form-secret";

/** The configuration the server reads, from the checked variables; paths resolved from `cwd`. */
function serverEnv(vars: EnvVariables, cwd: string): ServerEnv {
  const site = vars.SITE_URL ?? `http://localhost:${vars.PORT}`;
  return {
    mode: modeOf(vars.NODE_ENV),
    sheetSource: sheetSource(vars.PARTICIPANTS_CSV_URL, cwd),
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
      contactMailsPerHour: vars.CONTACT_MAILS_PER_HOUR,
      noticeMailsPerHour: vars.NOTICE_MAILS_PER_HOUR,
      drawNoticeMailsPerHour: vars.DRAW_NOTICE_MAILS_PER_HOUR,
    },
    drawNow: vars.NODE_ENV === "test" && vars.DRAW_NOW ? Date.parse(vars.DRAW_NOW) : null,
    draw: {
      relays: vars.DRAND_RELAYS,
      relayTimeoutMs: vars.DRAND_TIMEOUT_MS,
      rehearsalKey: vars.DRAW_REHEARSAL_KEY ?? null,
    },
    witnesses: witnessEnv(vars, cwd),
    sharedMaxAgeSeconds: vars.SHARED_MAX_AGE_SECONDS,
    participantNames: vars.PARTICIPANT_NAMES,
    organizer: { name: vars.ORGANIZER_NAME, taxId: vars.ORGANIZER_TAX_ID, address: vars.ORGANIZER_ADDRESS },
    contactEmail: vars.CONTACT_EMAIL,
    surveyUrl: vars.SURVEY_URL || null,
    trustedProxies: vars.TRUST_PROXY,
    idPattern: vars.ID_PATTERN,
    formSecret: vars.FORM_SECRET ?? null,
    formSecretFile: path.join(path.resolve(cwd, vars.DATA_DIR ?? "data"), FORM_SECRET_FILE_NAME),
    runsInImage: vars.RUNS_IN_IMAGE === "1",
  };
}

/**
 * Reads and validates the whole configuration; throws an EnvError naming the first bad variable.
 * @internal Exported for its tests: servers start through parseEnvOrExit.
 */
export function parseEnv(vars: Record<string, string | undefined>, cwd = process.cwd()): ServerEnv {
  const result = envSchema.safeParse(vars);
  if (result.success) return serverEnv(result.data, cwd);
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
