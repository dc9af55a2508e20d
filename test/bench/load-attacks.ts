/**
 * The attacks of issue 41 against the built server, for `npm run load`: each on a fresh server at
 * the product's figures (FORM_MAILS_PER_HOUR 200, CONTACT_MAILS_PER_HOUR 30) with a real SMTP sink,
 * while visitors from other networks use the forms; next to each, the visitors' success rate, how
 * long their answers took, and how long until their mail reached the SMTP server. The
 * pass/fail lines are the product's: every visitor answered, never a 503, every visitor's mail
 * within 10 minutes, the never-reading sockets closed at the 10 s deadline.
 */
import { startAppServer, type AppServer } from "../support/app-server";
import { neverReadingClients, rawSignUps } from "../support/never-reading-clients";
import { solvedProof } from "../support/proof-of-work";
import { holdSlowBodies, probe, TRUSTED_PROXY, type SlowClient } from "../support/slow-bodies";
import { startSmtpServer, type SmtpServer } from "../support/smtp-server";
import { postForm, postSignUp } from "../support/waitlist";

const MAIL_WITHIN_MS = 10 * 60_000;
const VISITORS = 10;

export interface AttackRow {
  attack: string;
  visitors: string;
  answerMs: string;
  mailAfter: string;
  note: string;
  problems: string[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Visit {
  ok: boolean;
  status: number;
  ms: number;
}

async function timed(visit: () => Promise<Response>, ok = (status: number) => status === 200): Promise<Visit> {
  const startedAt = performance.now();
  const response = await visit();
  await response.arrayBuffer();
  return { ok: ok(response.status), status: response.status, ms: performance.now() - startedAt };
}

/** How long until `smtp` has received a mail to each of `addresses`, from `since` (or Infinity past 10 minutes). */
async function mailWait(smtp: SmtpServer, addresses: string[], since: number): Promise<number> {
  for (;;) {
    const received = new Set(smtp.mails().map((mail) => mail.to));
    if (addresses.every((address) => received.has(address))) return performance.now() - since;
    if (performance.now() - since > MAIL_WITHIN_MS) return Infinity;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function row(attack: string, visits: Visit[], mailMs: number | null, note: string, extra: string[] = []): AttackRow {
  const succeeded = visits.filter((visit) => visit.ok).length;
  const problems = [
    succeeded < visits.length && `${attack}: ${visits.length - succeeded} of ${visits.length} visitors refused`,
    visits.some((visit) => visit.status === 503) && `${attack}: a visitor was answered 503`,
    mailMs !== null && !Number.isFinite(mailMs) && `${attack}: a visitor's mail took over 10 minutes`,
    ...extra,
  ].filter((problem): problem is string => Boolean(problem));
  return {
    attack,
    visitors: `${succeeded}/${visits.length}`,
    answerMs: `${Math.round(median(visits.map((visit) => visit.ms)))} / ${Math.round(Math.max(...visits.map((visit) => visit.ms)))} ms`,
    mailAfter: mailMs === null ? "" : Number.isFinite(mailMs) ? `all within ${seconds(mailMs)}` : "over 10 min",
    note,
    problems,
  };
}

async function withServer<T>(env: Record<string, string>, run: (app: AppServer, smtp: SmtpServer) => Promise<T>) {
  const smtp = await startSmtpServer();
  const app = await startAppServer({
    SMTP_URL: smtp.url,
    FORM_MAILS_PER_HOUR: "200",
    CONTACT_MAILS_PER_HOUR: "30",
    ...env,
  });
  try {
    return await run(app, smtp);
  } finally {
    await app.stop();
    await smtp.close();
  }
}

const visitorSignUps = (app: AppServer, label: string) =>
  Array.from({ length: VISITORS }, (_, index) => ({
    email: `${label}-${index}@visitas${index}.example`,
    visit: () =>
      postSignUp(app, { email: `${label}-${index}@visitas${index}.example`, client: `198.51.${100 + index}.7` }),
  }));

/** 40 clients of one /24, 5 fresh addresses each. */
const oneNetwork = () =>
  withServer({}, async (app, smtp) => {
    let refused = 0;
    for (let client = 0; client < 40; client++) {
      for (let index = 0; index < 5; index++) {
        const answer = await postSignUp(app, {
          email: `f${client}-${index}@d${client}-${index}.example`,
          client: `203.0.113.${client + 1}`,
          dataRequest: true,
        });
        await answer.arrayBuffer();
        if (answer.status === 429) refused += 1;
      }
    }
    const since = performance.now();
    const visits = [];
    const visitors = visitorSignUps(app, "red");
    for (const { visit } of visitors) visits.push(await timed(visit));
    const mailMs = await mailWait(
      smtp,
      visitors.map((visitor) => visitor.email),
      since,
    );
    return row(
      "40 clients of one /24 spending the hour",
      visits,
      mailMs,
      `${refused} of 200 attack sign-ups refused "desde tu red"`,
    );
  });

/** 4 connections posting sign-ups whose answers they never read. */
const neverReading = () =>
  withServer({}, async (app) => {
    const attack = neverReadingClients(app.origin, rawSignUps(app.origin, 4, "nl", "203.0.113.77"));
    await attack.sent;
    const visits = [
      ...(await Promise.all(
        visitorSignUps(app, "socket")
          .slice(0, 6)
          .map(({ visit }) => timed(visit)),
      )),
      await timed(() =>
        postForm(
          app,
          "/contacto",
          { nombre: "Ana", email: "ana@example.com", mensaje: "Hola" },
          { client: "198.51.100.9" },
        ),
      ),
    ];
    const closed = await attack.closed;
    const late = closed.filter((ms) => ms < 10_000 || ms > 30_000);
    return row(
      "4 sockets that never read",
      visits,
      null,
      `sockets closed after ${closed.map(seconds).join(", ")}`,
      late.length > 0
        ? [`never-reading sockets closed at ${late.map(seconds).join(", ")}, not at the 10 s deadline`]
        : [],
    );
  });

/** 1,100 IPv6 /56s of 5 /48s, a slow body each, sent again as the server cuts them. */
const slowBodies = () =>
  withServer({ TRUST_PROXY: TRUSTED_PROXY }, async (app) => {
    const clients: SlowClient[] = Array.from({ length: 1100 }, (_, index) => ({
      localAddress: TRUSTED_PROXY,
      forwardedFor: () =>
        `2001:db8:${(0xa0 + Math.floor(index / 256)).toString(16)}:${(index % 256).toString(16)}00::1`,
    }));
    const attack = holdSlowBodies(app.origin, clients, 1);
    // Every /56 holds its body before the visitors come: one more POST from the last is held too.
    await probe(app.origin, clients.at(-1)!, 1);
    const visits = [];
    for (const { visit } of visitorSignUps(app, "lento")) visits.push(await timed(visit));
    attack.stop();
    return row(
      "1,100 /56s (5 /48s) of slow bodies",
      visits,
      null,
      "the arriving pool of 1,024 takes places back by network",
    );
  });

/** One Gmail address signed up from 30 networks, 5 times each. */
const oneGmail = () =>
  withServer({}, async (app, smtp) => {
    for (let network = 0; network < 30; network++) {
      for (let index = 0; index < 5; index++) {
        const answer = await postSignUp(app, {
          email: `v.ictima+${index}@gmail.com`,
          client: `192.0.${network}.${index + 1}`,
          dataRequest: true,
        });
        await answer.arrayBuffer();
      }
    }
    const since = performance.now();
    const visits = [];
    const emails = Array.from({ length: VISITORS }, (_, index) => `visita${index}@gmail.com`);
    for (const [index, email] of emails.entries()) {
      visits.push(await timed(() => postSignUp(app, { email, client: `198.51.${100 + index}.8` })));
    }
    const mailMs = await mailWait(smtp, emails, since);
    const victim = smtp.mails().filter((mail) => mail.to.includes("ictima")).length;
    return row(
      "one Gmail address from 30 networks",
      visits,
      mailMs,
      `${victim} mail to the victim`,
      victim === 1 ? [] : [`the victim got ${victim} mails`],
    );
  });

/** 10 clients of 10 networks writing to /contacto; visitors whose script works the proof out. */
const contactFlood = () =>
  withServer({ CONTACT_EMAIL: "equipo@opinionlabz.test" }, async (app, smtp) => {
    let asked = 0;
    for (let index = 0; index < 50; index++) {
      const answer = await postForm(
        app,
        "/contacto",
        { nombre: "Flood", email: `flood${index}@example.org`, mensaje: `Flood ${index}` },
        { client: `10.${index % 10}.0.1`, dataRequest: true },
      );
      await answer.arrayBuffer();
      if (answer.status === 403) asked += 1;
    }
    const since = performance.now();
    const visits: Visit[] = [];
    for (let index = 0; index < VISITORS; index++) {
      const client = `198.51.${100 + index}.9`;
      const fields = { nombre: "Visita", email: `visita${index}@example.net`, mensaje: `Consulta ${index}` };
      const startedAt = performance.now();
      const first = await postForm(app, "/contacto", fields, { client, dataRequest: true });
      const proof = first.status === 403 ? await solvedProof(first) : undefined;
      const answer = proof
        ? await postForm(app, "/contacto", { ...fields, altcha: proof }, { client, dataRequest: true })
        : first;
      await answer.arrayBuffer().catch(() => undefined);
      visits.push({ ok: answer.status === 200, status: answer.status, ms: performance.now() - startedAt });
    }
    const mailMs = await (async () => {
      for (;;) {
        const texts = smtp.mails().map((mail) => mail.text);
        const all = Array.from({ length: VISITORS }, (_, index) => `Consulta ${index}`).every((text) =>
          texts.some((mailText) => mailText.includes(text)),
        );
        if (all) return performance.now() - since;
        if (performance.now() - since > MAIL_WITHIN_MS) return Infinity;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    return row(
      "10 clients at /contacto",
      visits,
      mailMs,
      `${asked} of 50 attack messages asked for a proof; each visitor's answer includes solving one`,
    );
  });

export async function attackRows(): Promise<AttackRow[]> {
  const rows: AttackRow[] = [];
  for (const attack of [oneNetwork, neverReading, slowBodies, oneGmail, contactFlood]) rows.push(await attack());
  return rows;
}
