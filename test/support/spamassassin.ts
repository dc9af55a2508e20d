import { spawn } from "node:child_process";

export interface SpamVerdict {
  score: number;
  /** The rules that fired, as SpamAssassin names them. */
  rules: string[];
}

/** One message inside an mbox: the separator line first, a body line starting with "From " quoted. */
const inMbox = (raw: string) =>
  `From MAILER-DAEMON Thu Jan  1 00:00:00 2026\n${raw.replace(/\r\n/g, "\n").replace(/^From /gm, ">From ")}\n`;

/** A header's value, folded lines joined. */
function header(message: string, name: string): string | undefined {
  const head = message.slice(0, message.indexOf("\n\n"));
  return new RegExp(`^${name}:((?:.*)(?:\\n[ \\t].*)*)`, "im")
    .exec(head)?.[1]
    ?.replace(/\n[ \t]+/g, " ")
    .trim();
}

/**
 * What Debian's SpamAssassin makes of each message, by its Message-ID: its rules run locally
 * (`-L`: no DNS blocklists, no network test) with Bayes off, so the verdict depends on the
 * message alone, not on what this machine has learnt. One process reads them all as an mbox:
 * loading the rules costs more than checking a message.
 */
export async function spamVerdicts(messages: string[]): Promise<Map<string, SpamVerdict>> {
  const child = spawn(
    "spamassassin",
    ["-L", "-t", "-x", "-p", "/dev/null", "--cf=use_bayes 0", "--cf=bayes_auto_learn 0", "--mbox"],
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  let output = "";
  let errors = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  child.stdin.end(messages.map(inMbox).join(""));
  const code = await exited;
  if (code !== 0) throw new Error(`spamassassin exited with ${code}:\n${errors}`);
  const verdicts = new Map<string, SpamVerdict>();
  for (const message of output.split(/^From MAILER-DAEMON .*\n/m).filter((part) => part.trim() !== "")) {
    const status = header(message, "X-Spam-Status");
    const id = header(message, "Message-ID");
    // "No, score=0.0 required=5.0 tests=HTML_MESSAGE,NO_RECEIVED, NO_RELAYS autolearn=disabled …"
    const match = status && /score=(-?[\d.]+) .*?tests=(.*?) autolearn=/.exec(status);
    if (!id || !match) throw new Error(`no verdict in:\n${message.slice(0, 2000)}`);
    verdicts.set(id, { score: Number(match[1]), rules: match[2]!.replace(/\s+/g, "").split(",").filter(Boolean) });
  }
  return verdicts;
}
