/**
 * The counters every per-client, per-mailbox and per-domain rule counts in, on a real embedded
 * database with the clock passed in: fixed windows of any length, deleted when their own window
 * ends, under keys keyed with the site's secret.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { counterKeyWith } from "~/lib/storage/counter-key";
import { countNow, deleteFinishedCounters, withinRateLimit } from "~/lib/storage/rate-limit.server";
import { useTemporaryStorage } from "../../support/temporary-storage";

const storage = useTemporaryStorage("counters-");
const T0 = Date.UTC(2026, 10, 26, 12);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe("counters", () => {
  it("count in a fixed window from the first count, and start again at one once it is over", async () => {
    const tenMinutes = { limit: 2, windowMs: 10 * MINUTE };
    expect(await withinRateLimit(storage.db, "k", tenMinutes, T0)).toBe(true);
    expect(await withinRateLimit(storage.db, "k", tenMinutes, T0 + 9 * MINUTE)).toBe(true);
    expect(await withinRateLimit(storage.db, "k", tenMinutes, T0 + 10 * MINUTE - 1)).toBe(false);
    expect(await countNow(storage.db, "k", T0 + 10 * MINUTE - 1)).toBe(3);
    expect(await countNow(storage.db, "k", T0 + 10 * MINUTE)).toBe(0);
    expect(await withinRateLimit(storage.db, "k", { limit: 1, windowMs: 10 * MINUTE }, T0 + 10 * MINUTE)).toBe(true);
    // The new window runs from its own first count.
    expect(await countNow(storage.db, "k", T0 + 20 * MINUTE - 1)).toBe(1);
  });

  it("are deleted by the sweep when their own window ends: a 30-day counter outlives a day's", async () => {
    await withinRateLimit(storage.db, "a-day", { limit: 1, windowMs: DAY }, T0);
    await withinRateLimit(storage.db, "thirty-days", { limit: 1, windowMs: 30 * DAY }, T0);
    await deleteFinishedCounters(storage.db, T0 + DAY);
    const keys = async () => (await storage.db.selectFrom("rate_limits").select("key").execute()).map((row) => row.key);
    expect(await keys()).toEqual(["thirty-days"]);
    await deleteFinishedCounters(storage.db, T0 + 30 * DAY - 1);
    expect(await keys()).toEqual(["thirty-days"]);
    await deleteFinishedCounters(storage.db, T0 + 30 * DAY);
    expect(await keys()).toEqual([]);
  });

  it("are keyed with the site's secret: the same subject is another key under another secret, and no plain hash", () => {
    const key = counterKeyWith("secret-one-0123456789-0123456789-012", "waitlist", "198.51.100.7");
    expect(key).toMatch(/^waitlist:[\w-]{22}$/);
    expect(counterKeyWith("secret-one-0123456789-0123456789-012", "waitlist", "198.51.100.7")).toBe(key);
    expect(counterKeyWith("secret-two-0123456789-0123456789-012", "waitlist", "198.51.100.7")).not.toBe(key);
    expect(counterKeyWith("secret-one-0123456789-0123456789-012", "contact", "198.51.100.7")).not.toBe(key);
    const unkeyed = createHash("sha256").update("198.51.100.7").digest("base64url").slice(0, 22);
    expect(key).not.toContain(unkeyed);
  });
});
