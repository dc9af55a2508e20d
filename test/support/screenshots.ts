/**
 * Full-page screenshots of the built site at both widths, with JavaScript on and off:
 *   npx tsx test/support/screenshots.ts / /sorteos
 * Files land in .screenshots/ (ignored by git). Set MOCK_SHEET to pick a sheet scenario.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { sheetPath, type SheetScenario } from "../mocks/handlers";
import { startSheetServer } from "../mocks/sheet-server";
import { ROOT, startAppServer } from "./app-server";
import { launchBrowser, openPage, VIEWPORTS, type ViewportName } from "./browser";

const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["/", "/sorteos", "/encuesta", "/no-existe"];
const outDir = path.join(ROOT, ".screenshots");
mkdirSync(outDir, { recursive: true });

const sheets = await startSheetServer();
const app = await startAppServer({
  PARTICIPANTS_CSV_URL: sheets.url(sheetPath((process.env.MOCK_SHEET ?? "ok") as SheetScenario)),
});
const browser = await launchBrowser();
try {
  for (const urlPath of paths) {
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      for (const javaScriptEnabled of [true, false]) {
        const { page, context, problems } = await openPage(browser, viewport, { javaScriptEnabled });
        await page.goto(`${app.origin}${urlPath}`, { waitUntil: "networkidle" });
        // Let reveal-on-scroll finish for everything, as a reader scrolling down would see it.
        // Without JavaScript nothing reveals, and page timers never fire, so this would hang.
        if (javaScriptEnabled) await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 400) {
            // Instant: the site's smooth scrolling would otherwise leave the page near the top.
            window.scrollTo({ top: y, behavior: "instant" });
            await new Promise((resolve) => setTimeout(resolve, 60));
          }
          window.scrollTo({ top: 0, behavior: "instant" });
          await new Promise((resolve) => setTimeout(resolve, 700));
        });
        const name = `${urlPath.replace(/\W+/g, "_") || "_"}-${viewport}-${javaScriptEnabled ? "js" : "nojs"}.png`;
        await page.screenshot({ path: path.join(outDir, name), fullPage: true });
        console.log(name, problems.length > 0 ? problems : "");
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await app.stop();
  await sheets.close();
}
