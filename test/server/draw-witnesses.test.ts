/**
 * The server's witnesses over HTTP, with two loopback authorities of this file's own (real RFC
 * 3161 authorities: openssl ts -reply, test/support/timestamp-authority.ts) whose failures the
 * test switches: the built server asks them right after it commits a seed, asks again those that
 * failed (5 s, doubling, at most 5 minutes apart: the server's clock is moved, never waited for),
 * logs each failure, never keeps a visitor waiting on one, and /sorteos says which seals a
 * statement has and which authorities are still asked (docs/draw.md, "Witnesses").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server";
import { rootsFile, startStandInAuthority, type StandInAuthority } from "../support/timestamp-authority";

const SECOND = 1000;

/** The server's log lines of one event about one authority, parsed, in order. */
function logged(app: AppServer, event: string, authority: StandInAuthority): Record<string, string | number>[] {
  return app
    .output()
    .split("\n")
    .filter((line) => line.startsWith(`{"event":"${event}"`))
    .map((line) => JSON.parse(line) as Record<string, string | number>)
    .filter((line) => line.authority === authority.url);
}

/** "127.0.0.1:40123": an authority as /sorteos names it. */
const host = (authority: StandInAuthority) => new URL(authority.url).host;

describe("an authority down, another slow, then answering garbage, then both back", () => {
  let app: AppServer;
  /** Down until the end. */
  let down: StandInAuthority;
  /** Down at start-up, then slow past the time-out, then garbage, then up. */
  let flaky: StandInAuthority;

  beforeAll(async () => {
    [down, flaky] = await Promise.all([
      startStandInAuthority("Testigo Caído", { keyType: "rsa" }),
      startStandInAuthority("Testigo Inestable", { keyType: "ec" }),
    ]);
    down.mode = "down";
    flaky.mode = "down";
    app = await startAppServer(
      {
        TIMESTAMP_AUTHORITIES: `${down.url},${flaky.url}`,
        TIMESTAMP_ROOTS: rootsFile([down, flaky]),
        // Long enough for a loaded machine's openssl to answer; a slow authority costs this much.
        TIMESTAMP_TIMEOUT_MS: "6000",
      },
      { movableClock: true },
    );
  });
  afterAll(async () => {
    await app?.stop();
    await Promise.all([down, flaky].filter(Boolean).map((authority) => authority.close()));
  });

  it("asks again 5 s after a failure, doubling to at most 5 minutes, logs each, keeps no visitor waiting, and /sorteos says which seals the commitment has", async () => {
    const page = async () => {
      const response = await fetch(`${app.origin}/sorteos`);
      expect(response.status).toBe(200);
      return response.text();
    };
    const retries = (authority: StandInAuthority) => logged(app, "draw.witness_retry", authority);

    // At start-up, right after the commitment: both unreachable, each logged, asked again in 5 s.
    await expect.poll(() => [retries(down).length, retries(flaky).length]).toEqual([1, 1]);
    for (const authority of [down, flaky]) {
      expect(retries(authority)[0]).toMatchObject({
        statement: "commitment",
        reason: "unreachable",
        retryInSeconds: 5,
      });
    }
    expect(await page()).toContain(
      `Faltan los sellos de ${host(down)} y ${host(flaky)}: todavía no respondieron, y se los volvemos a pedir hasta el momento del sorteo.`,
    );

    // 5 s on, slow: it holds the server's question past the time-out. Meanwhile pages are served
    // at once, while the authority still holds it: no visitor waits for a witness.
    flaky.mode = "slow";
    await app.advanceClock(5 * SECOND);
    await page();
    await expect.poll(() => flaky.held).toBe(1);
    await page();
    expect(flaky.held).toBe(1);
    await expect.poll(() => retries(flaky).length, { timeout: 30_000 }).toBe(2);
    expect(retries(flaky)[1]).toMatchObject({
      reason: "timeout",
      error: `${flaky.url}: no answer within 6000 ms`,
      retryInSeconds: 10,
    });
    expect(flaky.held).toBe(0);

    // 10 s on, garbage: not a time-stamp reply.
    flaky.mode = "garbage";
    await app.advanceClock(10 * SECOND);
    await page();
    await expect.poll(() => retries(flaky).length).toBe(3);
    expect(retries(flaky)[2]).toMatchObject({ reason: "unreadable", retryInSeconds: 20 });

    // 20 s on, back: its seal is kept, and the page shows it; the other is still missing.
    flaky.mode = "up";
    await app.advanceClock(20 * SECOND);
    await page();
    await expect.poll(() => logged(app, "draw.witnessed", flaky).length).toBe(1);
    expect(logged(app, "draw.witnessed", flaky)[0]).toMatchObject({ statement: "commitment" });
    await expect
      .poll(page)
      .toContain(
        `Falta el sello de ${host(down)}: todavía no respondió, y se lo volvemos a pedir hasta el momento del sorteo.`,
      );
    expect(await page()).toMatch(new RegExp(`Sello de (<!-- -->)?${host(flaky).replaceAll(".", "\\.")}</a>`));
    const flakyAsked = flaky.requests;

    // The one still down is asked 40 s, 80 s, 160 s, then 5 minutes on (each round saying when the
    // next is: 80 s, 160 s, 5 minutes, and 5 minutes again).
    // A page 10 s before each is due asks nothing (the schedule below would show it).
    for (const wait of [40, 80, 160, 300]) {
      const before = retries(down).length;
      await app.advanceClock((wait - 10) * SECOND);
      await page();
      await app.advanceClock(10 * SECOND);
      await page();
      await expect.poll(() => retries(down).length).toBe(before + 1);
    }
    // The one that sealed is not asked again.
    expect(flaky.requests).toBe(flakyAsked);

    // Back: sealed 5 minutes on; both seals shown, nothing missing, nothing logged after.
    down.mode = "up";
    await app.advanceClock(300 * SECOND);
    await page();
    await expect.poll(() => logged(app, "draw.witnessed", down).length).toBe(1);
    await expect.poll(page).not.toContain("Falta el sello");
    const sealed = await page();
    for (const authority of [down, flaky]) {
      expect(sealed).toMatch(new RegExp(`Sello de (<!-- -->)?${host(authority).replaceAll(".", "\\.")}</a>`));
    }

    // Every failure logged once per round, each wait twice the last, at most 5 minutes; each round
    // after the last one's announced time on the server's clock (its end is its line's retryAt
    // less its wait), so no page asked early.
    expect(retries(down).map((line) => line.retryInSeconds)).toEqual([5, 10, 20, 40, 80, 160, 300, 300]);
    expect(retries(flaky).map((line) => line.retryInSeconds)).toEqual([5, 10, 20]);
    for (const lines of [retries(down), retries(flaky)]) {
      lines.slice(1).forEach((line, index) => {
        const endedAt = Date.parse(String(line.retryAt)) - Number(line.retryInSeconds) * SECOND;
        expect(endedAt).toBeGreaterThanOrEqual(Date.parse(String(lines[index]!.retryAt)));
      });
    }
  });
});
