import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chownSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./app-server";

/** Debian's PostgreSQL 15 server binaries (the postgresql package; .ci/run installs it). */
const BIN = "/usr/lib/postgresql/15/bin";

export interface Postgres {
  /** A new, empty database on this server, as a connection URL (with a password nobody needs: trust). */
  createDatabase: () => Promise<string>;
  stop: () => Promise<void>;
}

const isRoot = process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: as root, its commands run as the postgres user. */
function asPostgresUser(command: string, args: string[]): [string, string[]] {
  return isRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

/**
 * A real PostgreSQL on a temporary data directory and a loopback port, started for one test
 * file and deleted after. Trust authentication on loopback: nothing else can reach it.
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

  let databases = 0;
  return {
    async createDatabase() {
      const name = `site_${++databases}`;
      const client = new pg.Client(admin);
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
      return `postgres://postgres:unused@127.0.0.1:${port}/${name}`;
    },
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
