import { afterAll } from "vitest";
import { stopLeftoverAppServers } from "../support/app-server";

/**
 * Registered first in every HTTP and browser test file, so it runs after the file's own
 * `afterAll` hooks: whatever app server the file left running is stopped there, not at the end
 * of the worker's last file (test/support/app-server.ts).
 */
afterAll(stopLeftoverAppServers);
