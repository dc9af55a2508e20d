/**
 * The contact form in a real Chromium at both widths, with JavaScript on and off: a message
 * reaches the server without leaving the page, or as a plain POST; a refused one says why in
 * Spanish and keeps what was typed (the mail itself is tested in test/server/contact.test.ts).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  axeViolations,
  backdateFormStart,
  gotoHydrated,
  openPage,
  VIEWPORTS,
  watchDocument,
  withoutBlockedScripts,
  type ViewportName,
} from "../support/browser";
import { useSiteUnderTest } from "../support/site-under-test";

const site = useSiteUnderTest();

/** Chromium reports the answer to a refused form as a failed resource; the test provokes it. */
const BAD_REQUEST = /^error: Failed to load resource: the server responded with a status of 400/;
const ACCEPTED = "te respondemos por email dentro de las 24 horas";

/** Fills the form as a person does, taking more than the 2 s it needs (a bot posting at once is refused). */
async function fill(page: Page, fields: { name: string; email: string; message: string }) {
  await page.getByLabel("Tu nombre", { exact: true }).fill(fields.name);
  await page.getByLabel("Tu email", { exact: true }).fill(fields.email);
  await page.getByLabel("Tu mensaje", { exact: true }).fill(fields.message);
  await backdateFormStart(page);
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])("/contacto's form at %s", (viewport) => {
  it("sends a message with JavaScript: the visitor stays on the page and is told when to expect an answer", async () => {
    const { page, context, problems } = await openPage(site.browser, viewport);
    await gotoHydrated(page, `${site.app.origin}/contacto`);
    const traffic = await watchDocument(page);

    await fill(page, { name: "Lucía", email: `lucia-${viewport}@example.com`, message: "¿Cuándo es el sorteo?" });
    await page.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect.poll(async () => page.getByTestId("contact-status").textContent()).toContain(ACCEPTED);
    expect(traffic.documentLoads).toEqual([]);
    expect(await traffic.stayed()).toBe(true);
    expect(
      await page.getByLabel("Tu mensaje", { exact: true }).inputValue(),
      "the form is cleared for another message",
    ).toBe("");
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("with JavaScript, says what is missing, focuses it and keeps what was typed", async () => {
    const { page, context } = await openPage(site.browser, viewport, { expectProblems: BAD_REQUEST });
    await gotoHydrated(page, `${site.app.origin}/contacto`);
    await fill(page, { name: "Mario", email: "mario@example.com", message: "   " });
    await page.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect.poll(async () => page.getByTestId("contact-status").textContent()).toContain("Escribí tu mensaje");
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("TEXTAREA");
    expect(await page.getByLabel("Tu email", { exact: true }).inputValue()).toBe("mario@example.com");
    expect(await page.getByLabel("Tu mensaje", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("sends a message without JavaScript: a plain POST, and the page comes back with the answer", async () => {
    const { page, context, problems } = await openPage(site.browser, viewport, { javaScriptEnabled: false });
    await page.goto(`${site.app.origin}/contacto`);
    await fill(page, { name: "Bruno", email: `bruno-${viewport}@example.com`, message: "Hola" });
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.request().method() === "POST"),
      page.getByRole("button", { name: "Enviar mensaje" }).click(),
    ]);
    expect(response.status()).toBe(200);
    await page.waitForLoadState();
    expect(await page.getByTestId("contact-status").textContent()).toContain(ACCEPTED);
    expect(withoutBlockedScripts(problems)).toEqual([]);
    await context.close();
  });

  it("without JavaScript, a bad address is a 400 with everything typed kept", async () => {
    const { page, context } = await openPage(site.browser, viewport, {
      javaScriptEnabled: false,
      expectProblems: BAD_REQUEST,
    });
    await page.goto(`${site.app.origin}/contacto`);
    await fill(page, { name: "Carla", email: "carla@", message: "Una consulta" });
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.request().method() === "POST"),
      page.getByRole("button", { name: "Enviar mensaje" }).click(),
    ]);
    expect(response.status()).toBe(400);
    await page.waitForLoadState();
    expect(await page.getByTestId("contact-status").textContent()).toContain("no parece válido");
    expect(await page.getByLabel("Tu nombre", { exact: true }).inputValue()).toBe("Carla");
    expect(await page.getByLabel("Tu email", { exact: true }).inputValue()).toBe("carla@");
    expect(await page.getByLabel("Tu mensaje", { exact: true }).inputValue()).toBe("Una consulta");
    await context.close();
  });
});
