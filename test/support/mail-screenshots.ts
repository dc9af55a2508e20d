/**
 * Every mail the site sends, as a mail client shows it, light and dark:
 *   npx tsx test/support/mail-screenshots.ts
 * Renders the sample mails (test/support/sample-mails.ts) with their templates and takes
 * full-length screenshots at 320, 390 and 1024 px into .screenshots/mails/ (ignored by git);
 * WIDTHS (e.g. "390") to take fewer. The logo comes from public/, as the site serves it.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./app-server";
import { launchBrowser, openPage } from "./browser";
import { renderSampleMails, SAMPLE_SITE_URL } from "./sample-mails";

const widths = process.env.WIDTHS ? process.env.WIDTHS.split(",").map(Number) : [320, 390, 1024];
const outDir = path.join(ROOT, ".screenshots/mails");
mkdirSync(outDir, { recursive: true });

const mails = await renderSampleMails();
const browser = await launchBrowser();
try {
  const { page, context } = await openPage(browser, 390, { checkedByCaller: true });
  await page.route(`${SAMPLE_SITE_URL}/**`, (route) =>
    route.fulfill({ path: path.join(ROOT, "public", new URL(route.request().url()).pathname) }),
  );
  for (const [name, mail] of Object.entries(mails)) {
    writeFileSync(path.join(outDir, `${name}.txt`), `Asunto: ${mail.subject}\n\n${mail.text}\n`);
    await page.setContent(mail.html, { waitUntil: "load" });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        const file = path.join(outDir, `${name}-${scheme}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(path.relative(ROOT, file));
      }
    }
  }
  await context.close();
} finally {
  await browser.close();
}
