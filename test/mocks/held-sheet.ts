import { http, HttpResponse } from "msw";
import { startSheetServer, type SheetServer } from "./sheet-server";
import { SAMPLE_SHEET } from "./sheets";

export interface HeldSheet {
  sheets: SheetServer;
  /** The sheet's URL: it answers the sample sheet once released, never before. */
  url: string;
  /** Requests the sheet received so far. */
  hits: () => number;
  release: () => void;
}

/**
 * A sheet on loopback that answers only when the test says so, so that a page waiting on it
 * stays in flight however busy the machine is (shutdown tests).
 */
export async function startHeldSheet(): Promise<HeldSheet> {
  const path = "/sheet/held.csv";
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const sheets = await startSheetServer({
    handlers: [
      http.get(`*${path}`, async () => {
        await released;
        return new HttpResponse(SAMPLE_SHEET, { headers: { "content-type": "text/csv; charset=utf-8" } });
      }),
    ],
  });
  return { sheets, url: sheets.url(path), hits: () => sheets.hits(path), release };
}
