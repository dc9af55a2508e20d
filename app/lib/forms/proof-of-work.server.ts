import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Challenge, Payload } from "altcha-lib";
import { SCRIPTED_HEADER } from "~/lib/edge/edge-request";
import { pressure } from "~/lib/mail/mail-budget.server";
import type { PacedBudget } from "~/lib/mail/fair-queue.server";
import { countOne } from "~/lib/storage/rate-limit.server";
import type { Tables } from "~/lib/storage/schema";
import { derivedSecret } from "~/lib/storage/site-key.server";
import { PROOF_FIELD } from "~/content/proof-of-work-files";
import type { ProofRequest } from "./fields";
import type { FormOutcome, RefuseField } from "./submission-guard.server";

/**
 * A proof of work instead of a refusal (docs/decisions/083-proof-of-work-under-pressure.md): while
 * an hour's mail is under pressure (a quarter of it queued), a form is taken only with an ALTCHA
 * solution the browser worked out, whose cost doubles as the pressure doubles. A browser without
 * JavaScript cannot work one out: it is told to come back later. Self-hosted (altcha-lib signs
 * and checks here; the widget is served by us, app/routes/verificacion.$archivo.ts), nothing about
 * the visitor in the challenge, and nothing kept but each spent challenge's signature, for as long
 * as it is valid, so one solution sends one form.
 */

/** What altcha's browser widget derives with: PBKDF2 over SHA-256. */
const ALGORITHM = "PBKDF2/SHA-256";
/**
 * A challenge's cost: `baseTries` to twice that tries (a fraction of a second on a phone) of
 * `iterations` each at the lowest pressure, doubling as the pressure doubles, `maxDoublings` at most.
 * @internal Exported for SECURITY.md's test: challenges read it.
 */
export const PROOF_COST = { baseTries: 500, iterations: 1_000, maxDoublings: 6 };
/** How long a challenge may be solved and sent. */
const VALID_MS = 10 * 60_000;

const MESSAGES = {
  solving: "Estamos recibiendo muchos envíos: tu navegador está haciendo una verificación rápida y lo envía solo.",
  tryLater:
    "En este momento recibimos muchos envíos y sin JavaScript no podemos verificar el tuyo. Probá de nuevo más tarde, o activá JavaScript y volvé a enviarlo.",
};

/**
 * How many times the cost doubles at `level` of pressure (1 at a quarter of the hour: none).
 * @internal Exported for SECURITY.md's test: challenges read it.
 */
export function costDoublings(level: number): number {
  return Math.min(PROOF_COST.maxDoublings, Math.floor(Math.log2(level)));
}

/**
 * altcha-lib and its PBKDF2, imported the first time a form is under pressure: a server that never
 * is never loads them (docs/decisions/073-the-server-start-carries-its-es-modules.md).
 */
const altcha = async () => {
  const [lib, { deriveKey }] = await Promise.all([import("altcha-lib"), import("altcha-lib/algorithms/pbkdf2")]);
  return { ...lib, deriveKey };
};

async function challengeFor(db: Kysely<Tables>, level: number, now: number): Promise<Challenge> {
  const tries = PROOF_COST.baseTries * 2 ** costDoublings(level);
  const { createChallenge, deriveKey, randomInt } = await altcha();
  return createChallenge({
    algorithm: ALGORITHM,
    cost: PROOF_COST.iterations,
    counter: randomInt(tries, 2 * tries),
    deriveKey,
    expiresAt: new Date(now + VALID_MS),
    hmacSignatureSecret: await derivedSecret(db, "proof-of-work"),
    hmacKeySignatureSecret: await derivedSecret(db, "proof-of-work-key"),
  });
}

/** Whether `payload` (the widget's field: base64 JSON) solves a challenge of ours, not spent before. */
async function solved(db: Kysely<Tables>, payload: string, now: number): Promise<boolean> {
  let parsed: Payload;
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as Payload;
    if (typeof parsed?.challenge?.signature !== "string") return false;
  } catch {
    return false;
  }
  const { deriveKey, verifySolution } = await altcha();
  const result = await verifySolution({
    challenge: parsed.challenge,
    solution: parsed.solution,
    deriveKey,
    hmacSignatureSecret: await derivedSecret(db, "proof-of-work"),
    hmacKeySignatureSecret: await derivedSecret(db, "proof-of-work-key"),
  }).catch(() => ({ verified: false }));
  if (!result.verified) return false;
  // Spent once: its signature counted for as long as the challenge is valid.
  const spent = `proof-spent:${createHash("sha256").update(parsed.challenge.signature).digest("base64url").slice(0, 22)}`;
  return (await countOne(db, spent, VALID_MS, now)) === 1;
}

/** What a form under pressure answers instead of taking the submission: a challenge, or "try later" without JavaScript. */
interface ProofAsked {
  status: 403;
  message: string;
  proof?: ProofRequest;
}

/**
 * Null when the submission may go on: `budgets` are not under pressure, or it carries a
 * solution. Otherwise what to answer: a new challenge to a browser whose script sent the form
 * (the edge says so), "try later" to one without JavaScript.
 */
async function proofAsked(
  db: Kysely<Tables>,
  form: string,
  budgets: PacedBudget[],
  request: Request,
  fields: FormData,
  now: number,
): Promise<ProofAsked | null> {
  const level = Math.max(...(await Promise.all(budgets.map((budget) => pressure(db, budget, now)))));
  if (level === 0) return null;
  const payload = fields.get(PROOF_FIELD);
  if (typeof payload === "string" && (await solved(db, payload, now))) return null;
  const scripted = request.headers.get(SCRIPTED_HEADER) === "1";
  console.warn(JSON.stringify({ event: "forms.proof_asked", form, scripted, pressure: Number(level.toFixed(2)) }));
  if (!scripted) return { status: 403, message: MESSAGES.tryLater };
  return { status: 403, message: MESSAGES.solving, proof: { challenge: await challengeFor(db, level, now) } };
}

/**
 * A form's answer when it must prove its work first (`proofAsked`), the typed values kept and
 * the challenge beside them; null when it may go on.
 */
export async function askedForProof(
  db: Kysely<Tables>,
  form: string,
  budgets: PacedBudget[],
  { request, fields, refuse }: { request: Request; fields: FormData; refuse: RefuseField },
  now: number,
): Promise<FormOutcome<never> | null> {
  const asked = await proofAsked(db, form, budgets, request, fields, now);
  if (!asked) return null;
  const { status, answer } = refuse(asked.status, "form", asked.message);
  return { status, answer: answer.ok ? answer : { ...answer, proof: asked.proof } };
}
