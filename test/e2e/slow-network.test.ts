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
