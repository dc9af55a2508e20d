/**
 * The Dockerfile, checked without a Docker engine: it is parsed, its inputs must exist in
 * the repository, and its CMD and HEALTHCHECK are run here against the built app.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUNDLED_SAMPLE_SHEET } from "~/lib/env.server";
import { freePort, PRODUCTION_NODE_OPTIONS, ROOT, startAppServer, type AppServer } from "../support/app-server";

interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

interface Stage {
  image: string;
  name: string | null;
  instructions: Instruction[];
}

/** Splits a Dockerfile into instructions, joining `\` continuations and dropping comments. */
function parseDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pending = "";
  let startLine = 0;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (pending === "" && (line === "" || line.startsWith("#"))) return;
    if (pending !== "" && line.startsWith("#")) return;
    if (pending === "") startLine = index + 1;
    if (line.endsWith("\\")) {
      pending += `${line.slice(0, -1).trim()} `;
      return;
    }
    const full = (pending + line).trim();
    pending = "";
    const match = /^(\S+)\s*(.*)$/.exec(full);
    if (match) instructions.push({ keyword: match[1]!.toUpperCase(), args: match[2]!, line: startLine });
  });
  if (pending !== "") throw new Error("Dockerfile ends inside a line continuation");
  return instructions;
}

function splitStages(instructions: Instruction[]): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === "FROM") {
      const match = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      if (!match) throw new Error(`unreadable FROM on line ${instruction.line}`);
      stages.push({ image: match[1]!, name: match[2] ?? null, instructions: [] });
    } else if (stages.length === 0) {
      if (instruction.keyword !== "ARG") throw new Error(`${instruction.keyword} before FROM`);
    } else {
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return stages;
}

/** Exec form (a JSON array) or shell form, as an argv. */
function commandArgv(args: string): string[] {
  const trimmed = args.trim();
  if (trimmed.startsWith("[")) {
    const parsed: unknown = JSON.parse(trimmed);
    if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === "string")) {
      throw new Error(`not a JSON string array: ${trimmed}`);
    }
    return parsed;
  }
  return ["/bin/sh", "-c", trimmed];
}

interface CopyInstruction {
  from: string | null;
  sources: string[];
  destination: string;
}

function parseCopy(args: string): CopyInstruction {
  const words = args.trim().startsWith("[") ? (JSON.parse(args) as string[]) : args.trim().split(/\s+/);
  let from: string | null = null;
  const rest: string[] = [];
  for (const word of words) {
    const flag = /^--([a-z-]+)(?:=(.*))?$/.exec(word);
    if (flag && rest.length === 0) {
      if (flag[1] === "from") from = flag[2] ?? null;
      continue;
    }
    rest.push(word);
  }
  if (rest.length < 2) throw new Error(`COPY needs a source and a destination: ${args}`);
  return { from, sources: rest.slice(0, -1), destination: rest.at(-1)! };
}

/** ENV key=value pairs (both `ENV A=1 B=2` and the legacy `ENV A 1`). */
function parseEnvArgs(args: string): Record<string, string> {
  if (!args.includes("=")) {
    const [key, ...value] = args.trim().split(/\s+/);
    return { [key!]: value.join(" ") };
  }
  const env: Record<string, string> = {};
  for (const match of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|\S*)/g)) {
    env[match[1]!] = match[2]!.replace(/^"(.*)"$/, "$1");
  }
  return env;
}

function argsOf(stage: Stage, keyword: string): string[] {
  return stage.instructions.filter((instruction) => instruction.keyword === keyword).map((instruction) => instruction.args);
}

function lastArgs(stage: Stage, keyword: string): string | undefined {
  return argsOf(stage, keyword).at(-1);
}

function runCommand(argv: string[], env: Record<string, string>, timeoutMs = 15_000): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd: ROOT, env: { ...process.env, ...env }, stdio: "ignore" });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${argv.join(" ")} took longer than ${timeoutMs} ms`));
    }, timeoutMs);
    child.once("error", reject);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

const dockerfile = readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
const stages = splitStages(parseDockerfile(dockerfile));
const stageNames = new Set(stages.map((stage) => stage.name).filter(Boolean));
const finalStage = stages.at(-1)!;
const finalEnv = Object.assign({}, ...argsOf(finalStage, "ENV").map(parseEnvArgs)) as Record<string, string>;
const packageJson = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
};

describe("Dockerfile", () => {
  it("builds every stage from node 20 on Debian bookworm slim", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) {
      if (stageNames.has(stage.image)) continue;
      expect(stage.image).toMatch(/^(?:docker\.io\/(?:library\/)?)?node:20(?:\.\d+){0,2}-bookworm-slim(?:@sha256:[0-9a-f]{64})?$/);
    }
  });

  it("copies only files that exist in the repository (besides other stages' output)", () => {
    const copies = stages.flatMap((stage) => [...argsOf(stage, "COPY"), ...argsOf(stage, "ADD")].map(parseCopy));
    const local = copies.filter((copy) => copy.from === null);
    expect(local.length).toBeGreaterThan(0);
    for (const copy of local) {
      for (const source of copy.sources) {
        expect(source, "COPY sources are plain paths, no globs or URLs").not.toMatch(/[*?[]|:\/\//);
        expect(existsSync(path.join(ROOT, source)), `${source} exists`).toBe(true);
      }
    }
    for (const copy of copies.filter((copy) => copy.from !== null)) {
      expect(stageNames.has(copy.from), `--from=${copy.from} names an earlier stage`).toBe(true);
    }
  });

  it("keeps dependencies, build output, test artefacts and git out of the build context", () => {
    const ignored = readFileSync(path.join(ROOT, ".dockerignore"), "utf8")
      .split(/\r?\n/)
      .map((line) => line.trim().replace(/^\/|\/$/g, ""))
      .filter((line) => line && !line.startsWith("#"));
    for (const entry of ["node_modules", "build", "public/build", ".git", ".cache", "test-results", "coverage", ".screenshots"]) {
      expect(ignored, `.dockerignore lists ${entry}`).toContain(entry);
    }
  });

  it("builds with the lock file in a build stage and installs production dependencies only in the final one", () => {
    const buildRuns = stages.slice(0, -1).flatMap((stage) => argsOf(stage, "RUN"));
    expect(buildRuns.some((run) => /\bnpm ci\b/.test(run) && !/--omit=dev/.test(run))).toBe(true);
    expect(buildRuns.some((run) => /\bnpm run build\b|\bremix build\b/.test(run))).toBe(true);

    const finalRuns = argsOf(finalStage, "RUN");
    expect(finalRuns.some((run) => /\bnpm ci\b.*--omit=dev/.test(run))).toBe(true);
    expect(finalRuns.some((run) => /\bnpm (?:ci|install)\b(?!.*--omit=dev)/.test(run))).toBe(false);
    expect(finalRuns.some((run) => /\bnpm run build\b|\bremix build\b/.test(run))).toBe(false);
    expect(finalEnv.NODE_ENV).toBe("production");
    // The tests, the load script and the benchmark start the server with these same flags.
    expect(finalEnv.NODE_OPTIONS).toBe(PRODUCTION_NODE_OPTIONS);
  });

  it("ships the server build, public/ and the bundled sample sheet where the app reads them", () => {
    const workdir = lastArgs(finalStage, "WORKDIR") ?? "/";
    const copies = argsOf(finalStage, "COPY").map(parseCopy);
    const destinations = copies.map((copy) => path.posix.resolve(workdir, copy.destination));

    const sample = copies.findIndex((copy) => copy.from === null && copy.sources.includes(BUNDLED_SAMPLE_SHEET));
    expect(sample, `the final stage copies ${BUNDLED_SAMPLE_SHEET}`).toBeGreaterThanOrEqual(0);
    // The app resolves the sample against process.cwd(), which is the WORKDIR in the container.
    expect(destinations[sample]).toBe(path.posix.join(workdir, BUNDLED_SAMPLE_SHEET));

    expect(destinations).toContain(path.posix.join(workdir, "build"));
    expect(destinations).toContain(path.posix.join(workdir, "public"));
  });

  it("runs as a user that is not root", () => {
    const user = lastArgs(finalStage, "USER");
    expect(user).toBeDefined();
    const [name] = user!.split(":");
    expect(["root", "0"]).not.toContain(name);
  });

  it("exposes port 3000, the port the app listens on by default", () => {
    const ports = argsOf(finalStage, "EXPOSE").flatMap((args) => args.split(/\s+/));
    expect(ports).toContain("3000");
    expect(finalEnv.PORT ?? "3000").toBe("3000");
  });

  it("starts remix-serve on the built server, as the `serve` script does, without building", () => {
    const cmd = lastArgs(finalStage, "CMD");
    expect(cmd, "final stage has a CMD").toBeDefined();
    expect(cmd!.trim().startsWith("["), "CMD in exec form, so SIGTERM reaches the server").toBe(true);
    expect(lastArgs(finalStage, "ENTRYPOINT")).toBeUndefined();
    const argv = commandArgv(cmd!);

    const serve = packageJson.scripts.serve!.trim().split(/\s+/);
    expect(serve[0]).toBe("remix-serve");
    const serveBin = JSON.parse(readFileSync(path.join(ROOT, "node_modules/@remix-run/serve/package.json"), "utf8")) as {
      bin: Record<string, string>;
    };
    const cliPath = path.posix.join("node_modules/@remix-run/serve", serveBin.bin["remix-serve"]!);
    const normalized =
      argv[0] === "npx" ? argv.slice(1) : argv[0] === "node" && path.posix.normalize(argv[1]!) === cliPath ? ["remix-serve", ...argv.slice(2)] : argv;
    expect(normalized.map((arg, index) => (index > 0 ? path.posix.normalize(arg) : arg))).toEqual(
      serve.map((arg, index) => (index > 0 ? path.posix.normalize(arg) : arg)),
    );
  });
});

describe("Dockerfile CMD and HEALTHCHECK, run against the built app", () => {
  let app: AppServer;
  let healthArgv: string[];

  beforeAll(async () => {
    const healthcheck = lastArgs(finalStage, "HEALTHCHECK");
    expect(healthcheck, "final stage has a HEALTHCHECK").toBeDefined();
    const match = /^(?:--\S+\s+)*CMD\s+(.*)$/s.exec(healthcheck!);
    expect(match, "HEALTHCHECK [options] CMD …").not.toBeNull();
    healthArgv = commandArgv(match![1]!);
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("checks /healthz, which answers 200 on a started server", async () => {
    expect(healthArgv.join(" ")).toContain("/healthz");
    const response = await fetch(`${app.origin}/healthz`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { status: string }).status).toBe("ok");
  });

  it("passes against a healthy server and fails when nothing answers", async () => {
    const port = new URL(app.origin).port;
    expect(await runCommand(healthArgv, { PORT: port })).toBe(0);
    expect(await runCommand(healthArgv, { PORT: String(await freePort()) })).not.toBe(0);
  });

  it("the CMD itself starts a server that the HEALTHCHECK finds healthy", async () => {
    const argv = commandArgv(lastArgs(finalStage, "CMD")!);
    const port = await freePort();
    // The image's environment, on loopback only.
    const env = { ...finalEnv, PORT: String(port), HOST: "127.0.0.1" };
    const child = spawn(argv[0] === "npx" ? "npx" : process.execPath, argv.slice(1), {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    try {
      const deadline = Date.now() + 15_000;
      while (!output.includes("[remix-serve]")) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`CMD did not start a server:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await runCommand(healthArgv, { PORT: String(port) })).toBe(0);
    } finally {
      child.kill("SIGTERM");
      await exited;
    }
  });
});
