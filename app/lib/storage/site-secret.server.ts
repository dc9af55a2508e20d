import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Tables } from "./schema";

/** Under this name releases before round 5 kept the made secret in the database. */
const LEGACY_NAME = "form-start";

const hasCode = (error: unknown, code: string) => (error as { code?: unknown }).code === code;

function readSecret(file: string): string | null {
  try {
    return readFileSync(file, "utf8").trim();
  } catch (error) {
    if (hasCode(error, "ENOENT")) return null;
    throw error;
  }
}

/**
 * The secret the server makes when FORM_SECRET is unset (docs/decisions/084-the-made-secret-beside-the-database.md):
 * kept in `file` beside the database (DATA_DIR), readable by its owner alone, never in the
 * database, so a copy of the database cannot be read back into client addresses by hashing every
 * candidate with it. Made once, by whichever process asks first; one an earlier release kept in
 * the database is moved out to the file, then deleted there.
 */
export async function fileSecret(db: Kysely<Tables>, file: string): Promise<string> {
  const kept = readSecret(file);
  if (kept) return kept;
  const legacy = await db.selectFrom("site_secrets").select("value").where("name", "=", LEGACY_NAME).executeTakeFirst();
  const value = legacy?.value ?? randomBytes(32).toString("base64url");
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${value}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Another process made it first: theirs is the one.
    if (hasCode(error, "EEXIST")) return readSecret(file)!;
    throw error;
  }
  await forgetLegacySecret(db);
  return value;
}

/** Deletes a secret an earlier release kept in the database (FORM_SECRET, or the file, replaces it). */
export async function forgetLegacySecret(db: Kysely<Tables>): Promise<void> {
  await db.deleteFrom("site_secrets").where("name", "=", LEGACY_NAME).execute();
}
