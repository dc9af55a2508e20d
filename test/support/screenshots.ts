/**
 * Full-page screenshots of the built site at both widths, with JavaScript on and off:
 *   npx tsx test/support/screenshots.ts / /sorteos
 * Files land in .screenshots/ (ignored by git). Set MOCK_SHEET to pick a sheet scenario,
 * SCREENSHOT_WIDTHS (e.g. 320,390,768,1024,1440,1920) for other widths: below 768 px as a
 * phone, from 768 px as a desktop browser.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { sheetPath, type SheetScenario } from "../mocks/handlers";
import { startSheetServer } from "../mocks/sheet-server";
import { ROOT, startAppServer } from "./app-server";
import { launchBrowser, openPage, VIEWPORTS, type ViewportName } from "./browser";

const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["/", "/sorteos", "/encuesta", "/no-existe"];
const outDir = path.join(ROOT, ".screenshots");
const sizes = process.env.SCREENSHOT_WIDTHS
  ? process.env.SCREENSHOT_WIDTHS.split(",").map((width) => ({
      name: `${Number(width)}px`,
      viewport: (Number(width) < 768 ? "mobile" : "desktop") as ViewportName,
      width: Number(width),
    }))
  : (Object.keys(VIEWPORTS) as ViewportName[]).map((viewport) => ({
      name: viewport,
      viewport,
      width: VIEWPORTS[viewport].width,
    }));
mkdirSync(outDir, { recursive: true });

const sheets = await startSheetServer();
const app = await startAppServer({
  PARTICIPANTS_CSV_URL: sheets.url(sheetPath((process.env.MOCK_SHEET ?? "ok") as SheetScenario)),
});
const browser = await launchBrowser();
try {
  for (const urlPath of paths) {
    for (const { name: sizeName, viewport, width } of sizes) {
      for (const javaScriptEnabled of [true, false]) {
        const { page, context, problems } = await openPage(browser, viewport, { javaScriptEnabled });
        await page.setViewportSize({ width, height: VIEWPORTS[viewport].height });
        await page.goto(`${app.origin}${urlPath}`, { waitUntil: "networkidle" });
        // Let reveal-on-scroll finish for everything, as a reader scrolling down would see it.
        // Without JavaScript nothing is hidden, and page timers never fire (the loop would hang).
        // Instant scrolling: the site's smooth scrolling would restart on every step and never get far.
        if (javaScriptEnabled) {
          await page.evaluate(async () => {
            for (let y = 0; y < document.body.scrollHeight; y += 400) {
              window.scrollTo({ top: y, behavior: "instant" });
              await new Promise((resolve) => setTimeout(resolve, 60));
            }
            window.scrollTo({ top: 0, behavior: "instant" });
            await new Promise((resolve) => setTimeout(resolve, 700));
          });
        }
        const name = `${urlPath.replace(/\W+/g, "_") || "_"}-${sizeName}-${javaScriptEnabled ? "js" : "nojs"}.png`;
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
