/**
 * Every citation resolves inside the repository: a comment, test or document that points at
 * `docs/<file>.md`, `docs/<file>.md, "<Heading>"` or `docs/<file>.md#<anchor>` names a file
 * and a heading that exist, and nothing cites the product sources that live outside the
 * repository (docs/testing.md, "The layers").
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|md|css|ya?ml|json|conf)$|^run$/;
const SCANNED_FOLDERS = ["app", "test", "docs", "other", "deploy", ".ci"];
/** The files at the top: README, serve.js, Dockerfile and every config. */
const SCANNED_FILES = readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isFile() && (TEXT_FILE.test(entry.name) || entry.name === "Dockerfile"))
  .filter((entry) => entry.name !== "package-lock.json")
  .map((entry) => entry.name);
const SKIPPED_FOLDERS = new Set(["node_modules", "build", ".cache"]);

function filesUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : filesUnder(relative);
    return TEXT_FILE.test(entry.name) ? [relative] : [];
  });
}

/** The headings of a Markdown file, outside fenced code blocks. */
function headingsOf(markdown: string): string[] {
  const headings: string[] = [];
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*$/.exec(line);
    if (heading) headings.push(collapse(heading[1]!));
  }
  return headings;
}

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

/**
 * A cited heading is a heading's whole text or its short title: what comes before its
 * ": …" or " (…)" ("Public origin" for "Public origin: `SITE_URL`, never the request's host").
 */
function headingMatches(cited: string, heading: string): boolean {
  return heading === cited || heading.startsWith(`${cited}:`) || heading.startsWith(`${cited} (`);
}

/** The text with line breaks inside comments and paragraphs joined, so a citation may wrap. */
function joinLines(text: string): string {
  return text.replace(/[ \t]*\r?\n[ \t]*(?:\*(?!\/)|\/\/+)?[ \t]*/g, " ");
}

interface Citation {
  file: string;
  target: string;
  heading: string | undefined;
  anchor: string | undefined;
}

function citationsIn(file: string, text: string): Citation[] {
  const pattern = /\bdocs\/((?:[\w-]+\/)*[\w.-]+\.md)(?:#([\w-]+)|,\s*"([^"]+)")?/g;
  return [...joinLines(text).matchAll(pattern)].map(([, target, anchor, heading]) => ({
    file,
    target: target!,
    anchor,
    heading: heading === undefined ? undefined : collapse(heading),
  }));
}

/** Why a citation does not resolve, or null when it does. */
function problemWith(citation: Citation, docs: Map<string, string[]>): string | null {
  const headings = docs.get(citation.target);
  const where = `${citation.file}: docs/${citation.target}`;
  if (!headings) return `${where} does not exist`;
  if (citation.target === DECISIONS_INDEX && (citation.heading !== undefined || citation.anchor !== undefined)) {
    return `${where} is the index: cite the record in docs/decisions/ instead`;
  }
  if (citation.heading !== undefined && !headings.some((heading) => headingMatches(citation.heading!, heading))) {
    return `${where} has no heading "${citation.heading}"`;
  }
  if (citation.anchor !== undefined && !headings.some((heading) => anchorOf(heading) === citation.anchor)) {
    return `${where} has no heading with the anchor #${citation.anchor}`;
  }
  return null;
}

/** Mentions of the product sources kept outside the repository: its own docs/ must be cited instead. */
const OUTSIDE_SOURCES = [/\bspec ?§/i, /\bspec\.md\b/i, /(?<!docs\/)\bproduct\.md\b/i];

function outsideMentionsIn(file: string, text: string): string[] {
  return text
    .split("\n")
    .flatMap((line, index) =>
      OUTSIDE_SOURCES.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
    );
}

/** The list of decisions; each decision is a record of its own in docs/decisions/. */
const DECISIONS_INDEX = "decisions.md";

/** Every Markdown file under docs/, by its path there ("operations.md", "decisions/001-….md"). */
function readDocs(): Map<string, string[]> {
  const docs = new Map<string, string[]>();
  for (const file of filesUnder("docs")) {
    if (file.endsWith(".md"))
      docs.set(file.slice("docs/".length), headingsOf(readFileSync(path.join(ROOT, file), "utf8")));
  }
  return docs;
}

const scanned = [...SCANNED_FOLDERS.flatMap(filesUnder), ...SCANNED_FILES].map((file) => ({
  file,
  text: readFileSync(path.join(ROOT, file), "utf8"),
}));

describe("citations of the docs", () => {
  const docs = readDocs();
  const citations = scanned.flatMap(({ file, text }) => citationsIn(file, text));

  it("are found in code, tests and docs alike", () => {
    // A scanner that finds nothing would pass for the wrong reason.
    const citingFiles = new Set(citations.map((citation) => citation.file.split("/")[0]));
    for (const place of ["app", "test", "docs", "README.md", "serve.js"]) expect(citingFiles).toContain(place);
    expect(citations.filter((citation) => citation.heading !== undefined).length).toBeGreaterThan(50);
    expect(citations.some((citation) => citation.anchor !== undefined)).toBe(true);
  });

  it("name a file and a heading that exist", () => {
    const problems = citations.map((citation) => problemWith(citation, docs)).filter((problem) => problem !== null);
    expect(problems).toEqual([]);
  });

  it("never point at the product sources outside the repository", () => {
    expect(scanned.flatMap(({ file, text }) => outsideMentionsIn(file, text))).toEqual([]);
  });
});

describe("decision records", () => {
  /** The template (000) a new record is copied from: not a decision. */
  const TEMPLATE = "000-template.md";
  const records = readdirSync(path.join(ROOT, "docs/decisions"))
    .filter((name) => name !== TEMPLATE)
    .sort();
  const textOf = (name: string) => readFileSync(path.join(ROOT, "docs/decisions", name), "utf8");
  const index = readFileSync(path.join(ROOT, "docs", DECISIONS_INDEX), "utf8");

  /** Each record by its number: 1, 2, 3… with no gap, so the number says where a record stands. */
  const numberOf = (name: string) => Number(name.slice(0, 3));
  const recordNumbered = new Map(records.map((name) => [numberOf(name), name]));

  it("are numbered from 1 without a gap, each file named NNN-title.md and titled with its number", () => {
    expect(records.length).toBeGreaterThan(40);
    records.forEach((name, index) => {
      expect(name).toMatch(new RegExp(`^${String(index + 1).padStart(3, "0")}-[a-z0-9-]+\\.md$`));
      expect(textOf(name).split("\n")[0], name).toMatch(new RegExp(`^# ${index + 1}\\. \\S`));
    });
  });

  it("each say when, whether it still holds, and what was rejected", () => {
    for (const name of records) {
      const text = textOf(name);
      expect(text, name).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/m);
      expect(text, name).toMatch(/^Status: (accepted|accepted, amended by \d+(, \d+)*|superseded by \d+)$/m);
      expect(text, name).toMatch(/Rejected/);
    }
  });

  it("name the later records that amend or supersede them, and say what changed", () => {
    for (const name of records) {
      const status = /^Status: (.+)$/m.exec(textOf(name))![1]!;
      const later = [...status.matchAll(/\d+/g)].map(([number]) => Number(number));
      for (const number of later) {
        // A later record that exists, cited in a line under the status.
        expect(number, name).toBeGreaterThan(numberOf(name));
        const record = recordNumbered.get(number);
        expect(record, name).toBeDefined();
        expect(textOf(name), name).toMatch(
          new RegExp(`^(Amended by|Replaced|Superseded by)[^\\n]*(docs/decisions/${record}|record ${number}\\b)`, "m"),
        );
      }
    }
  });

  it("are all listed in the index, with the record's own status", () => {
    for (const name of records) {
      const row = index.split("\n").find((line) => line.includes(`(decisions/${name})`));
      expect(row, name).toBeDefined();
      const status = /^Status: (.+)$/m.exec(textOf(name))![1]!;
      expect(row!.split("|").at(-2)!.trim(), name).toBe(status);
    }
  });

  it("start from a template that names every field the checks above ask for", () => {
    const template = textOf(TEMPLATE);
    for (const field of [/^Date: /m, /^Status: accepted$/m, /amended by/, /superseded by/, /Rejected/])
      expect(template).toMatch(field);
  });
});

describe("the citation checker", () => {
  const docs = new Map([
    ["guide.md", ["Cache lifetimes", "Public origin: `SITE_URL`, never the host", "Pages (10 rows)"]],
    ["decisions.md", ["Decisions"]],
    ["decisions/007-cache-lifetimes.md", ["7. Cache lifetimes"]],
  ]);
  const problemsIn = (text: string) =>
    citationsIn("x.ts", text)
      .map((citation) => problemWith(citation, docs))
      .filter((problem) => problem !== null);
  // Paths are assembled so that this file holds no citation of its own for the scan above.
  const guide = ["docs", "guide.md"].join("/");
  const nowhere = ["docs", "nowhere.md"].join("/");
  const cite = (rest: string) => `see ${guide}${rest}`;

  it("accepts a whole heading, a short title before ':' or ' (', and a heading's anchor", () => {
    expect(problemsIn(cite(`, "Cache lifetimes".`))).toEqual([]);
    expect(problemsIn(cite(`, "Public origin")`))).toEqual([]);
    expect(problemsIn(cite(`, "Pages"`))).toEqual([]);
    expect(problemsIn(cite("#public-origin-site_url-never-the-host"))).toEqual([]);
    expect(problemsIn(cite("."))).toEqual([]);
  });

  it("follows a heading that wraps onto the next comment line", () => {
    expect(problemsIn(` * ${cite(`, "Cache`)}\n * lifetimes").`)).toEqual([]);
    expect(problemsIn(`// ${cite(`, "Cache`)}\n// lifetimes".`)).toEqual([]);
  });

  it("reports a missing file, heading or anchor", () => {
    expect(problemsIn(`see ${nowhere}`)).toEqual([`x.ts: ${nowhere} does not exist`]);
    expect(problemsIn(cite(`, "Cache"`))).toEqual([`x.ts: ${guide} has no heading "Cache"`]);
    expect(problemsIn(cite(`, "Lifetimes"`))).toHaveLength(1);
    expect(problemsIn(cite("#cache"))).toEqual([`x.ts: ${guide} has no heading with the anchor #cache`]);
  });

  it("takes a decision record by its path, and refuses a heading of the decisions index", () => {
    const record = ["docs", "decisions", "007-cache-lifetimes.md"].join("/");
    const index = ["docs", "decisions.md"].join("/");
    expect(problemsIn(`see ${record}.`)).toEqual([]);
    expect(problemsIn(`see ${index}, "Cache lifetimes"`)).toEqual([
      `x.ts: ${index} is the index: cite the record in docs/decisions/ instead`,
    ]);
  });

  it("flags the outside sources however they are written, but not the repository's own page", () => {
    const outside = ["Spec" + " §9", "spec" + " §2", "the sp" + "ec.md file", "(prod" + "uct.md, step 7)"];
    for (const mention of outside) expect(outsideMentionsIn("x.ts", `// ${mention}`)).toHaveLength(1);
    expect(outsideMentionsIn("x.ts", `// ${["docs", "product"].join("/")}.md`)).toEqual([]);
  });
});
