import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatDrawDate } from "~/lib/draw/countdown";
import { nextDrawAt } from "~/lib/draw/next-draw";
import {
  axeViolations,
  openPage,
  VIEWPORTS,
  withoutBlockedScripts,
  type ViewportName,
  gotoHydrated,
  hydrated,
  useSharedPage,
} from "../support/browser";
import { useSiteUnderTest } from "../support/site-under-test";

const site = useSiteUnderTest({ sheet: "ok" });

const DAY_MS = 86_400_000;
const UNITS = ["days", "hours", "minutes", "seconds"] as const;

async function countdownDigits(page: Page): Promise<Record<(typeof UNITS)[number], string>> {
  const entries = await Promise.all(
    UNITS.map(
      async (unit) => [unit, (await page.locator(`[data-unit="${unit}"]`).textContent())?.trim() ?? ""] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<(typeof UNITS)[number], string>;
}

function totalSeconds(digits: Record<(typeof UNITS)[number], string>): number {
  return (
    ((Number(digits.days) * 24 + Number(digits.hours)) * 60 + Number(digits.minutes)) * 60 + Number(digits.seconds)
  );
}

const SECTION_HEADINGS = [
  "Participantes actuales",
  "Participar es muy simple",
  "Ganadores anteriores",
  "Verificalo vos",
  "Preguntas frecuentes",
  "¿Y si este mes te toca a vos?",
];

/** The countdown's box, its vertical position measured from the top of its section. */
async function timerBoxInSection(page: Page) {
  const box = await page.getByRole("timer").boundingBox();
  const main = await page.locator("main section").first().boundingBox();
  return box && main ? { ...box, y: box.y - main.y } : null;
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])("/sorteos sections at %s", (viewport) => {
  // The tests that load /sorteos and read or click it share a page, with JavaScript and without;
  // those that set the browser's clock open their own.
  const withJavaScript = useSharedPage(() => site.browser, viewport);
  const withoutJavaScript = useSharedPage(() => site.browser, viewport, { javaScriptEnabled: false });

  it("shows every section in order, without console problems or axe violations", async () => {
    const { page, problems } = await withJavaScript();
    await gotoHydrated(page, `${site.app.origin}/sorteos`);
    const headings = await page.locator("main h1, main h2").allTextContents();
    expect(headings[0]).toContain("Sorteo mensual");
    expect(headings.slice(1).map((text) => text.trim())).toEqual(SECTION_HEADINGS);
    expect(await page.getByText("Los sorteos se realizan el primer lunes de cada mes").isVisible()).toBe(true);
    expect(await page.locator("main a", { hasText: "Quiero participar" }).getAttribute("href")).toBe("/encuesta");
    expect(await page.locator("main a", { hasText: "Respondé una encuesta" }).getAttribute("href")).toBe("/encuesta");
    expect(await page.locator("#ganadores-anteriores h3").allTextContents()).toHaveLength(4);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("counts down every second to the next draw", async () => {
    const { page, problems } = await withJavaScript();
    await page.goto(`${site.app.origin}/sorteos`);
    await page.locator('[data-testid="countdown"][data-ready="true"]').waitFor();

    const first = await countdownDigits(page);
    for (const value of Object.values(first)) expect(value).toMatch(/^\d{2}$/);
    const expected = Math.ceil((nextDrawAt(Date.now()).getTime() - Date.now()) / 1000);
    expect(Math.abs(totalSeconds(first) - expected)).toBeLessThanOrEqual(3);

    await expect
      .poll(async () => (await countdownDigits(page)).seconds, { timeout: 2500, interval: 100 })
      .not.toBe(first.seconds);
    const later = await countdownDigits(page);
    expect(totalSeconds(later)).toBeLessThan(totalSeconds(first));
    expect(totalSeconds(later)).toBeGreaterThan(0);

    const drawDate = await page.getByTestId("draw-date").textContent();
    expect(drawDate).toMatch(/^lunes \d{1,2} de [a-z]+, 12:00 \(hora de Argentina\)$/);
    expect(await page.getByRole("timer").getAttribute("aria-live")).toBe("off");
    expect(problems).toEqual([]);
  });

  it("says the draw's time on the visitor's clock beside Argentina's once hydrated, and nothing more in Argentina", async () => {
    const drawAt = nextDrawAt(Date.now());
    const madrid = new Intl.DateTimeFormat("es", {
      timeZone: "Europe/Madrid",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(drawAt);
    for (const [timezoneId, expected] of [
      ["Europe/Madrid", `${madrid} en tu hora`],
      ["America/Argentina/Buenos_Aires", ""],
    ] as const) {
      const { page, context, problems } = await openPage(site.browser, 390, { timezoneId });
      // The server's HTML, before any script: Argentina's time, and an empty line kept for the visitor's.
      const html = await (await fetch(`${site.app.origin}/sorteos`)).text();
      expect(html).toMatch(/data-testid="local-time"[^>]*><\/span>/);
      await page.goto(`${site.app.origin}/sorteos`);
      await hydrated(page);
      const card = page.getByTestId("countdown").locator("..");
      await expect.poll(() => card.getByTestId("local-time").textContent()).toBe(expected);
      expect(await page.getByTestId("draw-date").textContent()).toBe(`${formatDrawDate(drawAt)} (hora de Argentina)`);
      // The line had its height before: the timer did not move when the time arrived.
      expect(await card.getByTestId("local-time").evaluate((line) => line.getBoundingClientRect().height)).toBe(20);
      expect(problems, timezoneId).toEqual([]);
      await context.close();
    }
  });

  it("stops at zero when the draw arrives instead of going negative", async () => {
    const { page, context, problems } = await openPage(site.browser, viewport);
    // The December 2026 draw is at 15:00 UTC (12:00 in Buenos Aires).
    await page.clock.install({ time: new Date("2026-12-07T14:59:40Z") });
    await page.goto(`${site.app.origin}/sorteos`);
    await page.locator('[data-testid="countdown"][data-ready="true"]').waitFor();
    await page.clock.pauseAt(new Date("2026-12-07T14:59:57Z"));
    expect(await countdownDigits(page)).toEqual({ days: "00", hours: "00", minutes: "00", seconds: "03" });
    expect(await page.getByTestId("draw-date").textContent()).toBe("lunes 7 de diciembre, 12:00 (hora de Argentina)");

    await page.clock.runFor(2000);
    expect((await countdownDigits(page)).seconds).toBe("01");
    await page.clock.runFor(1000);
    expect(await countdownDigits(page)).toEqual({ days: "00", hours: "00", minutes: "00", seconds: "00" });
    await page.clock.runFor(10_000);
    expect(await countdownDigits(page)).toEqual({ days: "00", hours: "00", minutes: "00", seconds: "00" });
    expect(await page.getByTestId("draw-date").textContent()).toContain("lunes 7 de diciembre");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("follows the visitor's clock when it disagrees with the server's, without a hydration error", async () => {
    const { page, context, problems } = await openPage(site.browser, viewport);
    // The browser's clock is 40 days off, so it expects another draw than the server rendered.
    // Staying in the server's year keeps the footer's copyright year (not this test's subject) equal.
    const now = Date.now();
    const shifted = new Date(now + 40 * DAY_MS).getUTCFullYear() === new Date(now).getUTCFullYear() ? 40 : -40;
    const browserNow = now + shifted * DAY_MS;
    const browserDraw = nextDrawAt(browserNow);
    expect(browserDraw.getTime()).not.toBe(nextDrawAt(now).getTime());
    await page.clock.install({ time: browserNow });
    await page.goto(`${site.app.origin}/sorteos`);
    await page.locator('[data-testid="countdown"][data-ready="true"]').waitFor();
    expect(await page.getByTestId("draw-date").textContent()).toBe(
      `${formatDrawDate(browserDraw)} (hora de Argentina)`,
    );
    // Against the page's own clock, read just after the digits: never ahead of it, and behind by
    // no more than a busy machine's late ticks (the ticking itself is the test above's, on a
    // paused clock). The server's clock is 40 days away: half a minute tells the two apart.
    const shown = totalSeconds(await countdownDigits(page));
    const left = Math.ceil((browserDraw.getTime() - (await page.evaluate(() => Date.now()))) / 1000);
    expect(shown).toBeGreaterThanOrEqual(left - 1);
    expect(shown).toBeLessThanOrEqual(left + 30);
    await hydrated(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([true, false])(
    "keeps at most one FAQ answer open, and lets it close (JavaScript %s)",
    async (javaScriptEnabled) => {
      const { page } = await (javaScriptEnabled ? withJavaScript() : withoutJavaScript());
      if (javaScriptEnabled) await gotoHydrated(page, `${site.app.origin}/sorteos`);
      else await page.goto(`${site.app.origin}/sorteos`);
      const items = page.locator('[data-testid="faq"] details');
      expect(await items.count()).toBeGreaterThanOrEqual(8);
      const openStates = () =>
        items.evaluateAll((elements) => elements.map((element) => (element as HTMLDetailsElement).open));
      expect((await openStates()).some(Boolean)).toBe(false);

      await items.nth(0).locator("summary").click();
      expect((await openStates()).map(Number).join("")).toMatch(/^10+$/);
      expect(await items.nth(0).locator("p").isVisible()).toBe(true);

      await items.nth(2).locator("summary").click();
      expect((await openStates()).map(Number).join("")).toMatch(/^0010+$/);
      expect(await items.nth(0).locator("p").isVisible()).toBe(false);

      await items.nth(2).locator("summary").click();
      expect((await openStates()).some(Boolean)).toBe(false);
    },
  );

  it("covers every FAQ rule of the spec", async () => {
    const { page } = await withJavaScript();
    await page.goto(`${site.app.origin}/sorteos`);
    const text = (await page.locator('[data-testid="faq"]').textContent()) ?? "";
    for (const rule of [
      "una participación por persona por mes",
      "por email",
      "30 días",
      "nuevo sorteo entre el resto de los participantes",
      "gratis",
      "Argentina, México, Colombia, Chile, Perú, Uruguay, Paraguay, España y otros países de habla hispana",
      "24 horas",
      "inicial del apellido",
      "primer lunes de cada mes a las 12:00 (hora de Argentina)",
    ]) {
      expect(text).toContain(rule);
    }
  });

  it("shows the fixed participation bar only on small screens, never over the last content", async () => {
    const { page, problems } = await withJavaScript();
    await gotoHydrated(page, `${site.app.origin}/sorteos`);
    const bar = page.getByTestId("mobile-cta-bar");
    if (viewport === "desktop") {
      expect(await bar.isVisible()).toBe(false);
      expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe("0px");
      return;
    }
    expect(await bar.isVisible()).toBe(true);
    // The spec's words, as the spec quotes them.
    expect(await bar.textContent()).toContain("Sorteo $200 USD");
    expect(await bar.textContent()).toContain("2 min - Gratis");
    expect(await bar.getByRole("link", { name: "Participar" }).getAttribute("href")).toBe("/encuesta");

    await page.mouse.wheel(0, 100_000);
    const overlap = async () =>
      page.evaluate(() => {
        const barTop = document.querySelector('[data-testid="mobile-cta-bar"]')!.getBoundingClientRect().top;
        const ctaBottom = document.querySelector('[data-testid="final-cta"] a')!.getBoundingClientRect().bottom;
        const footerBottom = document.querySelector("footer")!.getBoundingClientRect().bottom;
        const atBottom = Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
        return { atBottom, cta: ctaBottom <= barTop, footer: footerBottom <= barTop + 0.5 };
      });
    await expect.poll(overlap, { timeout: 5000 }).toEqual({ atBottom: true, cta: true, footer: true });
    expect(problems).toEqual([]);
  });

  it("reads fine without JavaScript: the time left at render time in fixed-size boxes, every section visible", async () => {
    const withJs = await withJavaScript();
    await withJs.page.goto(`${site.app.origin}/sorteos`);
    await withJs.page.locator('[data-testid="countdown"][data-ready="true"]').waitFor();
    const liveBox = await timerBoxInSection(withJs.page);

    const { page, problems } = await withoutJavaScript();
    const requestedAt = Date.now();
    await page.goto(`${site.app.origin}/sorteos`);
    const digits = await countdownDigits(page);
    for (const value of Object.values(digits)) expect(value).toMatch(/^\d{2}$/);
    // The server's count at the instant it rendered the document for (which a stored page
    // keeps for at most a minute), and that instant's draw.
    const renderedAt = Number(await page.locator("html").getAttribute("data-render-instant"));
    expect(Math.abs(renderedAt - requestedAt)).toBeLessThan(65_000);
    expect(totalSeconds(digits)).toBe(Math.ceil((nextDrawAt(renderedAt).getTime() - renderedAt) / 1000));
    expect(Number(await page.getByTestId("stat-days").textContent())).toBe(Number(digits.days));
    expect(await page.getByTestId("draw-date").textContent()).toBe(
      `${formatDrawDate(nextDrawAt(renderedAt))} (hora de Argentina)`,
    );
    // The server's digits occupy exactly the space of the live ones: no layout shift on mount.
    // (Measured within the section: without JavaScript a phone's header has an extra row of links.)
    expect(await timerBoxInSection(page)).toEqual(liveBox);
    for (const heading of SECTION_HEADINGS) {
      expect(await page.getByRole("heading", { name: heading }).isVisible()).toBe(true);
    }
    expect(withoutBlockedScripts(problems)).toEqual([]);
  });
});
