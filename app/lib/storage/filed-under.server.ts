import { sql, type Expression, type SqlBool } from "kysely";

/**
 * Rows filed under `mailbox` (docs/decisions/063-one-inbox-one-mail.md): their own mailbox, or
 * any other inbox a row of an earlier release reached, listed in its `also_filed_under`
 * (migration 0031: a stored list, `ana@example.com, nora@example.com`, went to both). For the
 * WHERE of a statement on one table holding addresses.
 */
export function filedUnder(mailbox: string): Expression<SqlBool> {
  const escaped = mailbox.replace(/[\\%_]/g, (character) => `\\${character}`);
  return sql<SqlBool>`(mailbox = ${mailbox} or also_filed_under like ${`%\n${escaped}\n%`} escape ${"\\"})`;
}

/** What `also_filed_under` holds for the inboxes a stored text reached besides its own: null when none. */
export function alsoFiledUnder(mailboxes: string[]): string | null {
  return mailboxes.length === 0 ? null : `\n${mailboxes.join("\n")}\n`;
}
