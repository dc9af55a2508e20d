import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { waitlistCsv, waitlistRows } from "~/lib/forms/waitlist-rows.server";
import { parseEnv } from "~/lib/server/parse-env.server";
import { openStorage } from "~/lib/storage/open-storage.server";
import { signFormStart } from "~/lib/forms/form-stamp.server";
import { ROOT, TEST_FORM_SECRET, type AppServer } from "./app-server";
import { createPostgresDatabase } from "./postgres";
import type { ReceivedMail, SmtpServer } from "./smtp-server";

export const DATABASE_KINDS = ["embedded", "postgres"] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

/** The variables that point an app at one database: DATA_DIR or DATABASE_URL. */
export interface TestDatabase {
  env: Record<string, string>;
  /** Another empty database of the same kind (a PostgreSQL database on the same server). */
  another: () => Promise<Record<string, string>>;
}

/**
 * For one describe block: an empty database of `kind` (a temporary data directory, or a new
 * database on the run's real PostgreSQL, test/setup/shared-services.ts). Filled in by `beforeAll`.
 */
export function useDatabase(kind: DatabaseKind): TestDatabase {
  const database = {} as TestDatabase;
  const directories: string[] = [];
  beforeAll(async () => {
    // A data directory of its own either way: PostgreSQL's servers keep there the secret they
    // make when FORM_SECRET is unset, as every server does.
    const dataDir = () => {
      const directory = mkdtempSync(path.join(tmpdir(), "site-data-"));
      directories.push(directory);
      return directory;
    };
    if (kind === "postgres") {
      const adminUrl = inject("postgresAdminUrl");
      database.another = async () => ({ DATABASE_URL: await createPostgresDatabase(adminUrl), DATA_DIR: dataDir() });
    } else {
      database.another = async () => ({ DATA_DIR: dataDir() });
    }
    database.env = await database.another();
  });
  afterAll(() => {
    for (const directory of directories) rmSync(directory, { recursive: true, force: true });
  });
  return database;
}

/** A human's submission unless told otherwise: consent given, honeypot empty, 5 s after the page was rendered. */
export interface SignUp {
  email: string;
  consent?: boolean;
  honeypot?: string;
  /** How long before the submission the page was rendered. */
  filledInMs?: number;
  /** Who submits, as the X-Forwarded-For a proxy on loopback would add. */
  client: string;
  /** Posted as Remix's `<Form>` does with JavaScript: to the page's single-fetch data URL. */
  dataRequest?: boolean;
  /** "Avisarme de cada sorteo" ticked. */
  drawNotices?: boolean;
}

export async function postSignUp(
  app: AppServer,
  { email, consent = true, honeypot = "", filledInMs = 5000, client, dataRequest, drawNotices = false }: SignUp,
): Promise<Response> {
  return postForm(
    app,
    "/encuesta",
    { email, ...(consent ? { consentimiento: "si" } : {}), ...(drawNotices ? { avisos_sorteo: "si" } : {}) },
    { honeypot, filledInMs, client, dataRequest },
  );
}

/** A form's start stamp as the test servers sign it (FORM_SECRET), for a page rendered `ms` ago. */
export function formStartAgo(ms: number): string {
  return signFormStart(TEST_FORM_SECRET, Date.now() - ms);
}

/** A public form's POST as a browser without JavaScript sends it (or Remix with it, `dataRequest`), the bot-rule fields included. */
export async function postForm(
  app: Pick<AppServer, "origin">,
  pathname: string,
  fields: Record<string, string>,
  {
    honeypot = "",
    filledInMs = 5000,
    client,
    dataRequest = false,
  }: { honeypot?: string; filledInMs?: number; client: string; dataRequest?: boolean },
): Promise<Response> {
  const form = new URLSearchParams({ ...fields, sitio_web: honeypot, inicio: formStartAgo(filledInMs) });
  return fetch(`${app.origin}${pathname}${dataRequest ? ".data" : ""}`, {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": client, accept: dataRequest ? "*/*" : "text/html" },
    redirect: "manual",
  });
}

const execFileAsync = promisify(execFile);

export interface ExportedRow {
  email: string;
  status: string;
  subscribed_at: string;
  confirmed_at: string;
}

/** `npm run waitlist:export` against `env`'s database: the CSV it prints, as written. */
export async function exportWaitlistCsv(env: Record<string, string>): Promise<string> {
  const { stdout } = await execFileAsync("npm", ["run", "--silent", "waitlist:export"], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  return stdout;
}

/**
 * The waitlist in `env`'s database, as `npm run waitlist:export` writes it, parsed: the
 * command's own code (waitlist-rows.server.ts), run in the test's process. Spawning the command
 * for every check cost about 2 s of CPU each; the tests of the command itself run it.
 */
export async function exportWaitlist(env: Record<string, string>): Promise<ExportedRow[]> {
  const { db } = await openStorage(parseEnv(env, ROOT).database);
  try {
    const csv = waitlistCsv(await waitlistRows(db, Date.now()));
    expect(csv.split("\n")[0]).toBe("email,status,subscribed_at,confirmed_at");
    return parse(csv, { columns: true }) as ExportedRow[];
  } finally {
    await db.destroy();
  }
}

/** The mails to `address` the SMTP server has received, waiting until there are at least `count`. */
export async function mailsTo(smtp: SmtpServer, address: string, count = 1): Promise<ReceivedMail[]> {
  const received = () => smtp.mails().filter((mail) => mail.to === address);
  await expect.poll(() => received().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
  return received();
}

/** The links in a mail's text, by where they lead. */
export function linksIn(mail: ReceivedMail): { confirm: string; leave: string } {
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  const confirm = links.find((link) => link.includes("/avisos/confirmar?"));
  const leave = links.find((link) => link.includes("/avisos/baja?"));
  if (!confirm || !leave) throw new Error(`links missing in:\n${mail.text}`);
  return { confirm, leave };
}

/** A mail link's page as a browser reaches it, and its button. */
export interface OpenedMailLink {
  page: Response;
  html: string;
  /** Presses the page's button: its form posted as a browser posts it, with the page's cookie (and `fields` ticked). */
  press(fields?: Record<string, string>): Promise<Response>;
}

/**
 * Opens a mail link as a browser does: the link sets a cookie with its token and redirects to a
 * check of it, which, with the cookie back, redirects to the page's own address, which carries
 * no token.
 */
export async function openMailLink(link: string): Promise<OpenedMailLink> {
  const bare = `${new URL(link).origin}${new URL(link).pathname}`;
  const arrival = await fetch(link, { redirect: "manual" });
  expect(arrival.status).toBe(303);
  const cookie = (arrival.headers.get("set-cookie") ?? "").split(";")[0]!;
  const check = await fetch(new URL(arrival.headers.get("location") ?? "", link), {
    headers: { cookie },
    redirect: "manual",
  });
  expect(check.status).toBe(303);
  const location = new URL(check.headers.get("location") ?? "", link);
  expect(location.href).toBe(bare);
  const page = await fetch(location, { headers: { cookie } });
  const html = await page.text();
  return {
    page,
    html,
    press(fields = {}) {
      const form =
        /<form[^>]*method="post"[^>]*action="([^"]+)"[^>]*><input type="hidden" name="t" value="([^"]*)"/.exec(html);
      if (!form) throw new Error(`no form with a token on the page:\n${html}`);
      return fetch(new URL(form[1]!, link), {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ t: form[2]!.replace(/&amp;/g, "&"), ...fields }),
      });
    },
  };
}

/**
 * One inbox, victim@example.com, spelt the ways a mail library reads as that address
 * (display name, quotes, comments, group, list, NUL): each one once put one more mail in it.
 */
export const SPELLINGS_OF_ONE_INBOX = [
  "a<victim@example.com>",
  '"c"<victim@example.com>',
  "victim(1)@example.com",
  "(3)victim@example.com",
  '"victim"@example.com',
  "d:victim@example.com;",
  "x,victim@example.com",
  "a%00b@example.com",
  "a\u0000b@example.com",
];

/** The mails whose envelope recipient mentions `word`, whatever the address around it. */
export function mailsMentioning(smtp: SmtpServer, word: string): ReceivedMail[] {
  return smtp.mails().filter((mail) => mail.to.includes(word));
}
