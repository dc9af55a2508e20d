import type { Kysely, Transaction } from "kysely";
import { storage } from "~/lib/storage/database.server";
import { isDatabaseUnavailable } from "~/lib/storage/open-storage.server";
import type { Tables } from "~/lib/storage/schema";
import { counterKey } from "~/lib/storage/site-key.server";
import { clientOf } from "./client-key.server";
import { formStartOf } from "./form-start.server";
import { FIELD, type FormAnswer } from "./fields";
import { deleteFinishedCounters, withinRateLimit } from "~/lib/storage/rate-limit.server";

/**
 * The rules every public form shares, without a third-party CAPTCHA (docs/operations.md,
 * "Sign-ups and limits"): a field people never see, a fill time no person beats (from a page at
 * most a day old), and a per-client limit
 * high enough for a family or an office behind one address.
 */
const MIN_FILL_MS = 2000;
/**
 * How long a form's page stays good to send. Its start stamp is shared by everyone a stored page
 * (or a CDN) serves, so it cannot be spent once; past a day it is refused ("recargá la página"),
 * so a stamp copied once does not serve a bot for ever.
 */
const MAX_FORM_AGE_MS = 24 * 60 * 60_000;
/** @internal Exported for SECURITY.md's test: the guard reads it. */
export const PER_CLIENT = { limit: 30, windowMs: 10 * 60_000 };

export type Refusal = { status: 400 | 429; message: string };

const MESSAGES = {
  reload: "No pudimos enviar el formulario. Recargá la página y probá de nuevo.",
  tooOld: "Abriste esta página hace más de un día. Recargá la página y volvé a enviar el formulario.",
  tooFast: "Fuiste más rápido de lo que esperábamos. Esperá unos segundos y volvé a enviarlo.",
  tooMany: "Recibimos muchos envíos desde tu conexión. Esperá unos minutos y volvé a intentarlo.",
  unavailable: "No pudimos guardar tu envío por un problema nuestro. Esperá un minuto y volvé a enviar el formulario.",
};

/**
 * A submission's fields, or null when its body is no form a browser sends (another Content-Type,
 * or cut short): the caller answers UNREADABLE_SUBMISSION, with nothing counted or stored.
 */
export function formFields(request: Request): Promise<FormData | null> {
  return request.formData().catch(() => null);
}

export const UNREADABLE_SUBMISSION: { status: number; answer: FormAnswer } = {
  status: 400,
  answer: { ok: false, field: "form", message: MESSAGES.reload, values: {} },
};

/** Null when the client is within its limit and the hidden field is empty. Either way it is counted against the client. */
async function refuseClient(
  db: Kysely<Tables>,
  form: string,
  request: Request,
  fields: FormData,
  now: number,
): Promise<Refusal | null> {
  const allowed = await withinRateLimit(db, await counterKey(db, form, clientOf(request)), PER_CLIENT, now);
  if (!allowed) return { status: 429, message: MESSAGES.tooMany };
  if (String(fields.get(FIELD.honeypot) ?? "") !== "") return { status: 400, message: MESSAGES.reload };
  return null;
}

/**
 * What is wrong with when the form's page was rendered: sent sooner than a person can (a stamp
 * missing, forged or dated in the future reads the same), or from a page more than a day old.
 */
function formStartProblem(fields: FormData, now: number): "too-fast" | "too-old" | null {
  const stamp = fields.get(FIELD.startedAt);
  const startedAt = formStartOf(typeof stamp === "string" ? stamp : null);
  if (startedAt === null || startedAt > now || now - startedAt < MIN_FILL_MS) return "too-fast";
  return now - startedAt > MAX_FORM_AGE_MS ? "too-old" : null;
}

/** A form's answer, and what it accepted (for the log line written after the commit). */
export interface FormOutcome<Accepted> {
  status: number;
  answer: FormAnswer;
  accepted?: Accepted;
}

/** Answers a field's problem, keeping what was typed. */
export type RefuseField = (status: number, field: string, message: string) => FormOutcome<never>;

/** A form's own field checks: what the fields say once checked, or the answer to a field at fault. */
export type FieldCheck<Checked> = { checked: Checked } | { refused: FormOutcome<never> };

/**
 * One submission of `form`, in one transaction: counted against the client, its hidden field
 * checked, then its own fields (`check`: a form sent empty is asked for what is missing before
 * anything else), then the time it was open, then `accept`ed (its writes). A refusal still
 * commits the count; an accepted submission costs one commit in all.
 */
export function guardedSubmission<Checked, Accepted>(
  form: string,
  request: Request,
  fields: FormData,
  values: Record<string, string>,
  {
    check,
    accept,
  }: {
    check: (refuse: RefuseField) => FieldCheck<Checked>;
    accept: (
      trx: Transaction<Tables>,
      checked: Checked,
      refuse: RefuseField,
      now: number,
    ) => Promise<FormOutcome<Accepted>>;
  },
): Promise<FormOutcome<Accepted>> {
  const now = Date.now();
  const refuse: RefuseField = (status, field, message) => ({ status, answer: { ok: false, field, message, values } });
  return storage.db
    .transaction()
    .execute(async (trx) => {
      const refusal = await refuseClient(trx, form, request, fields, now);
      if (refusal) return refuse(refusal.status, "form", refusal.message);
      const fieldCheck = check(refuse);
      if ("refused" in fieldCheck) return fieldCheck.refused;
      const started = formStartProblem(fields, now);
      if (started) return refuse(400, "form", started === "too-fast" ? MESSAGES.tooFast : MESSAGES.tooOld);
      return accept(trx, fieldCheck.checked, refuse, now);
    })
    .catch((error: unknown) => {
      // Rolled back: nothing stored, counted or queued. The visitor keeps what they typed.
      if (!isDatabaseUnavailable(error)) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(JSON.stringify({ event: "forms.database_unavailable", form, error: reason }));
      return refuse(503, "form", MESSAGES.unavailable);
    });
}

/** Counters whose window is over count for nothing: the sweep deletes them. */
export function deleteFinishedWindows(now: number): Promise<void> {
  return deleteFinishedCounters(storage.db, now);
}
