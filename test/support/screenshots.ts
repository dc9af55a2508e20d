/**
 * Full-page screenshots of the built site at every width, with JavaScript on and off:
 *   npx tsx test/support/screenshots.ts / /sorteos
 * Files land in .screenshots/ (ignored by git). Set MOCK_SHEET to pick a sheet scenario,
 * WIDTHS (e.g. "390,1024") to take fewer widths, JS=on or JS=off for one mode only, PARTS=1
 * to also cut each page into slices small enough to read.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { sheetPath, type SheetScenario } from "../mocks/handlers";
import { startSheetServer } from "../mocks/sheet-server";
import { ROOT, startAppServer } from "./app-server";
import { launchBrowser, openPage, SCREEN_WIDTHS } from "./browser";

const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["/", "/sorteos", "/encuesta", "/no-existe"];
const widths = process.env.WIDTHS ? process.env.WIDTHS.split(",").map(Number) : [...SCREEN_WIDTHS];
const scriptModes = process.env.JS === "on" ? [true] : process.env.JS === "off" ? [false] : [true, false];
const outDir = path.join(ROOT, ".screenshots");
mkdirSync(outDir, { recursive: true });

const sheets = await startSheetServer();
const app = await startAppServer({
  PARTICIPANTS_CSV_URL: sheets.url(sheetPath((process.env.MOCK_SHEET ?? "ok") as SheetScenario)),
});
const browser = await launchBrowser();
try {
  for (const urlPath of paths) {
    for (const viewport of widths) {
      for (const javaScriptEnabled of scriptModes) {
        const { page, context, problems } = await openPage(browser, viewport, {
          javaScriptEnabled,
          checkedByCaller: true,
        });
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
        const name = `${urlPath.replace(/\W+/g, "_") || "_"}-${viewport}-${javaScriptEnabled ? "js" : "nojs"}.png`;
        await page.screenshot({ path: path.join(outDir, name), fullPage: true });
        if (process.env.PARTS) {
          // A tall page shrinks to nothing in an image viewer: also cut it into readable slices.
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          const width = page.viewportSize()!.width;
          const slice = Math.max(900, width);
          for (let top = 0, part = 1; top < height; top += slice, part++) {
            await page.screenshot({
              path: path.join(outDir, name.replace(/\.png$/, `-part${part}.png`)),
              fullPage: true,
              clip: { x: 0, y: top, width, height: Math.min(slice, height - top) },
            });
          }
        }
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
