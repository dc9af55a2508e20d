/**
 * A database written by the previous release (every migration but this round's forms ones,
 * 0016–0019), holding the addresses earlier releases stored: spelt before the one parser
 * (`a<nora@example.com>`, `"nora"@example.com`), an internationalised domain unencoded, one
 * address twice, the spellings of one Gmail inbox the previous parser took apart, an unkeyed
 * counter. Then `npm run privacy` runs on it, as the organizer would right after upgrading: the
 * database is migrated, `show` finds every row by the address it reaches, and `delete` removes
 * every one of them with a receipt whose counts are the rows that were there (docs/decisions/063-one-inbox-one-mail.md).
 * On the embedded database and on a real PostgreSQL.
 */
import { createHash } from "node:crypto";
import Sqlite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/server/parse-env.server";
import { MIGRATIONS } from "~/lib/storage/migrations.server";
import { ROOT } from "../support/app-server";
import { npmRun, opsCommand } from "../support/ops-command";
import { DATABASE_KINDS, useDatabase } from "../support/waitlist";

/** The migrations the previous release did not have: round 4's forms ones, and round 5's. */
const THIS_ROUND = /^00(16|17|18|19|30|31)_/;
const T0 = Date.parse("2026-11-20T15:00:00Z");
const HOUR = 60 * 60 * 1000;
const SUPPORT = "soporte@opinionlabz.test";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables as the previous release had them
type PreviousRelease = Kysely<any>;

function openPrevious(env: Record<string, string>): PreviousRelease {
  const config = parseEnv(env, ROOT).database;
  return new Kysely({
    dialect:
      config.kind === "embedded"
        ? new SqliteDialect({ database: new Sqlite(config.file) })
        : new PostgresDialect({ pool: new pg.Pool({ connectionString: config.url }) }),
  });
}

const waitlistRow = (email: string, status: string, more: Record<string, unknown> = {}) => ({
  email,
  status,
  token: createHash("sha256").update(email).digest("base64url").slice(0, 32),
  subscribed_at: T0,
  confirmed_at: status === "confirmed" ? T0 + HOUR : null,
  unsubscribed_at: status === "unsubscribed" ? T0 + 2 * HOUR : null,
  confirm_expires_at: status === "pending" ? T0 + 30 * 24 * HOUR : null,
  last_mail_at: T0,
  ...more,
});

let mails = 0;
const mail = (kind: string, recipient: string, replyTo: string | null = null) => ({
  id: `legacy-${(mails += 1)}`,
  kind,
  recipient,
  reply_to: replyTo,
  subject: `Asunto ${mails}`,
  text_body: `Texto para ${replyTo ?? recipient}`,
  html_body: "<p>Texto</p>",
  headers: "{}",
  created_at: T0,
  attempts: 1,
  next_attempt_at: T0,
  sent_at: T0,
  gave_up_at: null,
  last_error: null,
});

/** Every row of every table, as text: what is left, whatever table a later release adds. */
async function everyRow(db: PreviousRelease, kind: string): Promise<string[]> {
  const catalog =
    kind === "postgres"
      ? sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`
      : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`;
  const rows: string[] = [];
  for (const { name } of (await catalog.execute(db)).rows) {
    const { rows: found } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    rows.push(...found.map((row) => `${name} ${JSON.stringify(row)}`));
  }
  return rows;
}

describe.each(DATABASE_KINDS)("addresses stored by earlier releases, on the %s database", (kind) => {
  const database = useDatabase(kind);
  let db: PreviousRelease;

  beforeAll(async () => {
    db = openPrevious(database.env);
    const previous = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => !THIS_ROUND.test(name)));
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => previous } }).migrateToLatest();
    if (error) throw error;

    await db
      .insertInto("waitlist")
      .values([
        // Nora, spelt the ways a release before the parser stored her.
        waitlistRow("a<nora@example.com>", "confirmed"),
        // Pepa: her domain stored unencoded, and again in punycode by the current parser; she
        // unsubscribed under the first, and someone signed the second up later.
        waitlistRow("pepa@ñandú.example", "unsubscribed"),
        waitlistRow("pepa@xn--and-6ma2c.example", "pending", {
          subscribed_at: T0 + 3 * HOUR,
          last_mail_at: T0 + 3 * HOUR,
        }),
        // One Gmail inbox, two spellings the previous parser kept apart.
        waitlistRow("victima+1@gmail.com", "pending"),
        waitlistRow("v.ictima@googlemail.com", "confirmed"),
        // A list kept as one row: both inboxes were mailed.
        waitlistRow("rosa@example.com, tito@example.com", "pending"),
        // Someone else, and text that holds no address at all.
        waitlistRow("ana@example.com", "confirmed"),
        waitlistRow("a%00b@example.com", "pending"),
      ])
      .execute();
    await db
      .insertInto("contact_messages")
      .values([
        { id: "m1", name: "Nora", email: '"nora"@example.com', message: "¿Gané?", created_at: T0 },
        { id: "m2", name: "Víctima", email: "victima+2@gmail.com", message: "Hola", created_at: T0 },
        { id: "m3", name: "Ana", email: "ana@example.com", message: "Hola", created_at: T0 },
      ])
      .execute();
    await db
      .insertInto("outbox")
      .values([
        mail("contact-ack", '"nora"@example.com'),
        mail("contact", SUPPORT, "a<nora@example.com>"),
        mail("waitlist-confirm", "a<nora@example.com>"),
        mail("contact-ack", "victima+2@gmail.com"),
        mail("contact-ack", "ana@example.com"),
        mail("waitlist-confirm", "rosa@example.com, tito@example.com"),
      ])
      .execute();
    await db
      .insertInto("survey_notices")
      .values({ survey_url: "https://encuestas.example/nov", started_at: T0, queued: 3, next_slot_at: T0 })
      .execute();
    await db
      .insertInto("survey_notice_recipients")
      .values(
        ["a<nora@example.com>", "v.ictima@googlemail.com", "victima@gmail.com", "ana@example.com"].map((email) => ({
          survey_url: "https://encuestas.example/nov",
          email,
          outbox_id: `notice-${email}`,
          queued_at: T0,
        })),
      )
      .execute();
    // A counter keyed, as the previous release did, by an unkeyed hash of the client's address.
    await db
      .insertInto("rate_limits")
      .values({
        key: `waitlist:${createHash("sha256").update("198.51.100.7").digest("base64url").slice(0, 22)}`,
        window_start: Date.now(),
        count: 3,
      })
      .execute();
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("finds every row of an address by the inbox it reaches once migrated, and deletes them all with a receipt that counts them", async () => {
    const shown = await npmRun("privacy", ["show", "nora@example.com"], database.env);
    expect(shown.code, shown.stderr).toBe(0);
    // The migration said, once, that one stored text holds no address.
    expect(shown.stderr).toContain("[storage] 1 fila guardada no tiene una dirección que el sitio pueda leer");
    expect(shown.stdout).toContain("Aviso de encuestas, pedido como a<nora@example.com>");
    expect(shown.stdout).toContain("  Estado: confirmada");
    expect(shown.stdout).toContain(
      'Mensajes de contacto: 1\n  1. Enviado el 20/11/2026, 12:00, con el nombre «Nora», desde "nora"@example.com:',
    );
    expect(shown.stdout).toContain("Emails: 3");
    expect(shown.stdout).toContain("https://encuestas.example/nov (a a<nora@example.com>)");
    expect(shown.stdout).toContain('Lo encontramos también escrito así: a<nora@example.com>, "nora"@example.com.');

    const deleted = await opsCommand("privacy", ["delete", "nora@example.com", "--yes"], database.env);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toContain('También escrita así, y borrada igual: a<nora@example.com>, "nora"@example.com');
    expect(deleted.stdout).toContain(
      [
        "  Inscripción al aviso de encuestas: 1",
        "  Mensajes de contacto: 1",
        "  Emails enviados o por enviar: 3",
        "  Registros de avisos de encuestas: 1",
      ].join("\n"),
    );
    // Not one row still holds her, in any spelling: the receipt counted everything there was.
    expect((await everyRow(db, kind)).filter((row) => /nora/i.test(row))).toEqual([]);
  });

  it("rewrites an address the parser reads, merging two that meet, and keeps what the inbox's owner did", async () => {
    const pepa = await db.selectFrom("waitlist").selectAll().where("email", "like", "pepa@%").execute();
    // (This connection reads PostgreSQL's bigint as text: the instants are compared as numbers.)
    expect(
      pepa.map((row) => ({ ...row, subscribed_at: Number(row.subscribed_at), last_mail_at: Number(row.last_mail_at) })),
    ).toEqual([
      expect.objectContaining({
        email: "pepa@xn--and-6ma2c.example",
        mailbox: "pepa@xn--and-6ma2c.example",
        // She unsubscribed: a later sign-up by anyone does not undo that.
        status: "unsubscribed",
        subscribed_at: T0,
        last_mail_at: T0 + 3 * HOUR,
      }),
    ]);
    const shown = await opsCommand("privacy", ["show", "Pepa@Ñandú.Example"], database.env);
    expect(shown.stdout).toContain("Estado: dada de baja: no le escribimos más");
  });

  it("files the spellings of one Gmail inbox under it: one notice record, and one deletion takes them all", async () => {
    const notices = await db
      .selectFrom("survey_notice_recipients")
      .select(["email", "mailbox"])
      .where("mailbox", "=", "victima@gmail.com")
      .execute();
    expect(notices).toHaveLength(1);
    const deleted = await opsCommand("privacy", ["delete", "victima@gmail.com", "--yes"], database.env);
    expect(deleted.stdout).toContain(
      [
        "  Inscripción al aviso de encuestas: 2",
        "  Mensajes de contacto: 1",
        "  Emails enviados o por enviar: 1",
        "  Registros de avisos de encuestas: 1",
      ].join("\n"),
    );
    expect((await everyRow(db, kind)).filter((row) => /v\.?ictima/i.test(row))).toEqual([]);
  });

  it("files a row that held two addresses under both: each finds it, and one deletion takes it", async () => {
    for (const address of ["rosa@example.com", "tito@example.com"]) {
      const shown = await opsCommand("privacy", ["show", address], database.env);
      expect(shown.code, shown.stderr).toBe(0);
      expect(shown.stdout, address).toContain("Aviso de encuestas, pedido como rosa@example.com, tito@example.com");
      expect(shown.stdout, address).toContain("Emails: 1");
    }
    const deleted = await opsCommand("privacy", ["delete", "tito@example.com", "--yes"], database.env);
    expect(deleted.stdout).toContain(
      ["  Inscripción al aviso de encuestas: 1", "  Mensajes de contacto: 0", "  Emails enviados o por enviar: 1"].join(
        "\n",
      ),
    );
    expect((await everyRow(db, kind)).filter((row) => /rosa|tito/.test(row))).toEqual([]);
  });

  it("keeps text that holds no address, and everyone else's rows; drops the unkeyed counter", async () => {
    const waitlist = (await db.selectFrom("waitlist").select(["email", "mailbox"]).orderBy("email").execute()).map(
      (row) => `${row.email} ${row.mailbox}`,
    );
    expect(waitlist).toEqual([
      "a%00b@example.com null",
      "ana@example.com ana@example.com",
      expect.stringMatching(/^pepa@/),
    ]);
    expect(await db.selectFrom("contact_messages").select("id").execute()).toEqual([{ id: "m3" }]);
    expect((await db.selectFrom("outbox").select("recipient").execute()).map((row) => row.recipient)).toEqual([
      "ana@example.com",
    ]);
    expect(
      (await db.selectFrom("rate_limits").select("key").execute()).filter((row) => row.key.startsWith("waitlist:")),
    ).toEqual([]);
  });
});
