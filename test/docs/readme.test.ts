/**
 * The README is the map of today's code (docs/testing.md, "The layers"): its folder table names
 * every folder a newcomer looks for and none that is gone, its levels are the ones the lint
 * enforces, and its variables table, like docs/operations.md's, is the environment schema's.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LIB_LAYERS } from "../../eslint.config.js";
import { ENV_VARIABLES } from "~/lib/server/parse-env.server";

const ROOT = path.resolve(import.meta.dirname, "../..");
const README = readFileSync(path.join(ROOT, "README.md"), "utf8");
const OPERATIONS = readFileSync(path.join(ROOT, "docs/operations.md"), "utf8");

/** The folders the map must show: each of these parents' subfolders, and these themselves. */
const MAPPED_PARENTS = ["app/lib", "app/components", "test", "docs"];
const MAPPED_FOLDERS = ["app/routes", "app/content", "app/components", "other", "deploy", "docs"];

/** The text of a Markdown section, from its heading to the next heading of the same or a higher level. */
function section(markdown: string, heading: string): string {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => /^#+ /.test(line) && line.replace(/^#+ /, "") === heading);
  if (start === -1) throw new Error(`no section "${heading}"`);
  const level = /^#+/.exec(lines[start]!)![0].length;
  const end = lines.findIndex((line, index) => index > start && new RegExp(`^#{1,${level}} `).test(line));
  return lines.slice(start + 1, end === -1 ? undefined : end).join("\n");
}

/** The first column of every row of the Markdown tables in `text`, without its backticks. */
function firstColumn(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => /^\| `([^`]+)`/.exec(line)![1]!);
}

function subfolders(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${folder}/${entry.name}`);
}

const isFolder = (folder: string) => statSync(path.join(ROOT, folder), { throwIfNoEntry: false })?.isDirectory();

/** What a map names but the house lacks, and what the house has but the map does not name. */
function differences(named: string[], existing: string[]) {
  return {
    invented: named.filter((name) => !existing.includes(name)).sort(),
    missing: existing.filter((name) => !named.includes(name)).sort(),
  };
}

describe("the README", () => {
  it("maps every folder of app/lib, app/components, test and docs, with other/ and deploy/, and names none that is gone", () => {
    const mapped = firstColumn(section(README, "How the code is organised")).map((name) => name.replace(/\/$/, ""));
    const expected = [...MAPPED_PARENTS.flatMap(subfolders), ...MAPPED_FOLDERS];
    expect(differences(mapped, [...new Set(expected)])).toEqual({ invented: [], missing: [] });
    expect(mapped.filter((folder) => !isFolder(folder))).toEqual([]);
  });

  it("gives the levels of app/lib in the order eslint.config.js enforces them", () => {
    const levels = section(README, "Levels")
      .split("\n")
      .filter((line) => /^\d+\. /.test(line))
      .map((line) => [...line.matchAll(/`([^`]+)`/g)].map(([, folder]) => folder));
    expect(levels).toEqual(LIB_LAYERS);
    expect(LIB_LAYERS.flat().sort()).toEqual(
      subfolders("app/lib")
        .map((folder) => path.basename(folder))
        .sort(),
    );
  });

  it("has one variables table, and it is the environment schema", () => {
    const variables = firstColumn(section(README, "Configuration"));
    expect(variables.length).toBe(new Set(variables).size);
    expect(differences(variables, ENV_VARIABLES)).toEqual({ invented: [], missing: [] });
  });
});

describe("docs/operations.md's configuration", () => {
  it("lists every variable of the schema once, and besides them only NODE_OPTIONS, which the image sets for Node", () => {
    const variables = firstColumn(section(OPERATIONS, "Configuration"));
    expect(variables.length).toBe(new Set(variables).size);
    expect(differences(variables, [...ENV_VARIABLES, "NODE_OPTIONS"])).toEqual({ invented: [], missing: [] });
  });
});
