import { stringify } from "csv-stringify/sync";
import { sql, type Kysely, type Selectable } from "kysely";
import type { Tables, WaitlistStatus, WaitlistTable } from "~/lib/storage/schema";
import { filedUnder } from "~/lib/storage/filed-under.server";

/**
 * Unconfirmed addresses whose link has expired (or only those of `mailbox`, if given): deleted,
 * as the confirmation mail promises.
 */
export async function deleteExpired(db: Kysely<Tables>, now: number, mailbox?: string): Promise<void> {
  let expired = db.deleteFrom("waitlist").where("status", "=", "pending").where("confirm_expires_at", "<", now);
  if (mailbox !== undefined) expired = expired.where("mailbox", "=", mailbox);
  await expired.execute();
}

interface WaitlistExportRow {
  email: string;
  status: WaitlistStatus;
  subscribed_at: number;
  confirmed_at: number | null;
}

/** Every address on the list, oldest first; expired ones are deleted first, so they never appear. */
export async function waitlistRows(db: Kysely<Tables>, now: number): Promise<WaitlistExportRow[]> {
  await deleteExpired(db, now);
  return db
    .selectFrom("waitlist")
    .select(["email", "status", "subscribed_at", "confirmed_at"])
    .orderBy("subscribed_at")
    .orderBy("email")
    .execute();
}

const iso = (instant: number | null) => (instant === null ? "" : new Date(instant).toISOString());

/**
 * CSV with a header, RFC 4180 quoting where a value needs it, and a cell that a spreadsheet
 * would run as a formula (starting with =, +, -, @, tab or carriage return) prefixed with `'`
 * (csv-stringify's `escape_formulas`): an export is opened in a spreadsheet, and a formula in
 * one address could send the neighbouring ones away (docs/operations.md, "Data").
 */
export function waitlistCsv(rows: WaitlistExportRow[]): string {
  return stringify(
    rows.map((row) => [row.email, row.status, iso(row.subscribed_at), iso(row.confirmed_at)]),
    { header: true, columns: ["email", "status", "subscribed_at", "confirmed_at"], escape_formulas: true },
  );
}

/** An address's row as kept, without its token (the secret of its mail links) or its mailbox (the one asked for). */
export type WaitlistEntry = Omit<Selectable<WaitlistTable>, "token" | "mailbox" | "also_filed_under">;

/**
 * The rows of `mailbox`, oldest first: one, since a sign-up adds a row only for a mailbox that
 * has none, or several spellings kept from an earlier release.
 */
export function waitlistEntries(db: Kysely<Tables>, mailbox: string): Promise<WaitlistEntry[]> {
  return db
    .selectFrom("waitlist")
    .select([
      "email",
      "status",
      "subscribed_at",
      "confirmed_at",
      "unsubscribed_at",
      "confirm_expires_at",
      "last_mail_at",
      "draw_notices_at",
    ])
    .where(filedUnder(mailbox))
    .orderBy("subscribed_at")
    .orderBy("email")
    .execute();
}

/** Deletes the rows of `mailbox`; how many went. */
export async function deleteWaitlistEntries(db: Kysely<Tables>, mailbox: string): Promise<number> {
  const { numDeletedRows } = await db.deleteFrom("waitlist").where(filedUnder(mailbox)).executeTakeFirstOrThrow();
  return Number(numDeletedRows);
}

/** How many addresses are in each status (a status nobody is in is absent). */
export async function countByStatus(db: Kysely<Tables>): Promise<Partial<Record<WaitlistStatus, number>>> {
  const rows = await db
    .selectFrom("waitlist")
    .select((eb) => ["status", eb.fn.countAll<number>().as("count")])
    .groupBy("status")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

/**
 * How many rows have `column` (the sign-up or the confirmation instant) in each of `count`
 * consecutive periods of `periodMs` from `from`: index i counts [from + i·periodMs, from + (i+1)·periodMs).
 * Grouped in the database, the same SQL on both: the bounds are literals, so SQLite divides
 * integers (it binds JavaScript numbers as reals) and PostgreSQL sees one expression to group by.
 */
export async function countPerPeriod(
  db: Kysely<Tables>,
  column: "subscribed_at" | "confirmed_at",
  { from, periodMs, count }: { from: number; periodMs: number; count: number },
): Promise<number[]> {
  const period = sql<number>`(${sql.ref(column)} - ${sql.lit(from)}) / ${sql.lit(periodMs)}`;
  const rows = await db
    .selectFrom("waitlist")
    .select((eb) => [period.as("period"), eb.fn.countAll<number>().as("count")])
    .where(column, ">=", from)
    .where(column, "<", from + periodMs * count)
    .groupBy(period)
    .execute();
  const counts = new Array<number>(count).fill(0);
  for (const row of rows) counts[Number(row.period)] = Number(row.count);
  return counts;
}
