/**
 * Mutation testing of app/lib against the unit tests: `npm run test:mutation`.
 * Not part of `npm test` or CI (it takes tens of minutes); see docs/testing.md.
 * @type {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  vitest: { configFile: "vitest.mutation.config.ts" },
  mutate: [
    "app/lib/**/*.{ts,tsx}",
    // Reads the built stylesheet from public/build/ when imported: only a production build
    // has it, so the HTTP tests check it (docs/testing.md, "Mutation testing").
    "!app/lib/document/inline-stylesheet.server.ts",
  ],
  coverageAnalysis: "perTest",
  // Static mutants (code that runs while a module loads, i.e. env.server.ts's start-up read)
  // are not activated by the vitest runner: they "survive" even a test that fails outright
  // with them. They are left out of the score; env.server.test.ts covers that code.
  ignoreStatic: true,
  // Two cores, shared with whatever else runs: more workers only queue.
  concurrency: 2,
  timeoutMS: 10_000,
  incremental: true,
  incrementalFile: "reports/mutation/stryker-incremental.json",
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  thresholds: { high: 90, low: 85, break: 85 },
  ignorePatterns: ["/build", "/public/build", "/.cache", "/reports", "/.screenshots", "/.lighthouse"],
};
