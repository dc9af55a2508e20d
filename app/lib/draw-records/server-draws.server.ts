import { env } from "~/lib/server/env.server";
import { singleton } from "~/lib/server/singleton.server";
import { storage } from "~/lib/storage/database.server";
import { drawSnapshots } from "./draw-snapshot.server";
import { storedWitnessFindings } from "./witnesses.server";

/**
 * The draws as this server reads them: one snapshot per process, its counter looked at no more
 * than once a second, so a change made elsewhere (a command, another replica) shows within a
 * second plus the stored page's lifetime.
 */
export const serverDraws = singleton("draw-snapshots", () =>
  drawSnapshots(storage.db, {
    pollMs: 1000,
    clock: () => performance.now(),
    witnessFindings: (draw) => storedWitnessFindings(storage.db, draw),
    hideRehearsals: env.mode === "production",
  }),
);
