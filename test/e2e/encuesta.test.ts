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

describe.each(Object.keys(VIEWPORTS) as ViewportName[])("/encuesta at %s", (viewport) => {
  it("is the coming-soon page, with a way back home and no console problems or axe violations", async () => {
    const { page, context, problems } = await openPage(site.browser, viewport);
    const response = await gotoHydrated(page, `${site.app.origin}/encuesta`);
    expect(response?.status()).toBe(200);
    expect(await page.title()).toMatch(/Opinion Labz/);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Próximamente");
    expect(await page.getByRole("link", { name: "Volver al inicio" }).getAttribute("href")).toBe("/");
    const email = page.getByLabel("Tu email");
    expect(await email.getAttribute("type")).toBe("email");
    expect(await email.isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Avisarme cuando esté listo" }).isVisible()).toBe(true);
    const consent = page.getByRole("checkbox", { name: /^Acepto que Opinion Labz/ });
    expect(await consent.isChecked()).toBe(false);
    expect(
      await page.getByTestId("notify-form").getByRole("link", { name: "política de privacidad" }).getAttribute("href"),
    ).toBe("/privacidad");
    // Nothing sits under the fixed header.
    const headerBottom = (await page.getByTestId("site-header").boundingBox())!.height;
    expect((await page.getByRole("link", { name: "Volver al inicio" }).boundingBox())!.y).toBeGreaterThanOrEqual(
      headerBottom,
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("signs up with JavaScript: the visitor stays on the page and is told to check their inbox", async () => {
    const { page, context, problems } = await openPage(site.browser, viewport);
    await gotoHydrated(page, `${site.app.origin}/encuesta`);
    const url = page.url();
    const traffic = await watchDocument(page);

    await page.getByLabel("Tu email").fill(`ana-${viewport}@example.com`);
    await page.getByRole("checkbox", { name: /^Acepto que Opinion Labz/ }).check();
    // A person takes more than the 2 s the form needs; a bot posting at once is refused.
    await backdateFormStart(page);
    await page.getByRole("button", { name: "Avisarme cuando esté listo" }).click();
    await expect.poll(async () => page.getByTestId("notify-status").textContent()).toContain("te llega un email");

    expect(traffic.documentLoads).toEqual([]);
    expect(await traffic.stayed()).toBe(true);
    expect(traffic.requests.filter((request) => request.startsWith("POST"))).toHaveLength(1);
    expect(page.url()).toBe(url);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("with JavaScript, says in Spanish what is wrong and focuses the field, without leaving the page", async () => {
    const { page, context } = await openPage(site.browser, viewport, { expectProblems: BAD_REQUEST });
    await gotoHydrated(page, `${site.app.origin}/encuesta`);
    await page.getByLabel("Tu email").fill("ana@");
    await page.getByRole("checkbox", { name: /^Acepto que Opinion Labz/ }).check();
    await backdateFormStart(page);
    await page.getByRole("button", { name: "Avisarme cuando esté listo" }).click();
    await expect.poll(async () => page.getByTestId("notify-status").textContent()).toContain("no parece válido");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("type"))).toBe("email");
    expect(await page.getByLabel("Tu email").inputValue()).toBe("ana@");
    expect(await page.getByLabel("Tu email").getAttribute("aria-invalid")).toBe("true");
    expect(await axeViolations(page)).toEqual([]);

    // A good address without consent: the checkbox is the field at fault, and gets the focus.
    await page.getByLabel("Tu email").fill("ana@example.com");
    await page.getByRole("checkbox", { name: /^Acepto que Opinion Labz/ }).uncheck();
    await backdateFormStart(page);
    await page.getByRole("button", { name: "Avisarme cuando esté listo" }).click();
    await expect.poll(async () => page.getByTestId("notify-status").textContent()).toContain("marcá la casilla");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("type"))).toBe("checkbox");
    expect(await page.getByRole("checkbox", { name: /^Acepto que Opinion Labz/ }).getAttribute("aria-invalid")).toBe(
      "true",
    );
    expect(await page.getByLabel("Tu email").getAttribute("aria-invalid")).toBeNull();
    await context.close();
  });

  it.each([
    [
      "the launcher's 503 while too many forms wait",
      { status: 503, contentType: "text/plain; charset=utf-8", body: "Estamos recibiendo muchos envíos.\n" },
      "Esperá un minuto",
    ],
    ["no network at all", null, "Revisá tu conexión"],
  ] as const)("with JavaScript, %s stays inside the form, with what was typed", async (_case, answer, message) => {
    // Chromium notes the failed request, and Remix the answer it cannot read: the test provokes both.
    const expectProblems = /Failed to load resource|Unable to decode|requestfailed|SyntaxError|Unexpected/;
    const { page, context, unexpected } = await openPage(site.browser, viewport, { expectProblems });
    await gotoHydrated(page, `${site.app.origin}/encuesta`);
    await page.route("**/encuesta.data*", (route) =>
      answer ? route.fulfill(answer) : route.abort("internetdisconnected"),
    );
    const traffic = await watchDocument(page);
    await page.getByLabel("Tu email").fill("carla@example.com");
    await page.getByRole("checkbox", { name: /^Acepto que Opinion Labz/ }).check();
    await backdateFormStart(page);
    await page.getByRole("button", { name: "Avisarme cuando esté listo" }).click();
    await expect.poll(async () => page.getByTestId("notify-status").textContent()).toContain(message);
    expect(traffic.documentLoads).toEqual([]);
    expect(await traffic.stayed()).toBe(true);
    expect(await page.getByLabel("Tu email").inputValue()).toBe("carla@example.com");
    expect(await page.getByRole("checkbox", { name: /^Acepto que Opinion Labz/ }).isChecked()).toBe(true);
    expect(await page.getByRole("button", { name: "Avisarme cuando esté listo" }).isEnabled()).toBe(true);
    // The answer comes alone: no data request after it that could fail where it did.
    expect(traffic.requests).toEqual([expect.stringMatching(/^POST .*\/encuesta\.data$/)]);
    expect(unexpected()).toEqual([]);
    await context.close();
  });

  it("signs up without JavaScript: a plain POST, and the page comes back with the answer", async () => {
    const { page, context, problems } = await openPage(site.browser, viewport, { javaScriptEnabled: false });
    await page.goto(`${site.app.origin}/encuesta`);
    await page.getByLabel("Tu email").fill(`bruno-${viewport}@example.com`);
    await page.getByRole("checkbox", { name: /^Acepto que Opinion Labz/ }).check();
    await backdateFormStart(page);
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.request().method() === "POST"),
      page.getByRole("button", { name: "Avisarme cuando esté listo" }).click(),
    ]);
    expect(response.status()).toBe(200);
    await page.waitForLoadState();
    expect(await page.getByTestId("notify-status").textContent()).toContain("te llega un email");
    expect(withoutBlockedScripts(problems)).toEqual([]);
    await context.close();
  });

  it("without JavaScript, a missing consent is a 400 with the typed address kept", async () => {
    const { page, context } = await openPage(site.browser, viewport, {
      javaScriptEnabled: false,
      expectProblems: BAD_REQUEST,
    });
    await page.goto(`${site.app.origin}/encuesta`);
    await page.getByLabel("Tu email").fill("carla@example.com");
    await backdateFormStart(page);
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.request().method() === "POST"),
      page.getByRole("button", { name: "Avisarme cuando esté listo" }).click(),
    ]);
    expect(response.status()).toBe(400);
    await page.waitForLoadState();
    expect(await page.getByTestId("notify-status").textContent()).toContain("marcá la casilla");
    expect(await page.getByLabel("Tu email").inputValue()).toBe("carla@example.com");
    await context.close();
  });
});
