/**
 * A draw's participation data is kept 12 months after the draw, as the privacy page says: then
 * the forms sweep erases its ids list, names, countries and winners. (The younger draw, real and
 * delivered, also shows its card as the pages show one.) Over HTTP, on both
 * databases, with draws written 366 and 364 days before an instance starts (its first sweep).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/server/parse-env.server";
import { openStorage } from "~/lib/storage/open-storage.server";
import { ROOT, startAppServer, type AppServer } from "../support/app-server";
import { sha256 } from "../support/draw-command";
import { DATABASE_KINDS, useDatabase } from "../support/waitlist";

const DAY = 24 * 60 * 60 * 1000;

/**
 * A drawn month, `daysAgo` days before now at 12:00 in Argentina, won by `winner`: a record of
 * rule v1 (no rule written, as before rule v2; its seed and commitment), whose claim's recorded
 * day is its delivery (a v2 claim counts only by its seals: test/server/draws.test.ts).
 */
function drawnMonth(daysAgo: number, ids: string[], winner: { id: string; name: string; country: string }) {
  const today = new Date();
  const drawAt = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - daysAgo, 15);
  const listText = ids.map((id) => `${id}\n`).join("");
  return {
    date: new Date(drawAt).toISOString().slice(0, 10),
    listText,
    draw: {
      draw_at: drawAt,
      seed: "c".repeat(64),
      commitment: sha256("c".repeat(64)),
      committed_at: drawAt - 30 * DAY,
      frozen_at: drawAt,
      list_text: listText,
      list_hash: sha256(listText),
      entry_count: ids.length,
      list_names: JSON.stringify(ids.map((id) => (id === winner.id ? winner.name : "Otra P."))),
      list_countries: JSON.stringify(ids.map((id) => (id === winner.id ? winner.country : "Uruguay"))),
      from_sample: 0,
    },
    round: {
      draw_at: drawAt,
      round: 0,
      beacon_round: 1000,
      beacon: "d".repeat(64),
      rehearsal: 0,
      winner_index: ids.indexOf(winner.id),
      attempts: 1,
      winner_id: winner.id,
      winner_name: winner.name,
      winner_country: winner.country,
      drawn_at: drawAt + 31 * 60_000,
    },
  };
}

describe.each(DATABASE_KINDS)("draw data after 12 months on the %s database", (kind) => {
  const database = useDatabase(kind);
  let app: AppServer;
  const old = drawnMonth(366, ["OL-1", "OL-2"], { id: "OL-2", name: "Ana B.", country: "Guatemala" });
  const recent = drawnMonth(364, ["OL-5", "OL-7"], { id: "OL-7", name: "Beto C.", country: "Honduras" });
  // Its prize delivered three days after the draw (npm run draw -- claimed).
  const deliveredAt = recent.draw.draw_at + 3 * DAY;

  beforeAll(async () => {
    const storage = await openStorage(parseEnv(database.env, ROOT).database);
    try {
      await storage.db
        .insertInto("draws")
        .values([old.draw, { ...recent.draw, claimed_at: deliveredAt }])
        .execute();
      await storage.db.insertInto("draw_rounds").values([old.round, recent.round]).execute();
    } finally {
      await storage.db.destroy();
    }
    app = await startAppServer({ ...database.env, SHARED_MAX_AGE_SECONDS: "1" });
  });
  afterAll(() => app?.stop());

  it("erases the list, names, countries and winner of a draw over 12 months old, and keeps a younger one whole", async () => {
    const list = (date: string) => fetch(`${app.origin}/sorteos/${date}/ids.txt`);
    await expect.poll(async () => (await list(old.date)).status, { timeout: 10_000 }).toBe(410);
    const gone = await list(old.date);
    expect(gone.headers.get("cache-control")).toBe("no-store");
    expect(await gone.text()).toBe(
      "La lista de este sorteo se borró a los 12 meses del sorteo, como dice nuestra política de privacidad.\n",
    );
    const kept = await list(recent.date);
    expect(kept.status).toBe(200);
    expect(await kept.text()).toBe(recent.listText);

    for (const path of ["/sorteos", "/"]) {
      const html = await (await fetch(`${app.origin}${path}`)).text();
      expect(html, path).toContain("Beto C.");
      expect(html, path).not.toContain("Ana B.");
      expect(html, path).not.toContain("Guatemala");
      expect(html, path).toContain("Honduras");
      // A draw recorded as real: its prize delivered on that day (Argentina). Its beacon is
      // made up (no drand signature): the server's check says so, never "verificado".
      const day = new Date(deliveredAt - 3 * 60 * 60 * 1000);
      expect(html, path).toContain(
        `Premio entregado el ${day.getUTCDate()}/${day.getUTCMonth() + 1}/${day.getUTCFullYear()}`,
      );
      expect(html, path).toContain("No coincide");
      expect(html, path).not.toContain("sorteo verificado");
    }

    const storage = await openStorage(parseEnv(database.env, ROOT).database);
    try {
      const draws = await storage.db
        .selectFrom("draws")
        .select(["draw_at", "list_text", "list_names", "list_countries", "list_hash", "erased_at"])
        // Not the upcoming draw the server committed at start.
        .where("draw_at", "in", [old.draw.draw_at, recent.draw.draw_at])
        .orderBy("draw_at")
        .execute();
      expect(draws.map(({ list_text, list_names, list_countries }) => [list_text, list_names, list_countries])).toEqual(
        [
          [null, null, null],
          [recent.listText, recent.draw.list_names, recent.draw.list_countries],
        ],
      );
      // The proof stays: the list's hash, and when it was erased.
      expect(draws[0]!.list_hash).toBe(old.draw.list_hash);
      expect(Number(draws[0]!.erased_at)).toBeGreaterThan(old.draw.draw_at + 365 * DAY);
      expect(draws[1]!.erased_at).toBeNull();
      const rounds = await storage.db
        .selectFrom("draw_rounds")
        .select(["winner_id", "winner_name", "winner_country", "beacon"])
        .orderBy("draw_at")
        .execute();
      expect(rounds).toEqual([
        { winner_id: "", winner_name: "", winner_country: null, beacon: "d".repeat(64) },
        { winner_id: "OL-7", winner_name: "Beto C.", winner_country: "Honduras", beacon: "d".repeat(64) },
      ]);
    } finally {
      await storage.db.destroy();
    }
  });
});
