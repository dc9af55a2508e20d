import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chownSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./app-server";

/** Debian's PostgreSQL 15 server binaries (the postgresql package; .ci/run installs it). */
const BIN = "/usr/lib/postgresql/15/bin";

export interface Postgres {
  /** The server's `postgres` database, for `createPostgresDatabase`. */
  adminUrl: string;
  stop: () => Promise<void>;
}

/**
 * A new, empty database on the server of `adminUrl`, as a connection URL (with a password
 * nobody needs: trust). Named at random: files running at once share the server.
 */
export async function createPostgresDatabase(adminUrl: string): Promise<string> {
  const name = `site_${randomUUID().replaceAll("-", "")}`;
  const client = new pg.Client(adminUrl);
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const isRoot = process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: as root, its commands run as the postgres user. */
function asPostgresUser(command: string, args: string[]): [string, string[]] {
  return isRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

/**
 * A real PostgreSQL on a temporary data directory and a loopback port, started once for a
 * test run (test/setup/shared-services.ts) or a benchmark, and deleted after. Trust authentication on loopback: nothing else can reach it.
 * `durable`: flush every commit to disk as production does (the bench's write figures);
 * tests leave it off.
 */
export async function startPostgres({ durable = false }: { durable?: boolean } = {}): Promise<Postgres> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "pg-"));
  if (isRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }));
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }));
    chownSync(dataDir, uid, gid);
  }
  execFileSync(
    ...asPostgresUser(`${BIN}/initdb`, ["-D", dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]),
    { stdio: "ignore" },
  );
  const port = await freePort();
  let output = "";
  const server: ChildProcess = spawn(
    ...asPostgresUser(`${BIN}/postgres`, [
      "-D",
      dataDir,
      "-p",
      String(port),
      "-k",
      dataDir,
      "-c",
      "listen_addresses=127.0.0.1",
      // A test database is thrown away: durability would only cost time on a shared machine.
      "-c",
      `fsync=${durable ? "on" : "off"}`,
    ]),
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  server.stdout?.on("data", (chunk) => (output += chunk));
  server.stderr?.on("data", (chunk) => (output += chunk));
  const admin = `postgres://postgres:unused@127.0.0.1:${port}/postgres`;

  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client(admin);
    try {
      await client.connect();
      await client.end();
      break;
    } catch {
      await client.end().catch(() => undefined);
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`PostgreSQL did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    adminUrl: admin,
    async stop() {
      // The postmaster's own PID (runuser's child): a fast shutdown, then the directory goes.
      const pid = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
      const exited = new Promise((resolve) => server.once("exit", resolve));
      process.kill(pid, "SIGINT");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
