import { createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import { env } from "~/lib/server/env.server";
import { singleton } from "~/lib/server/singleton.server";
import { counterKeyWith } from "./counter-key";
import type { Tables } from "./schema";
import { fileSecret, forgetLegacySecret } from "./site-secret.server";

/**
 * The site's secret: FORM_SECRET, or the one the server made and keeps beside its database
 * (site-secret.server.ts; read once per process). Every replica and every organizer's command
 * must read the same one, so a form's start stamp and a counter's key are the same wherever they
 * are made.
 */
function siteSecretOf(db: Kysely<Tables>): Promise<string> {
  return singleton("form-secret", async () => env.formSecret ?? (await fileSecret(db, env.formSecretFile)));
}

/** The key of `rule`'s counter about `subject`, keyed with the site's secret (counter-key.ts). */
export async function counterKey(db: Kysely<Tables>, rule: string, subject: string): Promise<string> {
  return counterKeyWith(await siteSecretOf(db), rule, subject);
}

/** Under this name the database keeps an HMAC of the servers' secret: it tells whether a command has the same one. */
const FINGERPRINT = "site-secret-fingerprint";
const fingerprintOf = (secret: string) => createHmac("sha256", secret).update(FINGERPRINT).digest("base64url");

/** Called by each server as it starts: the secret it signs and keys with is the one commands must use. */
export async function recordSiteSecret(db: Kysely<Tables>): Promise<string> {
  const secret = await siteSecretOf(db);
  // A secret an earlier release made and kept in the database is no one's now.
  await forgetLegacySecret(db);
  const value = fingerprintOf(secret);
  await db
    .insertInto("site_secrets")
    .values({ name: FINGERPRINT, value })
    .onConflict((conflict) => conflict.column("name").doUpdateSet({ value }))
    .execute();
  return secret;
}

/**
 * Whether this process keys counters as the servers do: false when a server recorded another
 * secret (the command runs without the servers' FORM_SECRET, or with an old one). A key made
 * with another secret finds nothing, so a deletion would leave the person's counters, and block
 * nothing.
 */
export async function hasServersSecret(db: Kysely<Tables>): Promise<boolean> {
  const recorded = await db
    .selectFrom("site_secrets")
    .select("value")
    .where("name", "=", FINGERPRINT)
    .executeTakeFirst();
  return !recorded || recorded.value === fingerprintOf(await siteSecretOf(db));
}

/** A secret for `purpose` derived from the site's secret: one secret configured, one key per use. */
export async function derivedSecret(db: Kysely<Tables>, purpose: string): Promise<string> {
  return createHmac("sha256", await siteSecretOf(db))
    .update(`derived:${purpose}`)
    .digest("base64url");
}
