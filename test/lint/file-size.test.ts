/**
 * One audience per file (docs/decisions/022-code-layout.md): no module of app/ is over 300 lines
 * unless a comment in it says why it is one piece ("One piece: …").
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

function modulesUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) return modulesUnder(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("the modules of app/", () => {
  it("are at most 300 lines, or say why they are one piece", () => {
    const modules = modulesUnder("app");
    expect(modules.length).toBeGreaterThan(150);
    const unexplained = modules.filter((file) => {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      return text.split("\n").length > 300 && !/One piece: \S/.test(text);
    });
    expect(unexplained).toEqual([]);
  });
});
