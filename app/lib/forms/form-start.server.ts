import { env } from "~/lib/server/env.server";
import { singleton } from "~/lib/server/singleton.server";
import { storage } from "~/lib/storage/database.server";
import { siteSecret } from "~/lib/storage/site-secret.server";
import { signedFormStart, signFormStart } from "./form-stamp.server";

/** FORM_SECRET, or the one the server made and keeps in its database: every replica signs alike. */
const secret = await singleton(
  "form-secret",
  async () => env.formSecret ?? (await siteSecret(storage.db, "form-start")),
);

/** The stamp a form's page carries: the instant it was rendered, signed. */
export function formStartStamp(instant: number): string {
  return signFormStart(secret, instant);
}

/** When the submitted form's page was rendered, or null when its stamp is missing, forged or not ours. */
export function formStartOf(stamp: string | null): number | null {
  return signedFormStart(secret, stamp);
}
