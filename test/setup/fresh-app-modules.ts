import { vi } from "vitest";

/**
 * The unit files share a worker's module registry (vitest.config.ts): the packages they import
 * (React, jsdom's, pkijs, kysely…) load once per worker instead of once per file. Each file still
 * gets the app's own modules fresh, as if alone: they are imported again, reading the
 * environment as it is now, and `singleton()` (app/lib/server/singleton.server.ts, kept on
 * globalThis) starts with an empty registry. Runs before each unit file is imported.
 */
vi.resetModules();
delete (globalThis as Record<symbol, unknown>)[Symbol.for("opinion-labz.singletons")];
