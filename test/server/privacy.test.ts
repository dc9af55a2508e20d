/**
 * Requests about one person's data, on the embedded database and a real PostgreSQL: a person
 * signs up, confirms and writes twice through the real server and SMTP server, next to another
 * person who does the same; then `npm run privacy -- show` prints what the export and the outbox
 * hold about them (and nothing of the other), and `npm run privacy -- delete` removes it in one
 * go, mail still waiting included, with a dated receipt: afterwards no table holds the address,
 * its token or its counter, and the other person's rows are all there.
 */
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/server/parse-env.server";
import { openStorage, type Storage } from "~/lib/storage/open-storage.server";
import type { Tables } from "~/lib/storage/schema";
import { counterKeyWith } from "~/lib/storage/counter-key";
import { freePort, ROOT, startAppServer, TEST_FORM_SECRET, type AppServer } from "../support/app-server";
import { npmRun, opsCommand } from "../support/ops-command";
import { startSmtpServer, type SmtpServer } from "../support/smtp-server";
import {
  DATABASE_KINDS,
  exportWaitlist,
  linksIn,
  mailsTo,
  postForm,
  postSignUp,
  useDatabase,
} from "../support/waitlist";

const SUPPORT = "soporte@opinionlabz.test";
const NORA = "nora@example.com";
const ANA = "ana@example.com";
/** Nora's inbox, spelt with a tag: the same mailbox. */
const NORA_TAGGED = "nora+sorteo@example.com";
/** Wednesday 25 November 2026, 12:00 in Argentina: the receipt's date. */
const RECEIPT_AT = new Date("2026-11-25T15:00:00Z");

/** "25/11/2026, 12:00": an instant on Argentina's wall clock (UTC−3 all year), as the commands print it. */
function argentina(ms: number): string {
  const wall = new Date(ms - 3 * 60 * 60 * 1000);
  const two = (value: number) => String(value).padStart(2, "0");
  return `${wall.getUTCDate()}/${wall.getUTCMonth() + 1}/${wall.getUTCFullYear()}, ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`;
}

/** Every table the database has, found in its catalog (a table added later is checked too), with every row. */
async function everyRow(db: Kysely<Tables>, kind: string): Promise<Map<string, string[]>> {
  const catalog =
    kind === "postgres"
      ? sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`
      : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`;
  const tables = (await catalog.execute(db)).rows.map((row) => row.name);
  const rows = new Map<string, string[]>();
  for (const table of tables) {
    const { rows: found } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    rows.set(
      table,
      found.map((row) => JSON.stringify(row)),
    );
  }
  return rows;
}

/** The tables (and their rows) where `text` appears in any column. */
function tablesHolding(rows: Map<string, string[]>, text: string): string[] {
  return [...rows].filter(([, found]) => found.some((row) => row.includes(text))).map(([table]) => table);
}

/** The daily acknowledgement counter of an address: an HMAC of it with the site's secret, as /contacto keys it. */
const acknowledgementCounter = (email: string) => counterKeyWith(TEST_FORM_SECRET, "contact-ack", email);
/** The 30-day counter of confirmation mails to a mailbox. */
const confirmationCounter = (email: string) => counterKeyWith(TEST_FORM_SECRET, "confirmation", email);

describe.each(DATABASE_KINDS)("requests about personal data on the %s database", (kind) => {
  const database = useDatabase(kind);
  let smtp: SmtpServer;
  let app: AppServer;
  let storage: Storage;

  const contact = (email: string, name: string, message: string, client: string) =>
    postForm(app, "/contacto", { nombre: name, email, mensaje: message }, { client });
  /** Signs up and confirms through the mail's link, as a person does. */
  const signUpAndConfirm = async (typed: string, email: string, client: string) => {
    expect((await postSignUp(app, { email: typed, client })).status).toBe(200);
    const [mail] = await mailsTo(smtp, email);
    expect((await fetch(linksIn(mail!).confirm, { method: "POST" })).status).toBe(200);
  };
  // The command's own code (`opsCommand`); the first `show` runs as the organizer types it, through npm.
  const privacy = (args: string[], clockAt?: Date) => opsCommand("privacy", args, database.env, { clockAt });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const port = await freePort();
    app = await startAppServer(
      { ...database.env, SMTP_URL: smtp.url, CONTACT_EMAIL: SUPPORT, SITE_URL: `http://127.0.0.1:${port}` },
      { port },
    );
    storage = await openStorage(parseEnv(database.env, ROOT).database);
  });
  afterAll(async () => {
    await storage?.db.destroy();
    await app?.stop();
    await smtp?.close();
  });

  it("show prints, as plain text, what the export and the outbox hold about the address, and nothing of anyone else", async () => {
    // The tests below go on from here, in order.
    await signUpAndConfirm("Nora@Example.com", NORA, "198.51.100.70");
    await signUpAndConfirm(ANA, ANA, "198.51.100.71");
    expect((await contact(NORA, "Nora Díaz", "Hola, ¿cómo me entero si gané?", "198.51.100.70")).status).toBe(200);
    // The second message of the day: no second acknowledgement.
    expect((await contact(NORA, "Nora", "Otra cosa:\nsegunda línea.", "198.51.100.70")).status).toBe(200);
    expect((await contact(ANA, "Ana", "Mensaje de Ana, que se queda.", "198.51.100.71")).status).toBe(200);
    // Every mail out and marked sent: what `show` prints is then what the outbox holds, with no race.
    await mailsTo(smtp, SUPPORT, 3);
    await expect
      .poll(
        async () => (await storage.db.selectFrom("outbox").select("id").where("sent_at", "is", null).execute()).length,
      )
      .toBe(0);

    const shown = await npmRun("privacy", ["show", "  NORA@example.COM "], database.env);
    expect(shown.code, shown.stderr).toBe(0);
    const text = shown.stdout;
    // Data only on stdout: npm's banner and the log lines are on stderr.
    expect(text.split("\n")[0]).toBe(`Datos guardados sobre ${NORA}`);
    expect(text).not.toMatch(/^> |storage\.ready/m);

    const [exported] = (await exportWaitlist(database.env)).filter((row) => row.email === NORA);
    expect(exported!.status).toBe("confirmed");
    expect(text).toContain("Estado: confirmada");
    expect(text).toContain(`Pedido el: ${argentina(Date.parse(exported!.subscribed_at))}`);
    expect(text).toContain(`Confirmado el: ${argentina(Date.parse(exported!.confirmed_at))}`);

    expect(text).toContain("Mensajes de contacto: 2");
    expect(text).toContain("con el nombre «Nora Díaz»:");
    expect(text).toContain("| Hola, ¿cómo me entero si gané?");
    expect(text).toContain("| Otra cosa:\n     | segunda línea.");

    // The confirmation, the one acknowledgement, and the two mails to support that answer her.
    const mails = await storage.db
      .selectFrom("outbox")
      .selectAll()
      .where((eb) => eb.or([eb("recipient", "=", NORA), eb("reply_to", "=", NORA)]))
      .orderBy("created_at")
      .execute();
    // (A message's two mails are queued at one instant: their order is not the point.)
    expect(mails.map((mail) => `${mail.kind} to ${mail.recipient}`).sort()).toEqual([
      `contact to ${SUPPORT}`,
      `contact to ${SUPPORT}`,
      `contact-ack to ${NORA}`,
      `waitlist-confirm to ${NORA}`,
    ]);
    expect(text).toContain(`Emails: ${mails.length}`);
    for (const mail of mails) {
      expect(text).toContain(`«${mail.subject}»`);
      expect(text).toContain(`Guardado el: ${argentina(mail.created_at)}`);
      expect(text).toContain(`Estado: enviado el ${argentina(mail.sent_at!)}`);
      // Each line of the mail's text is there, its personal links without their token.
      for (const line of mail.text_body.trimEnd().split("\n")) {
        expect(text).toContain(`| ${line.replace(/\?t=[^\s&]+/, "?t=(oculto)")}`.trimEnd());
      }
    }
    expect(text).toContain(`Para: ${SUPPORT} (responder a: ${NORA})`);

    // The links' token works as a password: it is never printed.
    const { token } = await storage.db
      .selectFrom("waitlist")
      .select("token")
      .where("email", "=", NORA)
      .executeTakeFirstOrThrow();
    expect(text).not.toContain(token);
    expect(text).toContain("/avisos/baja?t=(oculto)");

    expect(text).not.toContain(ANA);
    expect(text).not.toContain("Mensaje de Ana");
  });

  it("refuses a deletion run without the servers' FORM_SECRET (exit 2): its keys would find nothing", async () => {
    const withoutSecret = await opsCommand("privacy", ["delete", NORA], { ...database.env, FORM_SECRET: undefined });
    expect(withoutSecret.code).toBe(2);
    expect(withoutSecret.stderr).toContain("No se borró nada: este comando no tiene la clave del sitio");
    expect(withoutSecret.stdout).not.toContain("Constancia");
    const otherSecret = await opsCommand("privacy", ["delete", NORA], {
      ...database.env,
      FORM_SECRET: "another-secret-0123456789-0123456789-0123",
    });
    expect(otherSecret.code).toBe(2);
    expect(tablesHolding(await everyRow(storage.db, kind), NORA).sort()).toEqual([
      "contact_messages",
      "outbox",
      "waitlist",
    ]);
  });

  it("refuses an address the site would not accept (exit 2), and a command it does not know (exit 64)", async () => {
    const unparsable = await privacy(["delete", "Nora <nora@example.com>"]);
    expect(unparsable.code).toBe(2);
    expect(unparsable.stderr).toContain('"Nora <nora@example.com>" no es una dirección de email que el sitio acepte');
    expect(unparsable.stdout).not.toContain("Constancia");
    // A usage error names what is wrong, then shows the usage.
    for (const [args, problem] of [
      [["erase", NORA], "«erase» no es un comando de privacy: usá show o delete."],
      [[], "Falta qué hacer: show o delete."],
      [["delete"], "Falta la dirección de email después de delete."],
      [["show", NORA, "otra@example.com"], "Sobra «otra@example.com»: va una sola dirección."],
      [["show", NORA, "--yes"], "--yes es solo para delete: show no borra nada."],
    ] as const) {
      const usage = await privacy([...args]);
      expect(usage.code, args.join(" ")).toBe(64);
      expect(usage.stderr).toBe(`${problem}\nUso: npm run privacy -- show <email> | delete <email> [--yes]\n`);
    }
    // Nothing was deleted.
    expect(tablesHolding(await everyRow(storage.db, kind), NORA).sort()).toEqual([
      "contact_messages",
      "outbox",
      "waitlist",
    ]);
  });

  it("delete removes everything about the mailbox in one go, in every spelling, a mail still waiting included, and prints a dated receipt", async () => {
    // With the SMTP server down, a third message's mail to support waits in the outbox; it comes
    // from another spelling of Nora's inbox.
    await smtp.stop();
    expect((await contact(NORA_TAGGED, "Nora", "Un tercer mensaje.", "198.51.100.70")).status).toBe(200);
    const waiting = await storage.db
      .selectFrom("outbox")
      .select("id")
      .where("reply_to", "=", NORA_TAGGED)
      .where("sent_at", "is", null)
      .execute();
    expect(waiting).toHaveLength(1);

    const before = await everyRow(storage.db, kind);
    const { token } = await storage.db
      .selectFrom("waitlist")
      .select("token")
      .where("email", "=", NORA)
      .executeTakeFirstOrThrow();
    expect(tablesHolding(before, acknowledgementCounter(NORA))).toEqual(["rate_limits"]);

    // Without --yes: what would go, and nothing goes (exit 3).
    const preview = await privacy(["delete", "Nora@Example.com"], RECEIPT_AT);
    expect(preview.code, preview.stderr).toBe(3);
    expect(preview.stdout).toContain("Con --yes se borraría, en una sola operación:\n");
    expect(preview.stdout).toContain("  Inscripción al aviso de encuestas: 1\n");
    expect(preview.stdout).toContain(
      `No se borró nada. Si es la dirección correcta, confirmá con --yes:\n  npm run privacy -- delete ${NORA} --yes\n`,
    );
    // Every row still there (the waiting mail's tries and the servers' reports go on meanwhile).
    const rowCounts = (rows: typeof before) =>
      [...rows].filter(([table]) => table !== "instances").map(([table, kept]) => [table, kept.length]);
    expect(rowCounts(await everyRow(storage.db, kind))).toEqual(rowCounts(before));

    const deleted = await privacy(["delete", "Nora@Example.com", "--yes"], RECEIPT_AT);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout.split("\n")).toEqual([
      "Constancia de supresión de datos personales",
      "",
      "Fecha: 25/11/2026, 12:00 (hora de Argentina)",
      `Dirección de email: ${NORA}`,
      `También escrita así, y borrada igual: ${NORA_TAGGED}`,
      "",
      `Buscamos la casilla ${NORA} escrita de cualquier forma que llegue a ella: con o sin «+etiqueta» antes de la @ y, en Gmail, con o sin puntos y también en googlemail.com.`,
      "",
      "Borramos de la base de datos del sitio de Opinion Labz todo lo que guardaba sobre esta dirección:",
      "",
      "  Inscripción al aviso de encuestas: 1",
      "  Mensajes de contacto: 3",
      "  Emails enviados o por enviar: 5",
      "  Registros de avisos de encuestas: 0",
      "  Avisos de premio del sorteo: 0",
      "",
      "Durante 30 días no vamos a aceptar que nadie anote esta dirección para el aviso ni le vamos a mandar emails. Para eso guardamos solo una huella cifrada de la casilla, que no deja leer la dirección, y la borramos al terminar esos 30 días.",
      "Si después te volvés a anotar o nos escribís, vamos a guardar solo lo que nos mandes de nuevo.",
      "",
      "Opinion Labz",
      "",
    ]);

    // Every table, every column: not the address in any spelling, not its token, not its
    // counters; only the 30-day block, keyed with the site's secret.
    const after = await everyRow(storage.db, kind);
    expect([...after.keys()]).toEqual(
      expect.arrayContaining(["waitlist", "outbox", "contact_messages", "rate_limits", "draws", "draw_rounds"]),
    );
    expect(tablesHolding(after, "nora")).toEqual([]);
    expect(tablesHolding(after, token)).toEqual([]);
    expect(tablesHolding(after, acknowledgementCounter(NORA))).toEqual([]);
    expect(tablesHolding(after, confirmationCounter(NORA))).toEqual([]);
    const block = counterKeyWith(TEST_FORM_SECRET, "deleted", NORA);
    expect(tablesHolding(after, block)).toEqual(["rate_limits"]);
    // Ana's rows are all there, her counter too, and every other row as it was.
    expect(tablesHolding(after, ANA).sort()).toEqual(["contact_messages", "outbox", "waitlist"]);
    expect(tablesHolding(after, acknowledgementCounter(ANA))).toEqual(["rate_limits"]);
    const aboutNora = (row: string) =>
      row.includes("nora") ||
      row.includes(token) ||
      row.includes(acknowledgementCounter(NORA)) ||
      row.includes(confirmationCounter(NORA));
    for (const [table, rows] of before) {
      // Each running server rewrites its own report there every 5 s, and the mail pace moves with
      // every mail sent (its keys are budgets and domains): about no one, and never still.
      if (table === "instances" || table === "mail_pace") continue;
      const kept = after.get(table)!.filter((row) => !row.includes(block));
      expect(kept, table).toEqual(rows.filter((row) => !aboutNora(row)));
    }

    const shownAfter = await privacy(["show", NORA]);
    expect(shownAfter.stdout).toContain("El sitio de Opinion Labz no guarda ningún dato sobre esta dirección.");
    const again = await privacy(["delete", NORA, "--yes"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("no había nada para borrar");
    expect(again.stdout).toContain("  Emails enviados o por enviar: 0");
  });
});
