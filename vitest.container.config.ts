import path from "node:path";
import { defineConfig } from "vitest/config";

/** `npm run test:container` only: builds and runs the image, minutes rather than seconds. */
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    name: "container",
    include: ["test/container/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    // The first build downloads Debian and Node and installs every dependency.
    hookTimeout: 30 * 60_000,
    fileParallelism: false,
  },
});
