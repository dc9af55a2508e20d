import { QUICKNET } from "./drand-beacon";

/** drand's public HTTP relays, asked together: one answer is enough, two that differ are a refusal. */
export const DRAND_RELAYS = [
  "https://api.drand.sh",
  "https://api2.drand.sh",
  "https://api3.drand.sh",
  "https://drand.cloudflare.com",
];

/** The most a relay's answer may weigh: a round is about 200 bytes of JSON. */
const MAX_ANSWER_BYTES = 4096;

async function askRelay(relay: string, round: number, timeoutMs: number): Promise<string> {
  const response = await fetch(`${relay}/${QUICKNET.chainHash}/public/${round}`, {
    signal: AbortSignal.timeout(timeoutMs),
    redirect: "error",
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const text = await response.text();
  if (text.length > MAX_ANSWER_BYTES) throw new Error("an answer too large for a round");
  const answer = JSON.parse(text) as { round?: unknown; signature?: unknown };
  if (answer.round !== round || typeof answer.signature !== "string") throw new Error("not a round of the chain");
  return answer.signature;
}

/**
 * The signature of `round` as drand's relays publish it, asked of every relay at once, each
 * within `timeoutMs`. Refused (an Error saying why) when no relay has it, or when two give
 * different signatures: a signature is unique per round, so a difference means one is lying.
 * The caller still checks the signature (`checkBeacon`).
 */
export async function fetchRoundSignature(
  round: number,
  relays: readonly string[],
  timeoutMs: number,
): Promise<string> {
  const answers = await Promise.allSettled(relays.map((relay) => askRelay(relay, round, timeoutMs)));
  const signatures = new Set<string>();
  const problems: string[] = [];
  answers.forEach((answer, index) => {
    if (answer.status === "fulfilled") signatures.add(answer.value);
    else
      problems.push(
        `${relays[index]}: ${answer.reason instanceof Error ? answer.reason.message : String(answer.reason)}`,
      );
  });
  if (signatures.size > 1) throw new Error(`the relays disagree on round ${round}: ${[...signatures].join(" / ")}`);
  const [signature] = signatures;
  if (signature === undefined) throw new Error(`no relay gave round ${round} (${problems.join("; ")})`);
  return signature;
}
