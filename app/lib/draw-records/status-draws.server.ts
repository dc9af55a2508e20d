import type { Kysely } from "kysely";
import type { Tables } from "~/lib/storage/schema";
import { drawsAt, drawSnapshots } from "./draw-snapshot.server";
import { storedWitnessFindings } from "./witnesses.server";

/**
 * The draws as the organizer's commands read them (`npm run status`, `npm run draw -- status`):
 * the pages' own snapshot and checks, against the same roots, read once, rehearsals included.
 */
export async function drawsForStatus(db: Kysely<Tables>, now: number) {
  const snapshot = await drawSnapshots(db, {
    pollMs: 0,
    clock: () => 0,
    witnessFindings: (draw) => storedWitnessFindings(db, draw),
    hideRehearsals: false,
  }).current();
  return { snapshot, ...drawsAt(snapshot, now) };
}
