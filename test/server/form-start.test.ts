/**
 * The forms' fill-time check cannot be skipped (docs/operations.md, "Sign-ups and limits"): the
 * page carries its render instant signed with a secret the server makes when FORM_SECRET is
 * unset and keeps beside its database (DATA_DIR/form-secret, mode 0600), never in it; a
 * submission without it, with a forged one or one from the future is refused like one sent too
 * fast. On both databases; the secret outlives a restart, a copy of the database alone gives no
 * client address back, and a secret an earlier release kept in the database is moved out.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signFormStart } from "~/lib/forms/form-stamp.server";
import { parseEnv } from "~/lib/server/parse-env.server";
import { counterKeyWith } from "~/lib/storage/counter-key";
import { openStorage } from "~/lib/storage/open-storage.server";
import { ROOT, startAppServer, type AppServer } from "../support/app-server";
import { DATABASE_KINDS, formStartAgo, useDatabase } from "../support/waitlist";

const TOO_FAST = "Fuiste más rápido de lo que esperábamos. Esperá unos segundos y volvé a enviarlo.";

describe.each(DATABASE_KINDS)("form start stamps on the %s database, FORM_SECRET unset", (kind) => {
  const database = useDatabase(kind);
  let app: AppServer;
  const start = () => startAppServer({ ...database.env, FORM_SECRET: undefined }, { movableClock: true });

  beforeAll(async () => {
    app = await start();
  });
  afterAll(async () => {
    await app?.stop();
  });

  const pageStamp = async () => {
    const html = await (await fetch(`${app.origin}/encuesta`)).text();
    return html.match(/name="inicio" value="([^"]+)"/)![1]!;
  };
  const submit = async (inicio: string | null, index: number) => {
    const form = new URLSearchParams({ email: `sello-${index}@example.com`, consentimiento: "si", sitio_web: "" });
    if (inicio !== null) form.set("inicio", inicio);
    const response = await fetch(`${app.origin}/encuesta`, {
      method: "POST",
      body: form,
      headers: { "x-forwarded-for": `198.51.100.${80 + index}` },
    });
    return { status: response.status, html: await response.text() };
  };

  it("takes the page's own stamp once 2 s have passed, before and after a restart", async () => {
    const stamp = await pageStamp();
    expect(stamp).toMatch(/^\d+\.[\w-]{43}$/);
    expect(await submit(stamp, 1)).toMatchObject({ status: 400 });
    await app.advanceClock(3000);
    expect((await submit(stamp, 2)).status).toBe(200);

    await app.stop();
    app = await start();
    await app.advanceClock(3000);
    expect((await submit(stamp, 3)).status).toBe(200);
    expect(await pageStamp()).not.toBe(stamp);
  });

  it("refuses a form without its stamp, with a forged one or one from the future, as sent too fast", async () => {
    const [instant, mac] = (await pageStamp()).split(".");
    await app.advanceClock(3000);
    const refusals = [
      await submit(null, 4),
      await submit(String(Number(instant) - 60_000), 5),
      await submit(`${Number(instant) - 60_000}.${mac}`, 6),
      // Signed with another secret (the tests' FORM_SECRET): not this server's.
      await submit(formStartAgo(60_000), 7),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(400);
      expect(refusal.html).toContain(TOO_FAST);
    }
  });

  it("keeps the secret in DATA_DIR/form-secret, mode 0600, says so once, and a copy of the database gives no client address back", async () => {
    const file = path.join(database.env.DATA_DIR!, "form-secret");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const secret = readFileSync(file, "utf8").trim();
    expect(secret).toMatch(/^[\w-]{43}$/);
    // Once per start: two starts in this file.
    expect(app.output().match(/\[config\] FORM_SECRET is not set/g)).toHaveLength(1);

    // A client counted now, whatever the tests before did.
    const stamp = await pageStamp();
    await app.advanceClock(3000);
    expect((await submit(stamp, 20)).status).toBe(200);
    const { db } = await openStorage(parseEnv(database.env, ROOT).database);
    try {
      const everything = JSON.stringify(
        await Promise.all(
          ["site_secrets", "rate_limits", "waitlist", "outbox", "mail_pace"].map(
            async (table) => (await sql`select * from ${sql.table(table)}`.execute(db)).rows,
          ),
        ),
      );
      expect(everything).not.toContain(secret);
      // The client just counted, 198.51.100.100: only the file's secret finds it.
      const keys = (await db.selectFrom("rate_limits").select("key").execute()).map((row) => row.key);
      expect(keys).toContain(counterKeyWith(secret, "waitlist", "198.51.100.100"));
      const candidates = (await db.selectFrom("site_secrets").select("value").execute()).map((row) => row.value);
      for (const candidate of [...candidates, ""]) {
        expect(keys).not.toContain(counterKeyWith(candidate, "waitlist", "198.51.100.100"));
      }
    } finally {
      await db.destroy();
    }
  });

  it("moves a secret an earlier release kept in the database out to the file, and stamps signed with it still pass", async () => {
    const earlier = await database.another();
    const { db } = await openStorage(parseEnv(earlier, ROOT).database);
    const legacy = "secreto-de-una-version-anterior-0123456789abcdef";
    await db.insertInto("site_secrets").values({ name: "form-start", value: legacy }).execute();
    const upgraded = await startAppServer({ ...earlier, FORM_SECRET: undefined });
    try {
      expect(readFileSync(path.join(earlier.DATA_DIR!, "form-secret"), "utf8").trim()).toBe(legacy);
      expect(await db.selectFrom("site_secrets").select("name").where("name", "=", "form-start").execute()).toEqual([]);
      const form = new URLSearchParams({
        email: "sello-viejo@example.com",
        consentimiento: "si",
        sitio_web: "",
        inicio: signFormStart(legacy, Date.now() - 5000),
      });
      const response = await fetch(`${upgraded.origin}/encuesta`, {
        method: "POST",
        body: form,
        headers: { "x-forwarded-for": "198.51.100.99" },
      });
      expect(response.status).toBe(200);
    } finally {
      await upgraded.stop();
      await db.destroy();
    }
  });
});
