import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./app-server";

/** Debian's python3-aiosmtpd: the system Python, whatever `python3` a shell would find first. */
const PYTHON = "/usr/bin/python3";

export interface ReceivedMail {
  /** Header names lower-cased, folded lines joined, encoded words decoded. */
  headers: Map<string, string>;
  to: string;
  subject: string;
  /** The text/plain part, transfer encoding undone. */
  text: string;
  /** The text/html part, transfer encoding undone ("" when there is none). */
  html: string;
  /** The message as the server stored it, headers and encoded parts included. */
  raw: string;
}

export interface SmtpServer {
  port: number;
  url: string;
  /** Starts (again) on the same port; the mailbox keeps what it received. */
  start: () => Promise<void>;
  /** Stops it: from now on connections are refused, as with a mail server that is down. */
  stop: () => Promise<void>;
  /** Every mail received so far, oldest first. */
  mails: () => ReceivedMail[];
  /** Stops it and deletes the mailbox. */
  close: () => Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const unwrapped = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < unwrapped.length; i++) {
    if (unwrapped[i] === "=" && /^[0-9A-F]{2}$/i.test(unwrapped.slice(i + 1, i + 3))) {
      bytes.push(parseInt(unwrapped.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unwrapped[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === "quoted-printable") return decodeQuotedPrintable(body);
  if (encoding?.toLowerCase() === "base64") return Buffer.from(body, "base64").toString("utf8");
  return body;
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body: end === -1 ? "" : normalized.slice(end + 2) };
}

function partOfType(headers: Map<string, string>, body: string, type: "text/plain" | "text/html"): string {
  const boundary = headers.get("content-type")?.match(/boundary="?([^";]+)"?/)?.[1];
  if (!boundary) {
    const single = headers.get("content-type") ?? "text/plain";
    return single.startsWith(type) ? decodeBody(body, headers.get("content-transfer-encoding")) : "";
  }
  for (const part of body.split(`--${boundary}`)) {
    const entity = splitEntity(part.replace(/^\n/, ""));
    if (entity.headers.get("content-type")?.startsWith(type)) {
      return decodeBody(entity.body.replace(/\n$/, ""), entity.headers.get("content-transfer-encoding"));
    }
  }
  return "";
}

function parseMail(raw: string): ReceivedMail {
  const { headers, body } = splitEntity(raw);
  return {
    headers,
    to: headers.get("to") ?? "",
    subject: headers.get("subject") ?? "",
    text: partOfType(headers, body, "text/plain"),
    html: partOfType(headers, body, "text/html"),
    raw,
  };
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * The order the sink took the mails in, from their Maildir names: Python's mailbox names a mail
 * `<seconds>.M<microseconds>P<pid>Q<count>.<host>`, its microseconds not padded, so sorting the
 * names as text put a mail taken at .098 s after one taken at .120 s of the same second (a winner's
 * reminder read as its first mail under load, docs/testing.md "Speed").
 */
function byDelivery(a: string, b: string): number {
  const parts = (name: string) => /^(\d+)\.M(\d+)P\d+Q(\d+)\./.exec(name)!.slice(1).map(Number);
  const [first, second] = [parts(a), parts(b)];
  return first.map((part, index) => part - second[index]!).find((difference) => difference !== 0) ?? 0;
}

/**
 * A real SMTP server on loopback (aiosmtpd's Mailbox handler writing a Maildir), for the
 * app to deliver to and the tests to read. It refuses for good (550) every recipient whose
 * address starts with "rechazo" (smtp_mailbox.py). With `running: false` the port is reserved but
 * nothing listens yet: a mail server that is down.
 */
export async function startSmtpServer({ running = true }: { running?: boolean } = {}): Promise<SmtpServer> {
  const port = await freePort();
  const mailbox = mkdtempSync(path.join(tmpdir(), "smtp-"));
  for (const folder of ["cur", "new", "tmp"]) mkdirSync(path.join(mailbox, folder));
  let child: ChildProcess | undefined;
  /**
   * Each mail parsed once, by its file name: the Maildir handler writes a mail in tmp/ and moves
   * it into new/ whole, where nothing changes it. Tests poll `mails()` while they wait, and
   * parsing every mail of the box again on each poll took seconds of CPU in a file of many mails.
   */
  const parsed = new Map<string, ReceivedMail>();

  const server: SmtpServer = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    async start() {
      let output = "";
      const started = spawn(
        PYTHON,
        ["-m", "aiosmtpd", "-n", "-l", `127.0.0.1:${port}`, "-c", "smtp_mailbox.MailboxRefusingSome", mailbox],
        { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, PYTHONPATH: import.meta.dirname } },
      );
      started.stdout.on("data", (chunk) => (output += chunk));
      started.stderr.on("data", (chunk) => (output += chunk));
      child = started;
      const deadline = Date.now() + 15_000;
      while (!(await accepts(port))) {
        if (started.exitCode !== null || Date.now() > deadline) throw new Error(`aiosmtpd did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      running.kill("SIGTERM");
      await exited;
    },
    mails() {
      const folder = path.join(mailbox, "new");
      return readdirSync(folder)
        .sort(byDelivery)
        .map((name) => {
          let mail = parsed.get(name);
          if (!mail) {
            mail = parseMail(readFileSync(path.join(folder, name), "utf8"));
            parsed.set(name, mail);
          }
          return mail;
        });
    },
    async close() {
      await server.stop();
      rmSync(mailbox, { recursive: true, force: true });
    },
  };
  if (running) await server.start();
  return server;
}
