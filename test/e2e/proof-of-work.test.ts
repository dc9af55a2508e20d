/**
 * A form under pressure in a real Chromium (docs/decisions/083-proof-of-work-under-pressure.md):
 * a quarter of the hour's mails to visitors is queued, so the sign-up and /contacto ask for a
 * proof of work. With JavaScript, the server's first answer carries a challenge; altcha's widget,
 * served by the site and loaded only then, works it out in a worker under the strict
 * Content-Security-Policy and sends the form again, which is taken. Without JavaScript, the page
 * comes back saying to try again later: a 403, never a 503.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { startAppServer, type AppServer } from "../support/app-server";
import { backdateFormStart, gotoHydrated, openPage, recordCspViolations, sharedBrowser } from "../support/browser";
import { postForm, postSignUp } from "../support/waitlist";

/** 4 an hour: the pressure starts at a quarter of it, one mail queued. */
const FORM_MAILS_PER_HOUR = "4";
/** The first answer asks for the proof: Chromium reports its 403 as a failed resource. */
const PROOF_ASKED = /^error: Failed to load resource: the server responded with a status of 403/;

let app: AppServer;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startAppServer({ FORM_MAILS_PER_HOUR, CONTACT_MAILS_PER_HOUR: "4" }),
    sharedBrowser(),
  ]);
  // A stranger from another network queues the quarter of each hour.
  expect((await postSignUp(app, { email: "extrano@example.org", client: "203.0.113.5" })).status).toBe(200);
  const message = { nombre: "Extraño", email: "extrano@example.org", mensaje: "Hola" };
  expect((await postForm(app, "/contacto", message, { client: "203.0.113.6" })).status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe("a form under pressure", () => {
  it("with JavaScript, works the proof out with the site's own widget and signs up, no CSP violation", async () => {
    const { page, context } = await openPage(browser, "mobile", { expectProblems: PROOF_ASKED });
    const violations = await recordCspViolations(page);
    const scripts: string[] = [];
    page.on("request", (request) => scripts.push(request.url()));
    await gotoHydrated(page, `${app.origin}/encuesta`);
    // Nothing of the widget on the first load.
    expect(scripts.filter((url) => url.includes("/verificacion/"))).toEqual([]);
    const posts: number[] = [];
    const sentStamps: (string | null)[] = [];
    page.on("response", (response) => {
      if (response.request().method() !== "POST") return;
      posts.push(response.status());
      sentStamps.push(new URLSearchParams(response.request().postData() ?? "").get("inicio"));
    });

    await page.getByLabel("Tu email").fill("con-prueba@example.com");
    await page.getByRole("checkbox", { name: /^Acepto que Opinion Labz/ }).check();
    const [backdated] = await backdateFormStart(page);
    await page.getByRole("button", { name: "Avisarme cuando esté listo" }).click();
    await expect
      .poll(async () => page.getByTestId("notify-status").textContent(), { timeout: 30_000 })
      .toContain("te llega un email");
    // Asked once, then taken with the proof; the widget and its worker came from this site.
    expect(posts).toEqual([403, 200]);
    // The widget's second send carries the form's start as the first did, though the answer
    // to the first re-rendered the form in between.
    expect(sentStamps).toEqual([backdated, backdated]);
    const widgetFiles = scripts.filter((url) => url.includes("/verificacion/")).map((url) => new URL(url));
    expect(new Set(widgetFiles.map((url) => url.origin))).toEqual(new Set([app.origin]));
    expect(widgetFiles.map((url) => url.pathname.split("/").pop())).toEqual(
      expect.arrayContaining(["3.2.2-altcha.js", "3.2.2-altcha.css", "3.2.2-pbkdf2.js"]),
    );
    expect(violations).toEqual([]);
    await context.close();
  });

  it("/contacto the same: the message is taken after the proof", async () => {
    const { page, context } = await openPage(browser, "desktop", { expectProblems: PROOF_ASKED });
    const violations = await recordCspViolations(page);
    await gotoHydrated(page, `${app.origin}/contacto`);
    const posts: number[] = [];
    page.on("response", (response) => {
      if (response.request().method() === "POST") posts.push(response.status());
    });
    await page.getByLabel("Tu nombre", { exact: true }).fill("Rosa");
    await page.getByLabel("Tu email", { exact: true }).fill("rosa@example.net");
    await page.getByLabel("Tu mensaje", { exact: true }).fill("¿Cuándo es el próximo sorteo?");
    await backdateFormStart(page);
    await page.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect
      .poll(async () => page.getByTestId("contact-status").textContent(), { timeout: 30_000 })
      .toContain("te respondemos por email dentro de las 24 horas");
    expect(posts).toEqual([403, 200]);
    expect(violations).toEqual([]);
    await context.close();
  });

  it("without JavaScript, the page says in Spanish to try again later: a 403, never a 503", async () => {
    const { page, context } = await openPage(browser, "mobile", {
      javaScriptEnabled: false,
      expectProblems: PROOF_ASKED,
    });
    await page.goto(`${app.origin}/encuesta`);
    await page.getByLabel("Tu email").fill("sin-js@example.com");
    await page.getByRole("checkbox", { name: /^Acepto que Opinion Labz/ }).check();
    await backdateFormStart(page);
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.request().method() === "POST"),
      page.getByRole("button", { name: "Avisarme cuando esté listo" }).click(),
    ]);
    expect(response.status()).toBe(403);
    await page.waitForLoadState();
    expect(await page.getByTestId("notify-status").textContent()).toBe(
      "En este momento recibimos muchos envíos y sin JavaScript no podemos verificar el tuyo. Probá de nuevo más tarde, o activá JavaScript y volvé a enviarlo.",
    );
    expect(await page.getByLabel("Tu email").inputValue()).toBe("sin-js@example.com");
    await context.close();
  });
});
