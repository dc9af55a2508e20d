import { spawn } from "node:child_process";
import { SHEET_SCENARIOS, sheetPath, type SheetScenario } from "./handlers";
import { startSheetServer } from "./sheet-server";

/**
 * `npm run dev`: the Remix dev server against the mocked spreadsheet, no network needed.
 * MOCK_SHEET picks the scenario (ok, 500, html, hang, …) so each state can be seen in a browser.
 */
const scenario = (process.env.MOCK_SHEET ?? "ok") as SheetScenario;
if (!(scenario in SHEET_SCENARIOS)) {
  console.error(`MOCK_SHEET must be one of: ${Object.keys(SHEET_SCENARIOS).join(", ")}`);
  process.exit(1);
}

const sheets = await startSheetServer();
const sheetUrl = sheets.url(sheetPath(scenario));
console.log(`[mock sheet] ${scenario}: ${SHEET_SCENARIOS[scenario]} at ${sheetUrl}`);

const remix = spawn("npx", ["remix", "dev"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "development", PARTICIPANTS_CSV_URL: sheetUrl },
});
const stop = () => remix.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
remix.on("exit", async (code) => {
  await sheets.close();
  process.exit(code ?? 0);
});
