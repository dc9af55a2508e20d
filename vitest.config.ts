import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import HeaviestFirst from "./test/setup/heaviest-first";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

/** Everything that runs in-process, without a built server or a browser. */
export const unitProject = {
  resolve: { alias },
  test: {
    name: "unit",
    include: ["test/**/*.test.{ts,tsx}"],
    exclude: ["test/e2e/**", "test/server/**", "test/container/**"],
    environment: "node",
    globals: true,
    setupFiles: ["test/setup/fail-on-console-error.ts"],
    // A bound a busy machine still meets; no unit test is about its own duration.
    testTimeout: 30_000,
  },
} satisfies TestProjectInlineConfiguration;

export default defineConfig({
  resolve: { alias },
  test: {
    // Files share nothing but the machine and the run's browser and database: at least two at a
    // time keep both cores of the standard machine busy while one file waits on a browser, a
    // server or the network (docs/testing.md, "Speed").
    maxWorkers: Math.max(2, availableParallelism()),
    // The longest files first, so that the workers end together (test/setup/heaviest-first.ts).
    sequence: { sequencer: HeaviestFirst },
    projects: [
      unitProject,
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["test/server/**/*.test.ts", "test/e2e/**/*.test.ts"],
          environment: "node",
          globals: true,
          globalSetup: ["test/setup/shared-services.ts"],
          setupFiles: ["test/setup/stop-leftover-apps.ts"],
          // One module registry per worker, not one per file: these files import only pure
          // modules of app/ and their own helpers, and keep their state in their own hooks, so
          // re-importing playwright-core, kysely and pg for each of 46 files (38 s of a run) buys
          // nothing (docs/testing.md, "Speed"). The unit project stays isolated: some of its
          // modules read the environment once.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // expect.poll waits 1 s by default: too little for a page on a busy machine. Polls
          // end as soon as they pass, so a generous limit costs nothing when all is well.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
