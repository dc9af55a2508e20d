/**
 * Builds the project's Dockerfile and runs the image, with Docker where an engine answers and
 * otherwise with the shared buildah tool (`../shared/tools/container-image.sh` beside the
 * repository; CONTAINER_IMAGE_TOOL to point elsewhere). Either way the container shares the
 * host's network, so it listens on a free loopback port and reaches a sheet served on loopback.
 */
import { execFile, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { ROOT } from "./app-server";

const run = promisify(execFile);
const BIG_OUTPUT = { maxBuffer: 64 * 1024 * 1024 };

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunningContainer {
  origin: string;
  /** A command beside the server: same filesystem, user, environment and working directory. */
  exec: (argv: string[]) => Promise<CommandResult>;
  /** The image's own HEALTHCHECK command, run once. */
  health: () => Promise<CommandResult>;
  /** SIGTERM, then the exit status (a runtime's SIGKILL after 10 s shows as 137). */
  stop: () => Promise<number>;
  /** What the server printed. */
  logs: () => Promise<string>;
}

export interface ContainerEngine {
  name: string;
  build: (tag: string) => Promise<void>;
  /** The image's size, as the engine reports it ("327 MB"). */
  imageSize: (tag: string) => Promise<string>;
  run: (tag: string, port: number, env?: Record<string, string>) => Promise<RunningContainer>;
}

async function attempt(command: string, args: string[]): Promise<CommandResult> {
  try {
    const { stdout, stderr } = await run(command, args, BIG_OUTPUT);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number | string; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === "number" ? failed.code : 1,
      stdout: failed.stdout ?? "",
      stderr: failed.stderr ?? "",
    };
  }
}

async function must(command: string, args: string[]): Promise<CommandResult> {
  const result = await attempt(command, args);
  if (result.code !== 0)
    throw new Error(`${command} ${args.join(" ")} failed (${result.code}):\n${result.stderr.slice(-4000)}`);
  return result;
}

function dockerEngine(): ContainerEngine {
  return {
    name: "docker",
    build: async (tag) => void (await must("docker", ["build", "-t", tag, ROOT])),
    imageSize: async (tag) =>
      `${Math.round(Number((await must("docker", ["image", "inspect", "-f", "{{.Size}}", tag])).stdout.trim()) / 1e6)} MB`,
    run: async (tag, port, env = {}) => {
      const vars = Object.entries({ ...env, PORT: String(port) }).flatMap(([name, value]) => [
        "-e",
        `${name}=${value}`,
      ]);
      const id = (await must("docker", ["run", "-d", "--network", "host", ...vars, tag])).stdout.trim();
      const healthcheck = JSON.parse(
        (await must("docker", ["image", "inspect", "-f", "{{json .Config.Healthcheck}}", tag])).stdout,
      ) as { Test?: string[] } | null;
      await waitForPort(port, () => attempt("docker", ["logs", id]).then((logs) => logs.stdout + logs.stderr));
      return {
        origin: `http://127.0.0.1:${port}`,
        exec: (argv) => attempt("docker", ["exec", id, ...argv]),
        health: async () => {
          const [kind, ...command] = healthcheck?.Test ?? [];
          if (kind === "CMD") return attempt("docker", ["exec", id, ...command]);
          if (kind === "CMD-SHELL") return attempt("docker", ["exec", id, "/bin/sh", "-c", command[0]!]);
          return { code: 1, stdout: "", stderr: "the image has no HEALTHCHECK" };
        },
        stop: async () => {
          await must("docker", ["stop", id]);
          const status = Number((await must("docker", ["inspect", "-f", "{{.State.ExitCode}}", id])).stdout.trim());
          await attempt("docker", ["rm", id]);
          return status;
        },
        logs: async () => {
          const logs = await attempt("docker", ["logs", id]);
          return logs.stdout + logs.stderr;
        },
      };
    },
  };
}

function toolEngine(tool: string): ContainerEngine {
  const runTool = (args: string[]) => attempt("bash", [tool, ...args]);
  const mustTool = (args: string[]) => must("bash", [tool, ...args]);
  return {
    name: "buildah (container-image.sh)",
    build: async (tag) => void (await mustTool(["build", ROOT, tag])),
    imageSize: async (tag) =>
      (await must("buildah", ["images", "--noheading", "--format", "{{.Size}}", tag])).stdout.trim(),
    run: async (tag, port, env = {}) => {
      const args = ["run", tag, String(port), ...Object.entries(env).map(([name, value]) => `${name}=${value}`)];
      let started = await runTool(args);
      if (started.code !== 0 && MISREAD_START.test(started.stderr)) {
        // The tool lost track of a container that did start; stop it and start another.
        await stopOrphan(port);
        started = await runTool(args);
      }
      if (started.code !== 0)
        throw new Error(`container-image.sh ${args.join(" ")} failed:\n${started.stderr.slice(-4000)}`);
      const pid = started.stdout.trim().split("\n").at(-1)!;
      const logFile = /log (\S+\.log)/.exec(started.stderr)?.[1];
      const logs = async () => (logFile ? (await attempt("cat", [logFile])).stdout : "");
      await waitForPort(port, logs);
      return {
        origin: `http://127.0.0.1:${port}`,
        exec: (argv) => runTool(["exec", pid, ...argv]),
        health: () => runTool(["health", pid]),
        stop: async () => {
          const stopped = await mustTool(["stop", pid]);
          return Number(stopped.stdout.trim().split("\n").at(-1));
        },
        logs,
      };
    },
  };
}

/**
 * container-image.sh looks for the container's PID as a grandchild of its launcher and, while
 * the launcher has no child yet, asks `pgrep -P 0`, which answers PIDs 1 and 2; on a busy
 * machine it then reports "exited during start-up" with no status for a container that runs on.
 */
const MISREAD_START = /exited during start-up with status\s*$/m;

/** Stops the container left listening on `port` by a misread start, and removes its working container. */
async function stopOrphan(port: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  let pid: string | undefined;
  while (!pid && Date.now() < deadline) {
    pid = /pid=(\d+)/.exec((await attempt("ss", ["-Htlnp", `sport = :${port}`])).stdout)?.[1];
    if (!pid) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!pid) return;
  const launcher = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[1]!;
  const workingContainer = /\/([^/\0]+)\.env\0/.exec(readFileSync(`/proc/${launcher}/cmdline`, "utf8"))?.[1];
  process.kill(Number(pid), "SIGTERM");
  while (existsSync(`/proc/${pid}`)) await new Promise((resolve) => setTimeout(resolve, 100));
  if (workingContainer) await attempt("buildah", ["rm", workingContainer]);
}

async function waitForPort(port: number, logs: () => Promise<string>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the container did not answer on port ${port} within 60 s:\n${await logs()}`);
}

const CONTAINER_IMAGE_TOOL =
  process.env.CONTAINER_IMAGE_TOOL ?? path.resolve(ROOT, "../shared/tools/container-image.sh");

/** The engine this machine offers, or why there is none. */
export function findContainerEngine(): { engine: ContainerEngine } | { missing: string } {
  if (spawnSync("docker", ["info"], { stdio: "ignore" }).status === 0) return { engine: dockerEngine() };
  if (!existsSync(CONTAINER_IMAGE_TOOL)) {
    return { missing: `no Docker engine answers and ${CONTAINER_IMAGE_TOOL} is not there (set CONTAINER_IMAGE_TOOL)` };
  }
  if (process.getuid?.() !== 0) return { missing: `no Docker engine answers and ${CONTAINER_IMAGE_TOOL} needs root` };
  if (spawnSync("buildah", ["--version"], { stdio: "ignore" }).status !== 0) {
    return { missing: "no Docker engine answers and buildah is not installed (.ci/run installs it)" };
  }
  return { engine: toolEngine(CONTAINER_IMAGE_TOOL) };
}
