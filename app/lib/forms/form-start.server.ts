import { storage } from "~/lib/storage/database.server";
import { recordSiteSecret } from "~/lib/storage/site-key.server";
import { signedFormStart, signFormStart } from "./form-stamp.server";

/**
 * FORM_SECRET, or the one the server made and keeps in its database: every replica signs alike,
 * and the organizer's commands check they key counters with it too.
 */
const secret = await recordSiteSecret(storage.db);

/** The stamp a form's page carries: the instant it was rendered, signed. */
export function formStartStamp(instant: number): string {
  return signFormStart(secret, instant);
}

/** When the submitted form's page was rendered, or null when its stamp is missing, forged or not ours. */
export function formStartOf(stamp: string | null): number | null {
  return signedFormStart(secret, stamp);
}
