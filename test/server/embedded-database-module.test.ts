/**
 * The native module the server loads, checked in both CI passes: on Node 20 as `npm ci` built
 * it, and on the image's Node 24 as `.ci/run` rebuilds it with the toolchain stage's headers.
 * `npm run test:container` checks the image's own copy.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { ABORTING_OBJECT_WRAP_IMPORT, EMBEDDED_DATABASE_MODULE } from "../support/native-module";

const modulePath = createRequire(import.meta.url).resolve(EMBEDDED_DATABASE_MODULE);

describe("the embedded database's native module", () => {
  it("is compiled without the ObjectWrap cleanup hook that aborts Node 24.19 and later during GC", () => {
    const bytes = readFileSync(modulePath);
    expect(bytes.length).toBeGreaterThan(100_000);
    expect(bytes.includes(ABORTING_OBJECT_WRAP_IMPORT), `${modulePath} imports ${ABORTING_OBJECT_WRAP_IMPORT}`).toBe(
      false,
    );
  });
});
