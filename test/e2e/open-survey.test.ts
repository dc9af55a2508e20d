/**
 * /encuesta with a survey open (SURVEY_URL) and without, in a real Chromium at 390 and
 * 1440 px, JavaScript on and off: the open survey leads, with one link to it and the waitlist
 * below; without one, the spec's coming-soon page. /sorteos promises "ya estás adentro" only
 * while a survey is open.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server";
import { axeViolations, gotoHydrated, openPage, sharedBrowser } from "../support/browser";

const SURVEY_URL = "https://encuestas.example/diciembre?origen=opinionlabz";

let open: AppServer;
let closed: AppServer;
let browser: Browser;

beforeAll(async () => {
  [open, closed, browser] = await Promise.all([startAppServer({ SURVEY_URL }), startAppServer({}), sharedBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([open?.stop(), closed?.stop()]);
});

describe.each([390, 1440])("at %i px", (width) => {
  describe.each([true, false])("JavaScript %s", (javaScriptEnabled) => {
    const visit = async (app: AppServer, path: string) => {
      const watched = await openPage(browser, width, { javaScriptEnabled });
      if (javaScriptEnabled) await gotoHydrated(watched.page, `${app.origin}${path}`);
      else await watched.page.goto(`${app.origin}${path}`);
      return watched;
    };

    it("leads /encuesta with the open survey, one link to it, and keeps the waitlist form below", async () => {
      const { page, context } = await visit(open, "/encuesta");
      expect(await page.title()).toBe("Encuesta abierta | Opinion Labz");
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("La encuesta está abierta");
      const links = page.getByRole("link", { name: "Responder la encuesta" });
      expect(await links.count()).toBe(1);
      expect(await links.getAttribute("href")).toBe(SURVEY_URL);
      expect(await links.isVisible()).toBe(true);
      expect(await page.getByText("quedás adentro del sorteo de este mes").isVisible()).toBe(true);
      // The waitlist comes after the survey, for the next ones.
      const link = (await links.boundingBox())!;
      const form = (await page.getByTestId("notify-form").boundingBox())!;
      expect(form.y).toBeGreaterThan(link.y + link.height);
      // With a survey open, the waitlist is for the next one: nothing says the surveys are not ready.
      expect(await page.getByRole("button", { name: "Avisarme de la próxima encuesta" }).isVisible()).toBe(true);
      expect(await page.getByText("cuando abra la próxima encuesta").isVisible()).toBe(true);
      expect(await page.getByText("Avisarme cuando esté listo").count()).toBe(0);
      expect(await page.getByText("Próximamente").count()).toBe(0);
      // axe runs as a script in the page: the JavaScript-on pass checks the same markup.
      if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });

    it("is the spec's coming-soon page while no survey is open", async () => {
      const { page, context } = await visit(closed, "/encuesta");
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Próximamente");
      expect(await page.getByRole("link", { name: "Responder la encuesta" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Avisarme cuando esté listo" }).isVisible()).toBe(true);
      // axe runs as a script in the page: the JavaScript-on pass checks the same markup.
      if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  });
});

describe("/sorteos", () => {
  it("says a person who answered is in only while a survey is open, and how to enter otherwise", async () => {
    const texts: Record<string, string> = {};
    for (const [name, app] of [
      ["open", open],
      ["closed", closed],
    ] as const) {
      const response = await fetch(`${app.origin}/sorteos`);
      texts[name] = await response.text();
    }
    expect(texts.open).toContain("Con la encuesta respondida ya estás adentro.");
    expect(texts.open).not.toContain("Todavía no hay una encuesta abierta");
    expect(texts.closed).toContain(
      "Todavía no hay una encuesta abierta: anotate en la página de la encuesta y te avisamos cuando abra.",
    );
    expect(texts.closed).not.toContain("ya estás adentro.");
    // Every call to action still goes through /encuesta.
    for (const html of Object.values(texts)) expect(html).not.toContain(`href="${SURVEY_URL}"`);
  });
});
