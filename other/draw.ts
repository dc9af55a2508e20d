/**
 * `npm run draw -- run --beacon <hex>` | `redraw --beacon <hex>` | `status`: the month's draw,
 * against the database the environment names (DATABASE_URL, else the embedded file under
 * DATA_DIR), while the server runs (docs/operations.md, "Draw day"). Prints what it recorded;
 * a refused command prints why, records nothing and exits with status 2.
 */

import { argv, exit, stdout } from "node:process";

const USAGE = "usage: npm run draw -- run --beacon <randomness> | redraw --beacon <randomness> | status";

const [command, ...rest] = argv.slice(2);
const beaconAt = rest.indexOf("--beacon");
const beacon = beaconAt >= 0 ? rest[beaconAt + 1] : undefined;
if (!(command === "status" || ((command === "run" || command === "redraw") && beacon))) {
  console.error(USAGE);
  exit(64);
}

// Before the storage module loads: its start-up line belongs to the log (stderr), not to the record.
console.log = (...args: unknown[]) => console.error(...args);
const { storage } = await import("~/lib/storage/database.server");
const { drawCommand, drawStatus, describeDraw } = await import("~/lib/draw-records/draw-records.server");
const { DrawRefused } = await import("~/lib/draw-records/records.server");

try {
  if (command === "status") stdout.write(`${await drawStatus()}\n`);
  else {
    const view = await drawCommand(command as "run" | "redraw", beacon!);
    const round = view.rounds.length - 1;
    stdout.write(`Recorded ${command === "run" ? "the draw" : `redraw ${round}`}.\n${describeDraw(view)}\n`);
    stdout.write(
      `Winner of round ${round}: ${view.rounds[round]!.winnerId}\nThe record is queued in the outbox for the team.\n`,
    );
  }
} catch (error) {
  if (!(error instanceof DrawRefused)) throw error;
  console.error(`Refused: ${error.message}`);
  process.exitCode = 2;
} finally {
  await storage.db.destroy();
}
