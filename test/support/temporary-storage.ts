import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import { openStorage, type Storage } from "~/lib/storage/open-storage.server";

/**
 * A real embedded database, migrated, in a fresh temporary directory for each test of the
 * file, deleted after it. The object reads the current test's database.
 */
export function useTemporaryStorage(prefix: string): Storage {
  let directory: string;
  let current: Storage | undefined;
  beforeEach(async () => {
    directory = mkdtempSync(path.join(tmpdir(), prefix));
    current = await openStorage({ kind: "embedded", file: path.join(directory, "site.sqlite") });
  });
  afterEach(async () => {
    await current?.db.destroy();
    current = undefined;
    rmSync(directory, { recursive: true, force: true });
  });
  const opened = () => {
    if (!current) throw new Error("the temporary database is open only during a test");
    return current;
  };
  return {
    get db() {
      return opened().db;
    },
    get kind() {
      return opened().kind;
    },
  };
}
