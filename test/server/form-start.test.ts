/**
 * The forms' fill-time check cannot be skipped (docs/operations.md, "Sign-ups and limits"): the
 * page carries its render instant signed with a secret the server makes and keeps in its
 * database when FORM_SECRET is unset; a submission without it, with a forged one or one from the
 * future is refused like one sent too fast. On both databases; the secret outlives a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server";
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
});
