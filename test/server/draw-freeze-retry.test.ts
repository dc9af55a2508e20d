/**
 * A draw whose list cannot be frozen at its instant (here: no valid entry dated in the month's
 * window) is tried again a minute later, not on every request: each try loads the whole sheet
 * from upstream, and /sorteos asks on every render (docs/draw.md, "The month's entries"). The
 * server's clock is moved past the draw instant; the page answers throughout.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server";
import { nextDrawAfter } from "../support/draw-command";

const REFUSED = "[draw] No se pudieron llevar los sorteos a tiempo";
const refusals = (app: AppServer) => app.output().split(REFUSED).length - 1;

describe("a freeze the sheet cannot give", () => {
  let app: AppServer;
  let sheetDir: string;

  beforeAll(async () => {
    sheetDir = mkdtempSync(path.join(tmpdir(), "freeze-retry-"));
    // Valid rows, all dated years before any window the test's draw could have.
    writeFileSync(
      path.join(sheetDir, "sheet.csv"),
      "nombre,pais,id,fecha\nAna Pérez,Argentina,OL-1,2020-01-06\nBeto Ruiz,Chile,OL-2,2020-01-07\n",
    );
    app = await startAppServer({ PARTICIPANTS_CSV_URL: path.join(sheetDir, "sheet.csv") }, { movableClock: true });
  });
  afterAll(async () => {
    await app?.stop();
    rmSync(sheetDir, { recursive: true, force: true });
  });

  it("is tried once, then again only a minute later, while /sorteos keeps answering", async () => {
    const sorteos = async () => expect((await fetch(`${app.origin}/sorteos`)).status).toBe(200);
    await sorteos();
    expect(refusals(app)).toBe(0);

    // A minute past the draw instant: the first page freezes, or tries to. (The log comes
    // through a pipe, in order, and may land just after the page: it is polled for.)
    await app.advanceClock(nextDrawAfter(new Date()).getTime() - Date.now() + 60_000);
    await sorteos();
    await expect.poll(() => refusals(app)).toBe(1);
    expect(app.output()).toContain(
      "la planilla no tiene participaciones válidas con fecha dentro de los días de este sorteo (2 fuera de esos días",
    );
    // Within the minute, no other try: five pages now, and one 50 s later (the pages themselves
    // take far less than the 10 s left).
    for (let request = 0; request < 5; request += 1) await sorteos();
    await app.advanceClock(50_000);
    await sorteos();
    // A minute after the first try, the next one.
    await app.advanceClock(10_000);
    await sorteos();
    await expect.poll(() => refusals(app)).toBeGreaterThanOrEqual(2);
    // Everything logged before it has arrived: two tries for eight pages.
    expect(refusals(app)).toBe(2);
  });
});
