import { storage } from "~/lib/storage/database.server";
import { clientKey } from "./client-address.server";
import { FIELD } from "./fields";
import { deleteOldRateLimits, withinRateLimit } from "./rate-limit.server";

/**
 * The rules every public form shares, without a third-party CAPTCHA (docs/operations.md,
 * "Sign-ups and limits"): a field people never see, a fill time no person beats, and a per-client limit
 * high enough for a family or an office behind one address.
 */
const MIN_FILL_MS = 2000;
const PER_CLIENT = { limit: 30, windowMs: 10 * 60_000 };

export type Refusal = { status: 400 | 429; message: string };

const MESSAGES = {
  honeypot: "No pudimos enviar el formulario. Recargá la página y probá de nuevo.",
  tooFast: "Fuiste más rápido de lo que esperábamos. Esperá unos segundos y volvé a enviarlo.",
  tooMany: "Recibimos muchos envíos desde tu conexión. Esperá unos minutos y volvé a intentarlo.",
};

/** Null when the submission may go on; otherwise why not, already counted against the client. */
export async function refuseSubmission(
  form: string,
  request: Request,
  fields: FormData,
  now: number,
): Promise<Refusal | null> {
  const allowed = await withinRateLimit(storage.db, `${form}:${clientKey(request)}`, PER_CLIENT, now);
  if (!allowed) return { status: 429, message: MESSAGES.tooMany };
  if (String(fields.get(FIELD.honeypot) ?? "") !== "") return { status: 400, message: MESSAGES.honeypot };
  const startedAt = Number(fields.get(FIELD.startedAt));
  if (!Number.isFinite(startedAt) || now - startedAt < MIN_FILL_MS) return { status: 400, message: MESSAGES.tooFast };
  return null;
}

/** The longest window any counter uses (a contact acknowledgement's day): older rows count for nothing. */
const LONGEST_WINDOW_MS = 24 * 60 * 60_000;

export function deleteFinishedWindows(now: number): Promise<void> {
  return deleteOldRateLimits(storage.db, LONGEST_WINDOW_MS, now);
}
