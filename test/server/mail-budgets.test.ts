/**
 * Limits that refuse only whoever spent them, over HTTP on the built server, at the default
 * figures (FORM_MAILS_PER_HOUR 200, CONTACT_MAILS_PER_HOUR 30), on the embedded database and a
 * real PostgreSQL: seven clients sending 30 fresh addresses each (more than the site's 200)
 * spend 5 mails each, and a visitor from another client signs up; eleven sign-ups to one small
 * domain refuse that domain alone; /contacto's mails to the team stop at 3 per client and 30 an
 * hour; a client past its share still reaches the team, unacknowledged.
 * (docs/decisions/062-mail-budgets-by-share.md)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/server/parse-env.server";
import { openStorage, type Storage } from "~/lib/storage/open-storage.server";
import { ROOT, startAppServer, type AppServer } from "../support/app-server";
import { DATABASE_KINDS, postForm, postSignUp, useDatabase } from "../support/waitlist";

const SUPPORT = "soporte-cupos@opinionlabz.test";

function statusMessage(html: string, form: "notify" | "contact" = "notify"): string {
  return html.match(new RegExp(`data-testid="${form}-status"[^>]*>([^<]*)<`))?.[1] ?? "";
}

describe.each(DATABASE_KINDS)("mail budgets on the %s database", (kind) => {
  const database = useDatabase(kind);
  let app: AppServer;
  let storage: Storage;

  beforeAll(async () => {
    // The product's budgets (a test server's are roomier); no SMTP_URL: the mails wait in the
    // outbox, where the test counts them.
    app = await startAppServer({
      ...database.env,
      CONTACT_EMAIL: SUPPORT,
      FORM_MAILS_PER_HOUR: undefined,
      CONTACT_MAILS_PER_HOUR: undefined,
    });
    storage = await openStorage(parseEnv(database.env, ROOT).database);
  });
  afterAll(async () => {
    await storage?.db.destroy();
    await app?.stop();
  });

  const queued = async (kind: string, recipientLike = "%") =>
    (
      await storage.db
        .selectFrom("outbox")
        .select("recipient")
        .where("kind", "=", kind)
        .where("recipient", "like", recipientLike)
        .execute()
    ).map((row) => row.recipient);
  const signUp = async (email: string, client: string) => {
    const response = await postSignUp(app, { email, client });
    return { status: response.status, message: statusMessage(await response.text()) };
  };

  it("lets seven clients with 30 fresh addresses each spend 5 mails apiece, and a visitor from another client signs up", async () => {
    const attackers = Array.from({ length: 7 }, (_, index) => `203.0.113.${index + 1}`);
    for (const [attacker, client] of attackers.entries()) {
      const answers = [];
      for (let index = 0; index < 30; index++) {
        answers.push(await signUp(`fresca-${attacker}-${index}@dominio-${attacker}-${index}.example`, client));
      }
      expect(answers.slice(0, 5).map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(answers.slice(5).map((answer) => answer.status))).toEqual(new Set([429]));
      expect(answers[5]!.message).toBe(
        "Desde tu conexión ya se pidieron muchos emails en esta hora. Probá de nuevo en un rato.",
      );
    }
    expect(await queued("waitlist-confirm", "fresca-%")).toHaveLength(7 * 5);
    expect(app.output()).toContain('"event":"forms.mail_budget","form":"waitlist","spent":"client"');

    const visitor = await signUp("visitante@example.net", "198.51.100.200");
    expect(visitor.status).toBe(200);
    expect(await queued("waitlist-confirm", "visitante@example.net")).toHaveLength(1);
  });

  it("refuses a small domain after 10 mails in the hour, that domain alone: Gmail and the rest go on", async () => {
    const answers = [];
    for (let index = 0; index < 11; index++)
      answers.push(await signUp(`p${index}@pyme.example`, `198.51.100.${index + 1}`));
    expect(answers.slice(0, 10).every((answer) => answer.status === 200)).toBe(true);
    expect(answers[10]).toEqual({
      status: 503,
      message:
        "En esta hora ya mandamos muchos emails a direcciones de pyme.example y no queremos que el tuyo termine en spam. Probá de nuevo en un rato o usá otra dirección.",
    });
    expect(await queued("waitlist-confirm", "%@pyme.example")).toHaveLength(10);
    for (let index = 0; index < 11; index++) {
      expect((await signUp(`usuaria.${index}@gmail.com`, `198.51.100.${index + 20}`)).status).toBe(200);
    }
    expect((await signUp("otra@pyme2.example", "198.51.100.40")).status).toBe(200);
  });

  it("takes a message from a client past its share of mails to visitors: the team gets it, the sender no acknowledgement", async () => {
    const response = await postForm(
      app,
      "/contacto",
      { nombre: "Atacante", email: "acuse@example.com", mensaje: "¿Me llega el acuse?" },
      // Spent its 5 mails to visitors in the first test.
      { client: "203.0.113.1" },
    );
    expect(response.status).toBe(200);
    expect(await queued("contact")).toHaveLength(1);
    expect(await queued("contact-ack", "acuse@example.com")).toEqual([]);
    const ack = await postForm(
      app,
      "/contacto",
      { nombre: "Visitante", email: "acuse-2@example.com", mensaje: "Hola" },
      { client: "198.51.100.201" },
    );
    expect(ack.status).toBe(200);
    expect(await queued("contact-ack", "acuse-2@example.com")).toHaveLength(1);
  });

  it("bounds /contacto's mails to the team at 3 per client and 30 an hour, telling where to write instead", async () => {
    const send = async (client: string, index: number) => {
      const response = await postForm(
        app,
        "/contacto",
        { nombre: "Consulta", email: `consulta-${index}@example.org`, mensaje: `Mensaje ${index}` },
        { client },
      );
      return { status: response.status, message: statusMessage(await response.text(), "contact") };
    };
    const fromOne = [];
    for (let index = 0; index < 4; index++) fromOne.push(await send("192.0.2.1", index));
    expect(fromOne.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(fromOne[3]!.message).toBe(
      `Desde tu conexión ya nos escribieron varias veces en esta hora. Probá de nuevo en un rato o escribinos directamente a ${SUPPORT}.`,
    );
    // Two messages from the test before, three here: 25 more reach the hour's 30.
    for (let index = 0; index < 25; index++) {
      expect((await send(`192.0.2.${10 + Math.floor(index / 3)}`, 100 + index)).status).toBe(200);
    }
    const past = await send("192.0.2.100", 200);
    expect(past).toEqual({
      status: 503,
      message: `En esta hora recibimos más mensajes de los que podemos leer. Probá de nuevo en un rato o escribinos directamente a ${SUPPORT}.`,
    });
    // Thirty messages stored and mailed to the team; the refused ones nowhere.
    const stored = await storage.db.selectFrom("contact_messages").select("message").execute();
    expect(stored).toHaveLength(30);
    expect(await queued("contact")).toHaveLength(30);
    expect(stored.map((row) => row.message)).not.toContain("Mensaje 3");
    expect(stored.map((row) => row.message)).not.toContain("Mensaje 200");
    // Sign-ups spend another budget: they go on.
    expect((await signUp("despues-del-equipo@example.com", "192.0.2.101")).status).toBe(200);
  });
});
