import { readFileSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Seconds each HTTP and browser test file took in a measured run (docs/testing.md, "Speed"),
 * by path from the repository's root.
 */
const MEASURED_SECONDS: Record<string, number> = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "e2e-file-seconds.json"), "utf8"),
);

/**
 * Starts the longest files first, so the two workers end together instead of one running the
 * last long file alone (docs/testing.md, "Speed"). vitest's own order knows a file's duration
 * only from an earlier run on the same checkout: on a fresh clone it went by file size, and
 * the 195-line outbox test, among the longest, started last. Files of the e2e project go by
 * their measured seconds, one measured in no run first (it may be long); the unit files keep
 * vitest's order after them, short ones that fill in at the end.
 */
export default class HeaviestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const seconds = (file: TestSpecification) =>
      MEASURED_SECONDS[path.relative(file.project.config.root, file.moduleId)] ?? Number.MAX_SAFE_INTEGER;
    const e2e = ordered.filter((file) => file.project.name === "e2e").sort((a, b) => seconds(b) - seconds(a));
    return [...e2e, ...ordered.filter((file) => file.project.name !== "e2e")];
  }
}
