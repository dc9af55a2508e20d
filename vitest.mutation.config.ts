import { defineConfig } from "vitest/config";
import { unitProject } from "./vitest.config";

/**
 * The unit tests as Stryker runs them (`npm run test:mutation`, docs/testing.md): the
 * event-loop test is left out because it measures how the loader shares the loop, which a
 * mutant slows but does not make wrong, and it is the slowest file to run hundreds of times.
 */
export default defineConfig({
  ...unitProject,
  test: {
    ...unitProject.test,
    exclude: [...unitProject.test.exclude, "test/lib/participants/load-sheet-event-loop.server.test.ts"],
  },
});
