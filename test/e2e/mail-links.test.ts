/**
 * A mail link's page in a real Chromium, with JavaScript: its button's answer appears in
 * place, and a failure on the way keeps the button (the outcomes themselves, with real
 * tokens and mails, are tested in test/server/waitlist.test.ts).
 */
import { describe, expect, it } from "vitest";
import { axeViolations, gotoHydrated, openPage, VIEWPORTS, watchDocument, type ViewportName } from "../support/browser";
import { useSiteUnderTest } from "../support/site-under-test";

const site = useSiteUnderTest();

/** Chromium reports the 410 of a link that expired, and the aborted POST: the tests provoke them. */
const EXPECTED = /Failed to load resource|requestfailed/;

describe.each(Object.keys(VIEWPORTS) as ViewportName[])("a mail link's page at %s", (viewport) => {
  it("answers the button in place: an unknown token is told it expired, without leaving the page", async () => {
    const { page, context } = await openPage(site.browser, viewport, { expectProblems: EXPECTED });
    await gotoHydrated(page, `${site.app.origin}/avisos/confirmar?t=desconocido`);
    const traffic = await watchDocument(page);
    await page.getByRole("button", { name: "Confirmar mi email" }).click();
    await expect.poll(async () => page.getByTestId("mail-link-outcome").textContent()).toContain("venció");
    // The heading says what happened, and the page offers the way the sentence asks for.
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Enlace vencido");
    expect(await page.getByRole("link", { name: "Ir a la página de la encuesta" }).getAttribute("href")).toBe(
      "/encuesta",
    );
    expect(traffic.documentLoads).toEqual([]);
    expect(await traffic.stayed()).toBe(true);
    expect(traffic.requests).toEqual([expect.stringMatching(/^POST .*\/avisos\/confirmar\.data$/)]);
    // The link's token went from the address into a cookie: the address bar never shows it.
    expect(page.url()).toBe(`${site.app.origin}/avisos/confirmar`);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("keeps the button and says so when the answer never comes", async () => {
    const { page, context } = await openPage(site.browser, viewport, { expectProblems: EXPECTED });
    await gotoHydrated(page, `${site.app.origin}/avisos/baja?t=desconocido`);
    await page.route("**/avisos/baja.data*", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Borrar mi email" }).click();
    await expect.poll(async () => page.getByTestId("mail-link-failure").textContent()).toContain("Revisá tu conexión");
    expect(await page.getByRole("button", { name: "Borrar mi email" }).isEnabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("without JavaScript, the button posts the link's token and the answer comes as a page, the token in no address", async () => {
    const { page, context } = await openPage(site.browser, viewport, {
      javaScriptEnabled: false,
      expectProblems: EXPECTED,
    });
    await page.goto(`${site.app.origin}/avisos/confirmar?t=desconocido`);
    expect(page.url()).toBe(`${site.app.origin}/avisos/confirmar`);
    await page.getByRole("button", { name: "Confirmar mi email" }).click();
    await page.waitForURL(`${site.app.origin}/avisos/confirmar`, { waitUntil: "load" });
    expect(await page.getByTestId("mail-link-outcome").textContent()).toContain("venció");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Enlace vencido");
    await context.close();
  });
});
