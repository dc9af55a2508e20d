/**
 * The outbox's claim, retry and backlog rules on a real embedded database (a temporary
 * SQLite file), with the clock passed in: no test waits for time to pass.
 */
import { describe, expect, it } from "vitest";
import {
  claimDueMail,
  deleteFinishedMail,
  enqueueMail,
  markSent,
  outboxBacklog,
  recordFailure,
} from "~/lib/mail/outbox.server";
import { useTemporaryStorage } from "../../support/temporary-storage";

const T0 = Date.UTC(2026, 10, 23, 12);
const SECOND = 1000;
const DAY = 24 * 3600 * SECOND;

const storage = useTemporaryStorage("outbox-");

const mail = (to: string) => ({ kind: "test", to, subject: "Hola", text: "Hola", html: "<p>Hola</p>" });
const enqueue = (to: string, now: number) => enqueueMail(storage.db, mail(to), now);
const claim = (now: number, limit = 10) => claimDueMail(storage.db, storage.kind, now, limit);

describe("claimDueMail", () => {
  it("hands each due mail to one claimer, oldest first, up to the limit", async () => {
    await enqueue("a@example.com", T0);
    await enqueue("b@example.com", T0 + 1);
    await enqueue("c@example.com", T0 + 2);
    const first = await claim(T0 + SECOND, 2);
    expect(first.map((row) => row.recipient)).toEqual(["a@example.com", "b@example.com"]);
    expect((await claim(T0 + SECOND)).map((row) => row.recipient)).toEqual(["c@example.com"]);
    expect(await claim(T0 + SECOND)).toEqual([]);
  });

  it("hands out paced survey notices after any other due mail, however old they are", async () => {
    await enqueueMail(storage.db, { ...mail("aviso@example.com"), kind: "survey-notice" }, T0);
    await enqueue("confirmar@example.com", T0 + 10 * SECOND);
    expect((await claim(T0 + 11 * SECOND, 1)).map((row) => row.recipient)).toEqual(["confirmar@example.com"]);
    expect((await claim(T0 + 11 * SECOND, 1)).map((row) => row.recipient)).toEqual(["aviso@example.com"]);
  });

  it("gives a claimed mail back after 2 minutes, when its sender may have died mid-send", async () => {
    await enqueue("a@example.com", T0);
    await claim(T0);
    expect(await claim(T0 + 119 * SECOND)).toEqual([]);
    expect((await claim(T0 + 121 * SECOND)).map((row) => row.recipient)).toEqual(["a@example.com"]);
  });

  it("never hands out a sent mail again", async () => {
    await enqueue("a@example.com", T0);
    const [row] = await claim(T0);
    await markSent(storage.db, row!, T0 + SECOND);
    expect(await claim(T0 + 3600 * SECOND)).toEqual([]);
  });

  it("retries a failed mail after a back-off that doubles from 2 s and stops growing at 10 minutes", async () => {
    await enqueue("a@example.com", T0);
    let now = T0;
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 12; attempt++) {
      const [row] = await claim(now);
      const failure = await recordFailure(storage.db, row!, now, "421 try later", false);
      if (failure.givenUp) throw new Error("a mail of minutes ago was given up");
      const delay = failure.retryInMs;
      delays.push(delay / SECOND);
      expect(await claim(now + delay - 1)).toEqual([]);
      now += delay;
    }
    expect(delays).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 600, 600, 600]);
  });
});

describe("recordFailure", () => {
  it("gives up at once a mail the SMTP server refused for good, and never hands it out again", async () => {
    await enqueue("rechazo@example.com", T0);
    const [row] = await claim(T0);
    expect(await recordFailure(storage.db, row!, T0, "550 No such mailbox", true)).toEqual({ givenUp: true });
    expect(await claim(T0 + 30 * DAY)).toEqual([]);
  });

  it("gives up a mail still failing 7 days after it was queued, not before", async () => {
    await enqueue("a@example.com", T0);
    const [row] = await claim(T0 + 7 * DAY - SECOND);
    expect((await recordFailure(storage.db, row!, T0 + 7 * DAY - SECOND, "421 try later", false)).givenUp).toBe(false);
    const [again] = await claim(T0 + 7 * DAY + 10 * 60 * SECOND);
    expect(await recordFailure(storage.db, again!, T0 + 7 * DAY + 10 * 60 * SECOND, "421", false)).toEqual({
      givenUp: true,
    });
    expect(await claim(T0 + 8 * DAY)).toEqual([]);
  });
});

describe("deleteFinishedMail", () => {
  it("deletes mail sent or given up 30 days ago, and keeps what still waits, however old", async () => {
    await enqueue("sent@example.com", T0);
    await enqueue("refused@example.com", T0);
    await enqueue("waiting@example.com", T0);
    const [sent, refused] = await claim(T0, 2);
    await markSent(storage.db, sent!, T0);
    await recordFailure(storage.db, refused!, T0, "550 No such mailbox", true);
    const recipients = async () =>
      (await storage.db.selectFrom("outbox").select("recipient").orderBy("recipient").execute()).map(
        (row) => row.recipient,
      );

    await deleteFinishedMail(storage.db, T0 + 30 * DAY - SECOND);
    expect(await recipients()).toEqual(["refused@example.com", "sent@example.com", "waiting@example.com"]);
    await deleteFinishedMail(storage.db, T0 + 30 * DAY);
    expect(await recipients()).toEqual(["waiting@example.com"]);
    await deleteFinishedMail(storage.db, T0 + 400 * DAY);
    expect(await recipients()).toEqual(["waiting@example.com"]);
  });
});

describe("outboxBacklog", () => {
  it("counts given-up mails apart from the ones that wait", async () => {
    await enqueue("rechazo@example.com", T0);
    const [row] = await claim(T0);
    await recordFailure(storage.db, row!, T0, "550 No such mailbox", true);
    expect(await outboxBacklog(storage.db, T0 + SECOND)).toEqual({ pending: 0, oldestAgeSeconds: null, givenUp: 1 });
  });

  it("counts unsent mails and the age of the oldest, in seconds", async () => {
    expect(await outboxBacklog(storage.db, T0)).toEqual({ pending: 0, oldestAgeSeconds: null, givenUp: 0 });
    await enqueue("a@example.com", T0);
    await enqueue("b@example.com", T0 + 30 * SECOND);
    const [row] = await claim(T0 + 30 * SECOND, 1);
    await markSent(storage.db, row!, T0 + 31 * SECOND);
    expect(await outboxBacklog(storage.db, T0 + 90 * SECOND)).toEqual({ pending: 1, oldestAgeSeconds: 60, givenUp: 0 });
  });
});
