/**
 * An address that unsubscribed stays unsubscribed (docs/operations.md, "Sign-ups and limits"):
 * signed up again, by its owner or by a stranger, it is sent the confirmation link at most once
 * in 30 days and stays `unsubscribed` until that link's button is used. On both databases,
 * through a real SMTP server, with the server's clock moved forward by the test.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server";
import { startSmtpServer, type SmtpServer } from "../support/smtp-server";
import {
  DATABASE_KINDS,
  exportWaitlist,
  linksIn,
  mailsTo,
  openMailLink,
  postSignUp,
  useDatabase,
} from "../support/waitlist";

const DAY_MS = 24 * 60 * 60_000;
const ADDRESS = "lucia@example.com";

describe.each(DATABASE_KINDS)("an unsubscribed address on the %s database", (kind) => {
  const database = useDatabase(kind);
  let smtp: SmtpServer;
  let app: AppServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startAppServer({ ...database.env, SMTP_URL: smtp.url }, { movableClock: true });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  /** How far the server's clock was moved: its form pages are that much later than this process's. */
  let advanced = 0;
  const advanceClock = async (ms: number) => {
    await app.advanceClock(ms);
    advanced += ms;
  };
  const signUp = async (client: string) => {
    const response = await postSignUp(app, { email: ADDRESS, client, filledInMs: 5000 - advanced });
    expect(response.status).toBe(200);
    return (await response.text()).match(/data-testid="notify-status"[^>]*>([^<]*)</)?.[1];
  };
  const statusOf = async () => (await exportWaitlist(database.env)).find((row) => row.email === ADDRESS)?.status;
  /** Mails to ADDRESS once a control address signed up after it has its mail: any mail queued before would be in too. */
  let controls = 0;
  const mailsSoFar = async () => {
    const control = `control-${(controls += 1)}@example.com`;
    await postSignUp(app, { email: control, client: `198.51.100.${200 + controls}`, filledInMs: 5000 - advanced });
    await mailsTo(smtp, control);
    return smtp.mails().filter((mail) => mail.to === ADDRESS);
  };

  it("is mailed the link at most once in 30 days, stays unsubscribed until the link's button, then is confirmed", async () => {
    const firstAnswer = await signUp("198.51.100.1");
    const [first] = await mailsTo(smtp, ADDRESS);
    const oneClick = await fetch(linksIn(first!).leave, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await statusOf()).toBe("unsubscribed");

    // The next day: the answer reads like any sign-up's, no mail, still unsubscribed.
    await advanceClock(DAY_MS + 60_000);
    expect(await signUp("198.51.100.2")).toBe(firstAnswer);
    expect(await mailsSoFar()).toHaveLength(1);
    expect(await statusOf()).toBe("unsubscribed");

    // 30 days after the first mail: one new link, and the address still unsubscribed.
    await advanceClock(29 * DAY_MS);
    expect(await signUp("198.51.100.3")).toBe(firstAnswer);
    const [, second] = await mailsTo(smtp, ADDRESS, 2);
    expect(await statusOf()).toBe("unsubscribed");

    // Two days later, again: nothing more for 30 days.
    await advanceClock(2 * DAY_MS);
    expect(await signUp("198.51.100.4")).toBe(firstAnswer);
    expect(await mailsSoFar()).toHaveLength(2);

    // Only the link's button brings it back.
    const { confirm } = linksIn(second!);
    const confirmed = await (await openMailLink(confirm)).press();
    expect(await confirmed.text()).toContain("confirmaste tu email");
    expect(await statusOf()).toBe("confirmed");
  });

  it("after 'Borrar mi email', takes nobody's sign-up of the inbox for 30 days, in any spelling, then mails it again", async () => {
    const deleted = "ramiro@example.com";
    const signUpAs = async (email: string, client: string) => {
      const response = await postSignUp(app, { email, client, filledInMs: 5000 - advanced });
      expect(response.status).toBe(200);
    };
    await signUpAs(deleted, "198.51.100.30");
    const [first] = await mailsTo(smtp, deleted);
    const { leave } = linksIn(first!);
    expect((await fetch(leave, { method: "POST" })).status).toBe(200);
    const sentToRamiro = async () => {
      await mailsSoFar();
      return smtp.mails().filter((mail) => mail.to.startsWith("ramiro"));
    };

    // A stranger at once, and on the 29th day, in two spellings: nothing kept, nothing sent.
    await signUpAs("ramiro+otra@example.com", "198.51.100.31");
    await advanceClock(29 * DAY_MS);
    await signUpAs(deleted, "198.51.100.32");
    expect(await sentToRamiro()).toHaveLength(1);
    expect((await exportWaitlist(database.env)).filter((row) => row.email.startsWith("ramiro"))).toEqual([]);

    // Past the 30 days the inbox is anyone's to sign up again: one new link.
    await advanceClock(DAY_MS + 60_000);
    await signUpAs("ramiro+vuelve@example.com", "198.51.100.33");
    await expect
      .poll(async () => (await sentToRamiro()).map((mail) => mail.to).sort())
      .toEqual(["ramiro+vuelve@example.com", deleted]);
  });
});
