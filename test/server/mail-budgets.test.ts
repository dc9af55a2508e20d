/**
 * Pressure costs the attacker, never the visitor (docs/decisions/081-shares-by-network-and-registrable-domain.md,
 * docs/decisions/082-fair-outbox-by-network.md, docs/decisions/083-proof-of-work-under-pressure.md),
 * over HTTP on the built server at the default figures (FORM_MAILS_PER_HOUR 200,
 * CONTACT_MAILS_PER_HOUR 30), with a real SMTP sink, on the embedded database and a real
 * PostgreSQL. Each attack of issue 41 again: 40 clients of one /24 spend their network's tenth of
 * the hour and no more; one Gmail address signed up from 30 networks is one mail and locks no
 * Gmail visitor out; 10 clients writing to /contacto leave it open to an eleventh, after a proof
 * of work. Every visitor from another network is taken, and their mail arrives within 10
 * minutes of the server's clock (moved forward, never slept).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/server/parse-env.server";
import { openStorage, type Storage } from "~/lib/storage/open-storage.server";
import { ROOT, startAppServer, type AppServer } from "../support/app-server";
import { solvedProof } from "../support/proof-of-work";
import { startSmtpServer, type SmtpServer } from "../support/smtp-server";
import { DATABASE_KINDS, postForm, postSignUp, useDatabase } from "../support/waitlist";

const SUPPORT = "soporte-cupos@opinionlabz.test";
/** The longest a visitor's mail may wait while strangers flood. */
const MAIL_WITHIN_MINUTES = 10;

function statusMessage(html: string, form: "notify" | "contact" = "notify"): string {
  return html.match(new RegExp(`data-testid="${form}-status"[^>]*>([^<]*)<`))?.[1] ?? "";
}

describe.each(DATABASE_KINDS)("pressure on the %s database", (kind) => {
  const database = useDatabase(kind);
  let app: AppServer;
  let smtp: SmtpServer;
  let storage: Storage;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // The product's budgets (a test server's are roomier).
    app = await startAppServer(
      {
        ...database.env,
        SMTP_URL: smtp.url,
        CONTACT_EMAIL: SUPPORT,
        FORM_MAILS_PER_HOUR: undefined,
        CONTACT_MAILS_PER_HOUR: undefined,
      },
      { movableClock: true },
    );
    storage = await openStorage(parseEnv(database.env, ROOT).database);
  });
  afterAll(async () => {
    await storage?.db.destroy();
    await app?.stop();
    await smtp?.close();
  });

  const signUp = async (email: string, client: string) => {
    const response = await postSignUp(app, { email, client });
    return { status: response.status, message: statusMessage(await response.text()) };
  };
  /** A sign-up as the page's script posts it: its status alone (no page rendered for it). */
  const signUpStatus = async (email: string, client: string) => {
    const response = await postSignUp(app, { email, client, dataRequest: true });
    await response.arrayBuffer();
    return response.status;
  };
  const mailedTo = (address: string) => smtp.mails().filter((mail) => mail.to === address).length;

  /** Moves the server's clock a minute at a time until `arrived`; the minutes it took. */
  async function minutesUntil(arrived: () => boolean): Promise<number> {
    for (let minutes = 0; minutes <= MAIL_WITHIN_MINUTES; minutes++) {
      // The sender polls every 2 s: a mail the clock let out arrives within a few.
      const seen = await expect
        .poll(arrived, { timeout: 3000 })
        .toBe(true)
        .then(() => true)
        .catch(() => false);
      if (seen) return minutes;
      await app.advanceClock(60_000);
    }
    console.error(app.output().split("\n").slice(-40).join("\n"));
    return Infinity;
  }
  const minutesUntilMailed = (address: string) => minutesUntil(() => mailedTo(address) > 0);

  it("lets 40 clients of one /24 spend their network's 20 mails and no more; a visitor from another network is taken and mailed", async () => {
    const statuses = [];
    for (let index = 0; index < 39; index++) {
      statuses.push(await signUpStatus(`fresca-${index}@dominio-${index}.example`, `203.0.113.${index + 1}`));
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.slice(20)).toEqual(Array(19).fill(429));
    expect(await signUp("fresca-39@dominio-39.example", "203.0.113.40")).toEqual({
      status: 429,
      message: "Desde tu red ya se pidieron muchos emails en esta hora. Probá de nuevo en un rato.",
    });

    const visitor = await signUp("visitante@example.net", "198.51.100.200");
    expect(visitor.status).toBe(200);
    expect(await minutesUntilMailed("visitante@example.net")).toBeLessThanOrEqual(MAIL_WITHIN_MINUTES);
    expect(app.output()).toContain('"event":"forms.mail_budget","form":"waitlist","spent":"network"');
    expect(app.output()).not.toContain('"status":503');
  });

  it("mails one Gmail address signed up from 30 networks once, and spends none of Gmail's share on the repeats", async () => {
    for (let network = 0; network < 30; network++) {
      for (let index = 0; index < 5; index++) {
        expect(await signUpStatus(`v.ictima+${index}@gmail.com`, `192.0.${network}.${index + 1}`)).toBe(200);
      }
    }
    expect(await minutesUntilMailed("v.ictima+0@gmail.com")).toBeLessThanOrEqual(MAIL_WITHIN_MINUTES);
    // Another Gmail visitor, from another network: taken, and mailed.
    expect((await signUp("otra.visita@gmail.com", "198.51.101.7")).status).toBe(200);
    expect(await minutesUntilMailed("otra.visita@gmail.com")).toBeLessThanOrEqual(MAIL_WITHIN_MINUTES);
    expect(smtp.mails().filter((mail) => mail.to.includes("ictima"))).toHaveLength(1);
    // The waitlist holds the one mailbox once.
    const rows = await storage.db
      .selectFrom("waitlist")
      .select("mailbox")
      .where("mailbox", "=", "victima@gmail.com")
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("keeps /contacto open to an eleventh client while 10 write: strangers are asked for a proof, the visitor sends one and reaches the team", async () => {
    const send = async (client: string, index: number, options: { proof?: string; dataRequest?: boolean } = {}) =>
      postForm(
        app,
        "/contacto",
        {
          nombre: "Consulta",
          email: `consulta-${index}@example.org`,
          mensaje: `Mensaje ${index}`,
          ...(options.proof ? { altcha: options.proof } : {}),
        },
        { client, dataRequest: options.dataRequest },
      );
    const statuses: number[] = [];
    for (let index = 0; index < 20; index++) {
      const answer = await send(`10.${index % 10}.0.1`, index, { dataRequest: true });
      await answer.arrayBuffer();
      statuses.push(answer.status);
    }
    // A quarter of the team's 30 taken (7), then each stranger is asked for a proof of work (403),
    // and told without JavaScript to come back later: never a 503, and nothing stored.
    expect(statuses.filter((status) => status === 200)).toHaveLength(7);
    expect(new Set(statuses.slice(7))).toEqual(new Set([403]));
    expect(statusMessage(await (await send("10.0.0.1", 20)).text(), "contact")).toBe(
      "En este momento recibimos muchos envíos y sin JavaScript no podemos verificar el tuyo. Probá de nuevo más tarde, o activá JavaScript y volvé a enviarlo.",
    );
    expect(await storage.db.selectFrom("contact_messages").select("id").execute()).toHaveLength(7);

    // The visitor's page script posts, is asked for a proof, works it out and posts again.
    const asked = await send("198.51.102.9", 100, { dataRequest: true });
    expect(asked.status).toBe(403);
    const proof = await solvedProof(asked);
    const taken = await send("198.51.102.9", 100, { proof, dataRequest: true });
    expect(taken.status).toBe(200);
    // A solution sends one form: the same again is asked for a new proof.
    expect((await send("198.51.102.9", 101, { proof, dataRequest: true })).status).toBe(403);
    const minutes = await minutesUntil(() =>
      smtp.mails().some((mail) => mail.to === SUPPORT && mail.text.includes("Mensaje 100")),
    );
    expect(minutes).toBeLessThanOrEqual(MAIL_WITHIN_MINUTES);
    expect(app.output()).not.toContain('"status":503');
  });

  it("takes a message from a client past its share of mails to visitors: the team gets it, the sender no acknowledgement", async () => {
    // 203.0.113.1 spent its network's share in the first test; a proof is asked while the team's hour is under pressure.
    const first = await postForm(
      app,
      "/contacto",
      { nombre: "Atacante", email: "acuse@example.com", mensaje: "¿Me llega el acuse?" },
      { client: "203.0.113.1", dataRequest: true },
    );
    const response = await postForm(
      app,
      "/contacto",
      {
        nombre: "Atacante",
        email: "acuse@example.com",
        mensaje: "¿Me llega el acuse?",
        altcha: await solvedProof(first),
      },
      { client: "203.0.113.1", dataRequest: true },
    );
    expect(response.status).toBe(200);
    const queued = await storage.db
      .selectFrom("outbox")
      .select("recipient")
      .where("kind", "=", "contact-ack")
      .execute();
    expect(queued.map((row) => row.recipient)).not.toContain("acuse@example.com");
  });
});
