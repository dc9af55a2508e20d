import { spawn } from "node:child_process";
import { flakySheet, SHEET_SCENARIOS, sheetPath, type SheetScenario } from "./handlers";
import { startSheetServer, type SheetServer } from "./sheet-server";

/**
^ * `npm run dev`: the Remix dev server, behind serve.js's edge as in production. With PARTICIPANTS_CSV_URL set it reads that sheet;
 * otherwise a mocked spreadsheet on loopback (no network needed), whose scenario MOCK_SHEET
 * picks (ok, slow, flaky, 500, html, hang, …) so each state of the pages can be seen.
 */
const FLAKY_GOOD_MS = 30_000;
const FLAKY_FAILING_MS = 60_000;

async function mockedSheetUrl(): Promise<{ url: string; sheets: SheetServer }> {
  const scenario = (process.env.MOCK_SHEET ?? "ok") as SheetScenario;
  if (!(scenario in SHEET_SCENARIOS)) {
    console.error(`MOCK_SHEET must be one of: ${Object.keys(SHEET_SCENARIOS).join(", ")}`);
    process.exit(1);
  }
  const sheets = await startSheetServer();
  const url = sheets.url(sheetPath(scenario));
  console.log(`[sheet] mocked, MOCK_SHEET=${scenario}: ${SHEET_SCENARIOS[scenario]} (${url})`);
  if (scenario === "flaky") cycleFlakySheet();
  return { url, sheets };
}

/** Good, then failing, then good again, on repeat, saying each change in the log. */
function cycleFlakySheet(): void {
  const switchAfter = (ms: number) =>
    setTimeout(() => {
      flakySheet.failing = !flakySheet.failing;
      console.log(`[sheet] flaky: ${flakySheet.failing ? "now answering HTTP 500" : "recovered"}`);
      switchAfter(flakySheet.failing ? FLAKY_FAILING_MS : FLAKY_GOOD_MS);
    }, ms).unref();
  switchAfter(FLAKY_GOOD_MS);
}

const configuredUrl = process.env.PARTICIPANTS_CSV_URL;
let sheets: SheetServer | undefined;
let sheetUrl: string;
if (configuredUrl) {
  if (process.env.MOCK_SHEET) console.warn("[sheet] MOCK_SHEET is ignored: PARTICIPANTS_CSV_URL is set");
  console.log("[sheet] real: PARTICIPANTS_CSV_URL is set, mocks are off");
  sheetUrl = configuredUrl;
} else {
  ({ url: sheetUrl, sheets } = await mockedSheetUrl());
}

// The app runs behind the same edge as in production (serve.js), from the build remix dev makes:
// the edge of its first build stays in front while the app's files change. The proof-of-work
// widget's files are copied into that build first, as `npm run build` does.
const serve = "node other/copy-proof-widget.js public/build && node serve.js ./build/index.js";
const remix = spawn("npx", ["remix", "dev", "-c", serve], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "development", PARTICIPANTS_CSV_URL: sheetUrl },
});
const stop = () => remix.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
remix.on("exit", async (code) => {
  await sheets?.close();
  process.exit(code ?? 0);
});
