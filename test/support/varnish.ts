import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./app-server";

const VARNISHD_PATH = process.env.VARNISHD_PATH ?? "/usr/sbin/varnishd";

export interface Varnish {
  origin: string;
  /** Everything varnishd printed so far. */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * A real Varnish on loopback with its built-in VCL, in front of `backendOrigin`: its own
 * working directory (-n) under a temporary folder, a small memory store, in the foreground
 * (-F) so that it ends with the test. No jail (-j none): the test may run as root or not.
 */
export async function startVarnish(backendOrigin: string): Promise<Varnish> {
  const port = await freePort();
  const workDir = mkdtempSync(path.join(tmpdir(), "varnish-"));
  const backend = new URL(backendOrigin).host;
  const child = spawn(
    VARNISHD_PATH,
    ["-F", "-j", "none", "-n", path.join(workDir, "n"), "-a", `127.0.0.1:${port}`, "-b", backend, "-s", "malloc,32m"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const origin = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`varnishd exited during start-up:\n${output}`);
    const ready = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`varnishd did not answer in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    origin,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}
