/**
 * The site-wide hourly ceiling on mails to typed addresses, on a real embedded database with
 * the clock passed in: counted across calls, reached at the configured number, and gone an
 * hour after the window opened.
 */
import { describe, expect, it, vi } from "vitest";
import { useTemporaryStorage } from "../../support/temporary-storage";

vi.stubEnv("FORM_MAILS_PER_HOUR", "3");
const { countFormMail, formMailCeiling } = await import("~/lib/mail/form-mail-ceiling.server");
const { withinRateLimit } = await import("~/lib/storage/rate-limit.server");

const storage = useTemporaryStorage("ceiling-");
const T0 = Date.UTC(2026, 10, 24, 12);
const HOUR = 60 * 60_000;

describe("the form-mail ceiling", () => {
  it("is reached at FORM_MAILS_PER_HOUR mails within the hour, and lifts an hour after the first", async () => {
    expect(await formMailCeiling(storage.db, T0)).toEqual({ perHour: 3, reached: false });
    for (let mail = 1; mail <= 2; mail++) await countFormMail(storage.db, T0 + mail * 60_000);
    expect(await formMailCeiling(storage.db, T0 + 3 * 60_000)).toEqual({ perHour: 3, reached: false });
    await countFormMail(storage.db, T0 + 3 * 60_000);
    expect(await formMailCeiling(storage.db, T0 + 3 * 60_000)).toEqual({ perHour: 3, reached: true });
    // The window opened with the first mail, at T0 + 1 minute: it holds until an hour after that.
    expect((await formMailCeiling(storage.db, T0 + 60_000 + HOUR - 1)).reached).toBe(true);
    expect((await formMailCeiling(storage.db, T0 + 60_000 + HOUR)).reached).toBe(false);
    // A new mail then opens a new window, counted from one.
    await countFormMail(storage.db, T0 + 60_000 + HOUR);
    expect(await formMailCeiling(storage.db, T0 + 60_000 + HOUR)).toEqual({ perHour: 3, reached: false });
  });

  it("counts form mails alone, whatever other limits count", async () => {
    for (let submission = 0; submission < 5; submission++) {
      await withinRateLimit(storage.db, "waitlist:198.51.100.7", { limit: 30, windowMs: HOUR }, T0);
    }
    expect((await formMailCeiling(storage.db, T0)).reached).toBe(false);
  });
});
