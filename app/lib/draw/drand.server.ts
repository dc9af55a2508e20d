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
  let text: string;
  try {
    const response = await fetch(`${relay}/${QUICKNET.chainHash}/public/${round}`, {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
    if (!response.ok) throw new Error(`respondió HTTP ${response.status}`);
    text = await response.text();
  } catch (error) {
    if (error instanceof Error && error.name === "TimeoutError") throw new Error(`no respondió en ${timeoutMs} ms`);
    if (error instanceof TypeError) throw new Error("no se pudo conectar");
    throw error;
  }
  if (text.length > MAX_ANSWER_BYTES) throw new Error("respondió demasiado para una ronda");
  let answer: { round?: unknown; signature?: unknown };
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    throw new Error("no respondió JSON");
  }
  if (answer?.round !== round || typeof answer.signature !== "string") {
    throw new Error("no respondió una ronda de la cadena");
  }
  return answer.signature;
}

/**
 * The signature of `round` as drand's relays publish it, asked of every relay at once, each
 * within `timeoutMs`. Refused (an Error saying why, in the organizer's Spanish) when no relay has it, or when two give
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
  if (signatures.size > 1)
    throw new Error(`los relays no coinciden en la ronda ${round}: ${[...signatures].join(" / ")}`);
  const [signature] = signatures;
  if (signature === undefined) throw new Error(`ningún relay dio la ronda ${round} (${problems.join("; ")})`);
  return signature;
}
