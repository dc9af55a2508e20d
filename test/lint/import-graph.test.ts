/**
 * No circles in app/ (docs/decisions/059-no-circles-a-flat-environment.md): following every import
 * between its modules, type-only ones included, never leads back to where it started. The lint's
 * levels keep imports from climbing between folders (layers.test.ts); this keeps two modules
 * of one folder, or of one level, from importing each other, and two folders of app/lib from
 * leaning on each other, as a drawing of the house by folder would show them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const APP = path.join(ROOT, "app");

function modulesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return modulesUnder(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

/** The module an import names, if it is one of app/'s. */
function resolved(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".") && !specifier.startsWith("~/")) return null;
  const base = specifier.startsWith("~/")
    ? path.join(APP, specifier.slice(2))
    : path.resolve(path.dirname(from), specifier);
  return (
    [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find(
      (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
    ) ?? null
  );
}

/** Each module's imports of app/'s modules, as TypeScript reads them. */
function importGraph(): Map<string, string[]> {
  return new Map(
    modulesUnder(APP).map((file) => [
      file,
      ts
        .preProcessFile(readFileSync(file, "utf8"), true, true)
        .importedFiles.map(({ fileName }) => resolved(file, fileName))
        .filter((target): target is string => target !== null),
    ]),
  );
}

/** Every cycle a depth-first walk meets, each as the modules along it. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const trail: string[] = [];
  const visit = (module: string) => {
    trail.push(module);
    for (const target of graph.get(module) ?? []) {
      const at = trail.indexOf(target);
      if (at !== -1) cycles.push([...trail.slice(at), target]);
      else if (!done.has(target)) visit(target);
    }
    trail.pop();
    done.add(module);
  };
  for (const module of graph.keys()) if (!done.has(module)) visit(module);
  return cycles;
}

/** The same graph between the folders of app/lib: one arrow where any module of one imports the other's. */
function folderGraph(graph: Map<string, string[]>): Map<string, string[]> {
  const lib = path.join(APP, "lib");
  const folderOf = (module: string) =>
    module.startsWith(`${lib}${path.sep}`) ? path.relative(lib, module).split(path.sep)[0]! : null;
  const folders = new Map<string, Set<string>>();
  for (const [module, targets] of graph) {
    const from = folderOf(module);
    if (from === null) continue;
    const arrows = folders.get(from) ?? new Set<string>();
    for (const to of targets.map(folderOf)) if (to !== null && to !== from) arrows.add(to);
    folders.set(from, arrows);
  }
  return new Map([...folders].map(([folder, arrows]) => [folder, [...arrows]]));
}

describe("the import graph of app/", () => {
  const graph = importGraph();

  it("is read whole: every folder of app/lib and its imports are in it", () => {
    // A reader that found nothing would pass for the wrong reason.
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.get(path.join(APP, "lib/edge/edge.server.ts"))).toContain(path.join(APP, "lib/server/env.server.ts"));
    expect(graph.get(path.join(APP, "entry.server.tsx"))).toContain(path.join(APP, "lib/edge/edge.server.ts"));
  });

  it("has no cycle", () => {
    const relative = (module: string) => path.relative(ROOT, module);
    expect(cyclesOf(graph).map((cycle) => cycle.map(relative).join(" → "))).toEqual([]);
  });

  it("has no cycle between the folders of app/lib either", () => {
    const folders = folderGraph(graph);
    expect(folders.get("participants")).toContain("draw");
    expect(cyclesOf(folders).map((cycle) => cycle.join(" → "))).toEqual([]);
  });
});
