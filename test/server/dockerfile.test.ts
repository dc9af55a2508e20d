/**
 * What a build of the Dockerfile cannot tell: `npm run test:container` builds and runs the
 * image for real (missing files, the user, the HEALTHCHECK, SIGTERM, dev tools), while these
 * checks hold the Dockerfile to the rest of the repository.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PRODUCTION_NODE_OPTIONS, ROOT } from "../support/app-server";

const dockerfile = readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
const packageJson = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
  engines: { node: string };
};
const fromLines = [...dockerfile.matchAll(/^FROM\s+(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/gim)];
/** What each FROM line starts from, except an earlier stage of this file (built on one of these). */
const stageNames = new Set(fromLines.map((match) => match[2]?.toLowerCase()));
const baseImages = fromLines.map((match) => match[1]!).filter((image) => !stageNames.has(image.toLowerCase()));

describe("Dockerfile, against the rest of the repository", () => {
  it("runs on one exact release of a supported Node LTS and compiles on the same major, both accepted by the package's engines", () => {
    const release = (stage: string) => {
      const line = fromLines.find((match) => match[2]?.toLowerCase() === stage);
      expect(line, `a FROM line named ${stage}`).toBeDefined();
      const version = /^(?:docker\.io\/(?:library\/)?)?node:(\d+)\.(\d+)\.(\d+)-bookworm-slim$/.exec(line![1]!);
      expect(version, `${stage} starts from one exact node:X.Y.Z-bookworm-slim`).not.toBeNull();
      return version!.slice(1).map(Number) as [number, number, number];
    };
    expect(baseImages.length).toBeGreaterThanOrEqual(2);
    const runtime = release("runtime");
    const toolchain = release("toolchain");
    // 22 is maintained until April 2027, 24 until April 2028 (docs/operations.md).
    expect([22, 24]).toContain(runtime[0]);
    // `^toolchain` accepts the runtime too: same major, never older (below).
    expect(packageJson.engines.node).toContain(`^${toolchain.join(".")}`);
    // Native modules compiled on the toolchain load in the runtime: one major is one ABI, and
    // the toolchain is never newer (docs/decisions/036-native-module-built-on-node-24-18-1.md).
    expect(toolchain[0]).toBe(runtime[0]);
    expect(toolchain[1] * 1000 + toolchain[2]).toBeLessThanOrEqual(runtime[1] * 1000 + runtime[2]);
    expect(baseImages.every((image) => image.includes(`node:${runtime[0]}.`))).toBe(true);
  });

  it("keeps dependencies, build output, test artefacts and git out of the build context", () => {
    const ignored = readFileSync(path.join(ROOT, ".dockerignore"), "utf8")
      .split(/\r?\n/)
      .map((line) => line.trim().replace(/^\/|\/$/g, ""))
      .filter((line) => line && !line.startsWith("#"));
    for (const entry of [
      "node_modules",
      "build",
      "public/build",
      ".git",
      ".cache",
      "test-results",
      "coverage",
      ".screenshots",
    ]) {
      expect(ignored, `.dockerignore lists ${entry}`).toContain(entry);
    }
  });

  it("runs with the heap ceiling the tests, the load script and the benchmark use", () => {
    expect(dockerfile).toMatch(new RegExp(`^\\s*NODE_OPTIONS=${PRODUCTION_NODE_OPTIONS}\\b`, "m"));
  });

  it("starts the server the way `npm run serve` does, with node in front and no npm between", () => {
    const cmd = [...dockerfile.matchAll(/^CMD\s+(\[.*\])\s*$/gm)].at(-1)?.[1];
    expect(cmd, "a CMD in exec form, so SIGTERM reaches the server").toBeDefined();
    expect((JSON.parse(cmd!) as string[]).join(" ")).toBe(packageJson.scripts.serve);
  });
});
