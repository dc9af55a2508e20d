/**
 * Works out a proof of work as a browser's widget does (docs/decisions/083-proof-of-work-under-pressure.md),
 * with altcha-lib's own solver: for tests that play the page's script over HTTP.
 */
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { FormAnswer } from "~/lib/forms/fields";
import { decodeSingleFetch } from "./single-fetch";

/** The challenge in a form's single-fetch answer (a POST to its `.data` URL), solved: the field's value to send. */
export async function solvedProof(answer: Response): Promise<string> {
  const decoded = await decodeSingleFetch<{ data: FormAnswer }>(answer.body!);
  const proof = decoded.data.ok ? undefined : decoded.data.proof;
  if (!proof) throw new Error(`no proof asked in ${JSON.stringify(decoded)}`);
  const challenge = proof.challenge as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("the challenge could not be solved");
  const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}
