import { sql, SqliteAdapter, type Kysely, type RawBuilder } from "kysely";
import { parseEmailAddress } from "~/lib/server/email-address.server";
import { containedAddress, containedAddresses } from "./contained-address.server";
import { alsoFiledUnder } from "./filed-under.server";
import { mailboxOf } from "./mailbox";
import { countOf, pluralForm } from "~/lib/ui/wording";

/**
 * Migration 0017: every stored address of earlier releases read again, and counted under its
 * mailbox (docs/decisions/063-one-inbox-one-mail.md). A stored address the one parser accepts is
 * rewritten to its form (`Nora@Example.COM`, `pepa@ñandú.example` in punycode), and two waitlist
 * rows that then meet become one. One it refuses (`a<nora@example.com>`, `"nora"@example.com`,
 * from before the parser) is kept as it is and filed under the address a mail library reads in
 * it, the one its mails went to, so `npm run privacy` finds it by that address. Only text holding
 * no address at all is filed under none; the migration counts those in the log.
 */

/** The mailbox a stored text is filed under, or null when it holds no address. */
function mailboxOfStored(stored: string): string | null {
  const address = containedAddress(stored);
  return address === null ? null : mailboxOf(address);
}

/** Stored text as the parser writes it, or as it was when the parser refuses it. */
const rewritten = (stored: string) => parseEmailAddress(stored) ?? stored;

type Db = Kysely<Record<string, Record<string, unknown>>>;
type Cell = string | number | null;
/** A column as UPDATE … FROM VALUES writes it: its name and SQL type. */
type Column = [name: string, type: "text" | "bigint"];

/** Rows per statement: a few hundred parameters, under either database's limit. */
const BATCH = 200;

/**
 * Sets `columns` of the rows of `table` whose `keys` match, many rows per statement (UPDATE …
 * FROM VALUES, which both databases have): an outbox of 50,000 rows is 250 statements, not
 * 50,000 round trips at start-up. Each row is its keys' values, then the columns'.
 */
async function updateRows(db: Db, table: string, keys: Column[], columns: Column[], rows: Cell[][]): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const all = [...keys, ...columns];
  // SQLite names a VALUES list's columns column1, column2…; PostgreSQL is given the same names.
  const names = all.map((_, index) => `column${index + 1}`);
  const alias = sqlite ? sql`v` : sql`v(${sql.join(names.map((name) => sql.id(name)))})`;
  const set = sql.join(
    columns.map(([column], index) => sql`${sql.id(column)} = ${sql.ref(`v.${names[keys.length + index]}`)}`),
  );
  const match = sql.join(
    keys.map(([key], index) => sql`${sql.ref(`${table}.${key}`)} = ${sql.ref(`v.${names[index]}`)}`),
    sql` and `,
  );
  for (let start = 0; start < rows.length; start += BATCH) {
    const values = sql.join(
      rows
        .slice(start, start + BATCH)
        .map((row) => sql`(${sql.join(row.map((cell, index) => typed(cell, all[index]![1])))})`),
    );
    await sql`update ${sql.table(table)} set ${set} from (values ${values}) as ${alias} where ${match}`.execute(db);
  }
}

/** A VALUES cell cast to its column's type: PostgreSQL reads an untyped parameter there as text. */
const typed = (cell: Cell, type: Column[1]): RawBuilder<unknown> => sql`cast(${cell} as ${sql.raw(type)})`;

interface WaitlistRow {
  email: string;
  status: string;
  subscribed_at: number;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
  last_mail_at: number | null;
}

/** When the inbox's owner last acted on the row (confirmed it or left), which only the inbox could do. */
const ownerActedAt = (row: WaitlistRow) =>
  row.status === "pending"
    ? -Infinity
    : Math.max(Number(row.confirmed_at ?? -Infinity), Number(row.unsubscribed_at ?? -Infinity));

/**
 * Two rows that are one address once parsed become one: the row its owner acted on last
 * (confirmed or unsubscribed: only the inbox could) survives, or else the newest sign-up; it
 * keeps the first sign-up's instant and the last confirmation mail's.
 */
async function mergeWaitlist(db: Db): Promise<void> {
  const rows = (await db.selectFrom("waitlist").selectAll().execute()) as unknown as WaitlistRow[];
  const byAddress = new Map<string, WaitlistRow[]>();
  for (const row of rows) byAddress.set(rewritten(row.email), [...(byAddress.get(rewritten(row.email)) ?? []), row]);
  const updates: Cell[][] = [];
  for (const [address, group] of byAddress) {
    const survivor = group.reduce((best, row) => {
      const [acted, bestActed] = [ownerActedAt(row), ownerActedAt(best)];
      return acted > bestActed || (acted === bestActed && row.subscribed_at > best.subscribed_at) ? row : best;
    });
    const others = group.filter((row) => row !== survivor).map((row) => row.email);
    if (others.length > 0) await db.deleteFrom("waitlist").where("email", "in", others).execute();
    const lastMail = Math.max(...group.map((row) => Number(row.last_mail_at ?? -Infinity)));
    updates.push([
      survivor.email,
      address,
      mailboxOfStored(survivor.email),
      Math.min(...group.map((row) => Number(row.subscribed_at))),
      Number.isFinite(lastMail) ? lastMail : null,
    ]);
  }
  // The survivors' new addresses are free now: every other row of their group is gone.
  await updateRows(
    db,
    "waitlist",
    [["email", "text"]],
    [
      ["email", "text"],
      ["mailbox", "text"],
      ["subscribed_at", "bigint"],
      ["last_mail_at", "bigint"],
    ],
    updates,
  );
}

/**
 * One notice per mailbox and survey: where two of an address's spellings were told of one
 * survey, the first record stays (its mail went out already; nothing is sent again).
 */
async function fileNoticeRecipients(db: Db): Promise<void> {
  const rows = (await db
    .selectFrom("survey_notice_recipients")
    .select(["survey_url", "email", "queued_at"])
    .orderBy("queued_at")
    .orderBy("email")
    .execute()) as { survey_url: string; email: string; queued_at: number }[];
  const seen = new Set<string>();
  const updates: Cell[][] = [];
  for (const row of rows) {
    const mailbox = mailboxOfStored(row.email);
    const address = rewritten(row.email);
    const keys = [`${row.survey_url}\n${address}`, ...(mailbox === null ? [] : [`${row.survey_url}\n@${mailbox}`])];
    if (keys.some((key) => seen.has(key))) {
      await db
        .deleteFrom("survey_notice_recipients")
        .where("survey_url", "=", row.survey_url)
        .where("email", "=", row.email)
        .execute();
      continue;
    }
    for (const key of keys) seen.add(key);
    updates.push([row.survey_url, row.email, address, mailbox]);
  }
  await updateRows(
    db,
    "survey_notice_recipients",
    [
      ["survey_url", "text"],
      ["email", "text"],
    ],
    [
      ["email", "text"],
      ["mailbox", "text"],
    ],
    updates,
  );
}

export async function addMailboxes(db: Db): Promise<void> {
  for (const table of ["waitlist", "contact_messages", "outbox", "survey_notice_recipients"]) {
    await db.schema.alterTable(table).addColumn("mailbox", "text").execute();
  }
  await mergeWaitlist(db);

  const messages = (await db.selectFrom("contact_messages").select(["id", "email"]).execute()) as {
    id: string;
    email: string;
  }[];
  await updateRows(
    db,
    "contact_messages",
    [["id", "text"]],
    [
      ["email", "text"],
      ["mailbox", "text"],
    ],
    messages.map((row) => [row.id, rewritten(row.email), mailboxOfStored(row.email)]),
  );

  const mails = (await db.selectFrom("outbox").select(["id", "recipient", "reply_to"]).execute()) as {
    id: string;
    recipient: string;
    reply_to: string | null;
  }[];
  await updateRows(
    db,
    "outbox",
    [["id", "text"]],
    [
      ["recipient", "text"],
      ["reply_to", "text"],
      ["mailbox", "text"],
    ],
    mails.map((row) => [
      row.id,
      rewritten(row.recipient),
      row.reply_to === null ? null : rewritten(row.reply_to),
      // A mail to the team is about the person it answers.
      mailboxOfStored(row.reply_to ?? row.recipient),
    ]),
  );

  await fileNoticeRecipients(db);

  await db.schema.createIndex("waitlist_mailbox").on("waitlist").column("mailbox").execute();
  await db.schema.createIndex("contact_messages_mailbox").on("contact_messages").column("mailbox").execute();
  await db.schema.createIndex("outbox_mailbox").on("outbox").column("mailbox").execute();
  await db.schema
    .createIndex("survey_notice_recipients_mailbox")
    .on("survey_notice_recipients")
    .columns(["survey_url", "mailbox"])
    .unique()
    .execute();

  const unfiled = await Promise.all(
    ["waitlist", "contact_messages", "outbox", "survey_notice_recipients"].map(async (table) => {
      const { count } = (await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("mailbox", "is", null)
        .executeTakeFirstOrThrow()) as { count: number };
      return Number(count);
    }),
  );
  const total = unfiled.reduce((sum, count) => sum + count, 0);
  if (total > 0) {
    console.warn(
      `[storage] ${countOf(total, "fila guardada no tiene", "filas guardadas no tienen")} una dirección que el sitio pueda leer (de antes de su lector de direcciones): ${pluralForm(total, "queda como está y no la encuentra", "quedan como están y no las encuentra")} ninguna dirección (docs/operations.md, "Requests about personal data").`,
    );
  }
}

/** Each table holding addresses, its key, and the column whose text decides whose row it is. */
const ADDRESS_COLUMNS: [table: string, keys: Column[], column: string][] = [
  ["waitlist", [["email", "text"]], "email"],
  ["contact_messages", [["id", "text"]], "email"],
  ["outbox", [["id", "text"]], "coalesce(reply_to, recipient)"],
  [
    "survey_notice_recipients",
    [
      ["survey_url", "text"],
      ["email", "text"],
    ],
    "email",
  ],
];

/**
 * Migration 0031: a row whose stored text reached more than one inbox (a list an earlier release
 * kept, `ana@example.com, nora@example.com`) is filed under each: `also_filed_under` lists the
 * others' mailboxes, so `npm run privacy` finds and deletes it by any of them
 * (docs/decisions/085-a-row-filed-under-every-address-it-reached.md).
 */
export async function fileUnderEveryAddress(db: Db): Promise<void> {
  for (const [table, keys, column] of ADDRESS_COLUMNS) {
    await db.schema.alterTable(table).addColumn("also_filed_under", "text").execute();
    const rows = (
      await sql<
        Record<string, string>
      >`select ${sql.join(keys.map(([key]) => sql.id(key)))}, mailbox, ${sql.raw(column)} as stored
        from ${sql.table(table)} where mailbox is not null`.execute(db)
    ).rows;
    const updates: Cell[][] = [];
    for (const row of rows) {
      const others = [...new Set(containedAddresses(row.stored!).map(mailboxOf))].filter((box) => box !== row.mailbox);
      if (others.length > 0) updates.push([...keys.map(([key]) => row[key]!), alsoFiledUnder(others)]);
    }
    await updateRows(db, table, keys, [["also_filed_under", "text"]], updates);
  }
}
