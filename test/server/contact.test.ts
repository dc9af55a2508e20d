/**
 * /contacto's form over HTTP, through a real SMTP server, on the embedded database and a real
 * PostgreSQL: the message reaches CONTACT_EMAIL with Reply-To the sender, the sender gets one
 * acknowledgement a day repeating the 24-hour promise, and every refusal sends nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/server/parse-env.server";
import { openStorage } from "~/lib/storage/open-storage.server";
import { ROOT, startAppServer, type AppServer } from "../support/app-server";
import { startSmtpServer, type SmtpServer } from "../support/smtp-server";
import {
  DATABASE_KINDS,
  mailsMentioning,
  mailsTo,
  postForm,
  SPELLINGS_OF_ONE_INBOX,
  useDatabase,
} from "../support/waitlist";

const SUPPORT = "soporte@opinionlabz.test";

function statusMessage(html: string): string {
  return html.match(/data-testid="contact-status"[^>]*>([^<]*)</)?.[1] ?? "";
}

describe.each(DATABASE_KINDS)("the contact form on the %s database", (kind) => {
  const database = useDatabase(kind);
  let smtp: SmtpServer;
  let app: AppServer;

  const start = async () => {
    app = await startAppServer({ ...database.env, SMTP_URL: smtp.url, CONTACT_EMAIL: SUPPORT });
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    await start();
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  const send = async (
    fields: Record<string, string>,
    options: { honeypot?: string; filledInMs?: number; client?: string } = {},
  ) => {
    const response = await postForm(app, "/contacto", fields, { client: "198.51.100.60", ...options });
    return { status: response.status, html: await response.text() };
  };

  it("mails the message to CONTACT_EMAIL with Reply-To the sender, and acknowledges it once a day", async () => {
    const message = "Hola, ¿cuándo es el próximo sorteo?\nGracias.";
    const answer = await send({ nombre: "Lucía Gómez", email: "Lucia@Example.com", mensaje: message });
    expect(answer.status).toBe(200);
    expect(statusMessage(answer.html)).toContain("dentro de las 24 horas");

    const [toSupport] = await mailsTo(smtp, SUPPORT);
    expect(toSupport!.headers.get("reply-to")).toBe("lucia@example.com");
    expect(toSupport!.subject).toContain("Lucía Gómez");
    expect(toSupport!.text).toContain(message);
    const [acknowledgement] = await mailsTo(smtp, "lucia@example.com");
    expect(acknowledgement!.text).toContain("dentro de las 24 horas");
    // Answering the acknowledgement writes to support, and it shows what reached us.
    expect(acknowledgement!.headers.get("reply-to")).toBe(SUPPORT);
    expect(acknowledgement!.text).toContain(`Esto es lo que nos escribiste:\n\n${message}`);
    expect(acknowledgement!.text).not.toContain("Lucía Gómez");

    await send({ nombre: "Lucía Gómez", email: "lucia@example.com", mensaje: "Otra pregunta." });
    // Mail goes out oldest first: once a later sender's acknowledgement is in, a second one to Lucía would be too.
    await send({ nombre: "Control", email: "control-ack@example.com", mensaje: "Control" });
    await mailsTo(smtp, "control-ack@example.com");
    // Each message reaches support, in whatever order the sender's deliveries finish.
    expect(await mailsTo(smtp, SUPPORT, 3)).toHaveLength(3);
    expect(smtp.mails().filter((mail) => mail.to === "lucia@example.com")).toHaveLength(1);
  });

  it("mails a message full of markup as text: escaped in the HTML part, as typed in the plain one", async () => {
    const name = `Eve "><script>alert(1)</script>`;
    const message = `<img src=x onerror=alert(1)> & "comillas" <a href="javascript:alert(1)">clic</a>`;
    const answer = await send({ nombre: name, email: "eve@example.com", mensaje: message });
    expect(answer.status).toBe(200);

    const fromEve = () => smtp.mails().filter((mail) => mail.to === SUPPORT && mail.text.includes("Eve"));
    await expect.poll(() => fromEve().length).toBe(1);
    const [toSupport] = fromEve();
    expect(toSupport!.text).toContain(message);
    expect(toSupport!.text).toContain(name);
    // Nothing the visitor typed became markup: no tag or attribute of theirs is left in the HTML
    // (the one image is the mail's logo).
    expect(toSupport!.html).not.toMatch(/<script|<img src=x|onerror=alert\(1\)>|<a href="javascript/i);
    expect(toSupport!.html.match(/<img /g)).toHaveLength(1);
    expect(toSupport!.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(toSupport!.html).toContain("&lt;img src=x onerror=alert(1)&gt; &amp; ");
    // Eve's own copy quotes her message as text too.
    const [acknowledgement] = await mailsTo(smtp, "eve@example.com");
    expect(acknowledgement!.text).toContain(message);
    expect(acknowledgement!.html).not.toMatch(/<script|<img src=x|onerror=alert\(1\)>|<a href="javascript/i);
    expect(acknowledgement!.html).toContain("&lt;img src=x onerror=alert(1)&gt; &amp; ");
  });

  it("quotes only the first 500 characters of a long message to its sender; the team gets it whole", async () => {
    const message = `${"palabra ".repeat(100)}FINAL-DEL-MENSAJE`;
    expect((await send({ nombre: "Larga", email: "larga@example.com", mensaje: message })).status).toBe(200);
    const [acknowledgement] = await mailsTo(smtp, "larga@example.com");
    const quoted = acknowledgement!.text.match(/Esto es lo que nos escribiste:\n\n([\s\S]*?) \[…\]\n/)?.[1];
    expect(quoted).toBeDefined();
    expect(quoted!.length).toBeLessThanOrEqual(500);
    expect(quoted!.length).toBeGreaterThan(400);
    expect(message.startsWith(quoted!)).toBe(true);
    expect(acknowledgement!.text).not.toContain("FINAL-DEL-MENSAJE");
    expect(acknowledgement!.text).toContain("el equipo recibió tu mensaje completo");
    await expect
      .poll(() => smtp.mails().some((mail) => mail.to === SUPPORT && mail.text.includes("FINAL-DEL-MENSAJE")))
      .toBe(true);
  });

  it("strips control characters and direction overrides from what reaches the mails, keeping the message's lines", async () => {
    const name = "Bruno\u0000\u0007 Díaz\u202e\r\nBcc: otra@example.com";
    const message = "Línea uno\r\nLínea\u0008 dos\u2066\u001b[31m";
    expect((await send({ nombre: name, email: "bruno@example.com", mensaje: message })).status).toBe(200);
    const fromBruno = () => smtp.mails().filter((mail) => mail.to === SUPPORT && mail.text.includes("Bruno"));
    await expect.poll(() => fromBruno().length).toBe(1);
    const [toSupport] = fromBruno();
    expect(toSupport!.subject).toBe("Consulta de Bruno Díaz Bcc: otra@example.com (formulario de contacto)");
    expect(toSupport!.headers.get("bcc")).toBeUndefined();
    expect(toSupport!.text).toContain("Línea uno\nLínea dos[31m");
    expect(toSupport!.text + toSupport!.html).not.toMatch(/(?![\t\n\r])\p{Cc}|[\u202e\u2066]/u);
  });

  it("sends a name typed as an encoded word (RFC 2047) as the text typed: the mail client never decodes it", async () => {
    // Decoded, this word is a right-to-left override, a line break and a Bcc header.
    const word = "=?utf-8?q?=E2=80=AE=0D=0ABcc:_otra@example.com?=";
    // All ASCII: nodemailer encodes a subject only for characters beyond ASCII.
    expect((await send({ nombre: `${word} Ines`, email: "ines@example.com", mensaje: "Hola" })).status).toBe(200);
    const fromInes = () => smtp.mails().filter((mail) => mail.to === SUPPORT && mail.text.includes("Ines"));
    await expect.poll(() => fromInes().length).toBe(1);
    const [toSupport] = fromInes();
    // The sink decodes the Subject once, as a mail client does: it reads the word as typed.
    expect(toSupport!.subject).toBe(`Consulta de ${word} Ines (formulario de contacto)`);
    expect(toSupport!.headers.get("bcc")).toBeUndefined();
    expect(toSupport!.subject).not.toMatch(/[\u202e\r\n]/);
  });

  it.each([
    ["no name", { nombre: " ", email: "mario@example.com", mensaje: "Hola" }, {}, "Escribí tu nombre"],
    [
      "a name over 100 characters",
      { nombre: "M".repeat(101), email: "mario@example.com", mensaje: "Hola" },
      {},
      "hasta 100",
    ],
    ["a bad address", { nombre: "Mario", email: "mario@example", mensaje: "Hola" }, {}, "no parece válido"],
    ["no message", { nombre: "Mario", email: "mario@example.com", mensaje: "  " }, {}, "Escribí tu mensaje"],
    [
      "a message over 5000 characters",
      { nombre: "Mario", email: "mario@example.com", mensaje: "a".repeat(5001) },
      {},
      "hasta 5000",
    ],
    [
      "the honeypot filled in",
      { nombre: "Mario", email: "mario@example.com", mensaje: "Hola" },
      { honeypot: "x" },
      "No pudimos enviar",
    ],
    [
      "a form sent at once",
      { nombre: "Mario", email: "mario@example.com", mensaje: "Hola" },
      { filledInMs: 300 },
      "Esperá unos segundos",
    ],
    [
      "a form whose page was rendered more than 24 hours ago",
      { nombre: "Mario", email: "mario@example.com", mensaje: "Hola" },
      { filledInMs: (24 * 60 + 1) * 60_000 },
      "Recargá la página",
    ],
  ])("refuses %s with a 400, keeps what was typed and sends nothing", async (_, fields, options, message) => {
    const answer = await send(fields, options);
    expect(answer.status).toBe(400);
    expect(statusMessage(answer.html)).toContain(message);
    if (fields.mensaje.trim() && fields.mensaje.length < 100)
      expect(answer.html).toContain(`>${fields.mensaje}</textarea>`);
    const control = `control-${fields.nombre.length}-${fields.mensaje.length}-${message.length}@example.com`;
    await send({ nombre: "Control", email: control, mensaje: "Control" });
    await mailsTo(smtp, control);
    expect(smtp.mails().filter((mail) => mail.to === "mario@example.com" || mail.text.includes("Mario"))).toEqual([]);
  });

  it("refuses every other spelling of an inbox: one acknowledgement reaches it, to the address that was checked", async () => {
    const client = "198.51.100.62";
    expect((await send({ nombre: "Víctima", email: "victim@example.com", mensaje: "Hola" }, { client })).status).toBe(
      200,
    );
    for (const email of SPELLINGS_OF_ONE_INBOX) {
      const answer = await send({ nombre: "Otra", email, mensaje: "Hola" }, { client });
      expect(answer.status, email).toBe(400);
      expect(statusMessage(answer.html), email).toContain("no parece válido");
    }
    await send({ nombre: "Control", email: "control-spellings@example.com", mensaje: "Control" }, { client });
    await mailsTo(smtp, "control-spellings@example.com");
    expect(mailsMentioning(smtp, "victim").map((mail) => mail.to)).toEqual(["victim@example.com"]);
  });

  it("answers a body that is no form (JSON) with a 400 and the same Spanish message, and sends nothing", async () => {
    const response = await fetch(`${app.origin}/contacto`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.61" },
      body: JSON.stringify({ nombre: "Nora", email: "nora@example.com", mensaje: "Hola" }),
    });
    expect(response.status).toBe(400);
    expect(statusMessage(await response.text())).toContain("No pudimos enviar el formulario");
    await send({ nombre: "Control", email: "control-json@example.com", mensaje: "Control" });
    await mailsTo(smtp, "control-json@example.com");
    expect(smtp.mails().filter((mail) => mail.to === "nora@example.com" || mail.text.includes("Nora"))).toEqual([]);
  });

  it("deletes a message 12 months after it was sent, as soon as an instance starts, with its mails never sent", async () => {
    const DAY = 24 * 60 * 60 * 1000;
    const storage = await openStorage(parseEnv(database.env, ROOT).database);
    const kept = async () => ({
      messages: (
        await storage.db
          .selectFrom("contact_messages")
          .select("id")
          .where("id", "in", ["antiguo", "reciente"])
          .orderBy("id")
          .execute()
      ).map((row) => row.id),
      mails: (
        await storage.db.selectFrom("outbox").select("id").where("id", "like", "olga-%").orderBy("id").execute()
      ).map((row) => row.id),
    });
    // The mails each message made, never sent (SMTP refused them; the next try is a day away):
    // they quote the message and the address, and go with it.
    const unsent = (id: string, kind: string, createdAt: number) => ({
      id,
      kind,
      recipient: kind === "contact" ? SUPPORT : "olga@example.com",
      reply_to: kind === "contact" ? "olga@example.com" : null,
      subject: "Consulta de Olga",
      text_body: "Hola",
      html_body: "<p>Hola</p>",
      headers: "{}",
      created_at: createdAt,
      attempts: 3,
      next_attempt_at: Date.now() + DAY,
      last_error: "451 try later",
    });
    try {
      const message = { name: "Olga", email: "olga@example.com", message: "Hola" };
      const old = Date.now() - 366 * DAY;
      const recent = Date.now() - 364 * DAY;
      await storage.db
        .insertInto("contact_messages")
        .values([
          { ...message, id: "antiguo", created_at: old },
          { ...message, id: "reciente", created_at: recent },
        ])
        .execute();
      await storage.db
        .insertInto("outbox")
        .values([
          unsent("olga-antiguo-equipo", "contact", old),
          unsent("olga-antiguo-acuse", "contact-ack", old),
          unsent("olga-reciente-equipo", "contact", recent),
        ])
        .execute();
      await app.stop();
      await start();
      await expect.poll(kept, { timeout: 10_000 }).toEqual({ messages: ["reciente"], mails: ["olga-reciente-equipo"] });
    } finally {
      await storage.db.destroy();
    }
  });
});
