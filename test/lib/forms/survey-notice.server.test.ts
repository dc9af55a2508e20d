/**
 * The survey notice's queueing rules on a real embedded database, the clock passed in: who is
 * told, once; the pace; what the progress and a person's data say. The command, the real SMTP
 * server, kills and two runs at once are in test/server/waitlist-notify.test.ts.
 */
import { describe, expect, it } from "vitest";
import {
  deleteNoticesTo,
  noticeDue,
  noticeProgress,
  noticesTo,
  queueSurveyNotice,
} from "~/lib/forms/survey-notice.server";
import { mailboxOf } from "~/lib/storage/mailbox";
import { markSent, recordFailure } from "~/lib/mail/outbox.server";
import type { WaitlistStatus } from "~/lib/storage/schema";
import { useTemporaryStorage } from "../../support/temporary-storage";

const T0 = Date.UTC(2026, 10, 25, 15);
const HOUR = 60 * 60 * 1000;
const SURVEY = "https://encuestas.example/diciembre";

const storage = useTemporaryStorage("notice-");

async function add(email: string, status: WaitlistStatus): Promise<void> {
  await storage.db
    .insertInto("waitlist")
    .values({
      email,
      mailbox: mailboxOf(email),
      status,
      token: `token-${email}`,
      subscribed_at: T0 - HOUR,
      confirmed_at: status === "pending" ? null : T0 - HOUR,
      unsubscribed_at: status === "unsubscribed" ? T0 : null,
      confirm_expires_at: null,
      last_mail_at: null,
    })
    .execute();
}

const notices = () =>
  storage.db
    .selectFrom("outbox")
    .select(["recipient", "created_at", "next_attempt_at", "kind", "text_body", "headers", "id"])
    .where("kind", "=", "survey-notice")
    .orderBy("next_attempt_at")
    .execute();

describe("queueSurveyNotice", () => {
  it("queues one notice per confirmed address, pending and unsubscribed left out, and none again", async () => {
    await add("b@example.com", "confirmed");
    await add("a@example.com", "confirmed");
    await add("p@example.com", "pending");
    await add("u@example.com", "unsubscribed");
    expect(await noticeDue(storage.db, SURVEY)).toBe(2);
    const progress: [number, number][] = [];
    const run = await queueSurveyNotice(storage.db, {
      surveyUrl: SURVEY,
      now: T0,
      perHour: 2,
      onProgress: (done, due) => progress.push([done, due]),
    });
    expect(run).toEqual({ due: 2, queued: 2 });
    expect(progress).toEqual([[2, 2]]);
    const queued = await notices();
    // Two an hour: one now, the next 30 minutes later, each stored for its own slot.
    expect(queued.map((mail) => [mail.recipient, mail.created_at, mail.next_attempt_at])).toEqual([
      ["a@example.com", T0, T0],
      ["b@example.com", T0 + HOUR / 2, T0 + HOUR / 2],
    ]);
    expect(queued[0]!.text_body).toContain(SURVEY);
    expect(queued[0]!.text_body).toContain("/avisos/baja?t=token-a%40example.com");
    expect(JSON.parse(queued[0]!.headers)).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });

    expect(await noticeDue(storage.db, SURVEY)).toBe(0);
    expect(await queueSurveyNotice(storage.db, { surveyUrl: SURVEY, now: T0 + HOUR, perHour: 2 })).toEqual({
      due: 0,
      queued: 0,
    });
    // One confirmed later: told on the next run, its slot after the last one queued.
    await add("c@example.com", "confirmed");
    await queueSurveyNotice(storage.db, { surveyUrl: SURVEY, now: T0 + HOUR / 4, perHour: 2 });
    expect((await notices()).at(-1)).toMatchObject({ recipient: "c@example.com", next_attempt_at: T0 + HOUR });
  });

  it("keeps one pace across surveys notified together, and starts from now once it has passed", async () => {
    await add("a@example.com", "confirmed");
    await queueSurveyNotice(storage.db, { surveyUrl: SURVEY, now: T0, perHour: 1 });
    await queueSurveyNotice(storage.db, { surveyUrl: `${SURVEY}-2`, now: T0, perHour: 1 });
    expect((await notices()).map((mail) => mail.next_attempt_at)).toEqual([T0, T0 + HOUR]);
    await queueSurveyNotice(storage.db, { surveyUrl: `${SURVEY}-3`, now: T0 + 5 * HOUR, perHour: 1 });
    expect((await notices()).at(-1)!.next_attempt_at).toBe(T0 + 5 * HOUR);
  });

  it("reports each notice's mails by state, newest first, and one person's notices", async () => {
    await add("a@example.com", "confirmed");
    await add("b@example.com", "confirmed");
    await add("c@example.com", "confirmed");
    await queueSurveyNotice(storage.db, { surveyUrl: SURVEY, now: T0, perHour: 60 });
    const [a, b] = await notices();
    await markSent(storage.db, a!, T0 + 1000);
    const row = await storage.db.selectFrom("outbox").selectAll().where("id", "=", b!.id).executeTakeFirstOrThrow();
    await recordFailure(storage.db, row, T0 + 1000, "550 no such user", true);
    await queueSurveyNotice(storage.db, { surveyUrl: `${SURVEY}-2`, now: T0 + HOUR, perHour: 60 });
    expect(await noticeProgress(storage.db)).toEqual([
      { surveyUrl: `${SURVEY}-2`, startedAt: T0 + HOUR, queued: 3, sent: 0, givenUp: 0, waiting: 3 },
      { surveyUrl: SURVEY, startedAt: T0, queued: 3, sent: 1, givenUp: 1, waiting: 1 },
    ]);
    expect(await noticeProgress(storage.db, SURVEY)).toHaveLength(1);

    expect(await noticesTo(storage.db, "a@example.com")).toEqual([
      { surveyUrl: SURVEY, email: "a@example.com", queuedAt: T0 },
      { surveyUrl: `${SURVEY}-2`, email: "a@example.com", queuedAt: T0 + HOUR },
    ]);
    expect(await deleteNoticesTo(storage.db, "a@example.com")).toBe(2);
    expect(await noticesTo(storage.db, "a@example.com")).toEqual([]);
    expect(await deleteNoticesTo(storage.db, "a@example.com")).toBe(0);
  });
});
