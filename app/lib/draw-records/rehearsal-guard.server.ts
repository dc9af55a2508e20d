import type { Kysely } from "kysely";
import { databaseMarkedAt } from "~/lib/storage/database-marks.server";
import type { Tables } from "~/lib/storage/schema";
import { spokenInstant } from "./command-text";
import { DrawRefused } from "./draw-refused";

/**
 * Rehearsals never touch a database a production server opened (docs/operations.md, "Rehearsing
 * draw day"): the live site would show them. A run on a rehearsal key, `discard` and
 * `rehearsal-key` refuse such a database, in one Spanish line that says why.
 */
export async function refuseProductionDatabase(db: Kysely<Tables>): Promise<void> {
  const opened = await databaseMarkedAt(db, "production");
  if (opened !== null) {
    throw new DrawRefused(
      `un servidor de producción abrió esta base de datos el ${spokenInstant(opened)}, así que un ensayo no se hace sobre ella (el sitio real lo mostraría): ensayá sobre una base de datos nueva, con NODE_ENV=development o test`,
    );
  }
}
