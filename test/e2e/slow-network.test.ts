import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPage } from "../support/browser";
import { recordLayoutShifts } from "../support/layout-shifts";
import { useSiteUnderTest } from "../support/site-under-test";
import { startSlowDocumentProxy, type SlowDocumentProxy } from "../support/slow-document-proxy";

const site = useSiteUnderTest({ sheet: "ok" });
let proxy: SlowDocumentProxy;

beforeAll(async () => {
  proxy = await startSlowDocumentProxy(site.app.origin);
});
afterAll(async () => {
  await proxy?.close();
});

// A page that arrives a piece at a time is painted half-parsed many times over; nothing
// already on screen may move when the rest arrives (an element centred on, or sized by,
// content further down the document does).
describe.each([320, 390, 768, 1024, 1440, 1920])("a page arriving slowly at %i px", (width) => {
  it.each(["/", "/sorteos", "/encuesta", "/pagina-que-no-existe"])(
    "%s does not shift while it arrives and hydrates",
    async (path) => {
      const { page, context } = await openPage(site.browser, width, { reducedMotion: "no-preference" });
      const layoutShifts = await recordLayoutShifts(page);
      // The 404 page's console log (the spec's) comes from an effect, once hydration commits:
      // on a busy machine, after the shifts are read.
      const notFoundLogged =
        path === "/pagina-que-no-existe"
          ? page.waitForEvent("console", (message) => message.text().startsWith("404 Error:"))
          : undefined;
      await page.goto(`${proxy.origin}${path}`);
      expect(await layoutShifts()).toEqual([]);
      await notFoundLogged;
      await context.close();
    },
  );
});

// The draw notices' opt-in as a piece may leave it: its label cut before each of its tags. A space
// left as a text node of its own, last in what had arrived, shifted when the rest came (CI,
// 2026-11-28, /encuesta at 1920 px).
describe("the draw notices' opt-in, the document cut at each of its tags", () => {
  let cutProxy: SlowDocumentProxy;
  beforeAll(async () => {
    cutProxy = await startSlowDocumentProxy(site.app.origin, {
      endPiecesBetween: ["Avisarme de cada sorteo", "</label>"],
    });
  });
  afterAll(async () => {
    await cutProxy?.close();
  });

  it.each([390, 1440])("/encuesta does not shift at %i px", async (width) => {
    expect(await (await fetch(`${site.app.origin}/encuesta`)).text()).toContain("Avisarme de cada sorteo");
    const { page, context } = await openPage(site.browser, width, { reducedMotion: "no-preference" });
    const layoutShifts = await recordLayoutShifts(page);
    await page.goto(`${cutProxy.origin}/encuesta`);
    expect(await layoutShifts()).toEqual([]);
    await context.close();
  });
});
