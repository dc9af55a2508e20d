/**
 * Import first, before anything from app/: the public origin is https for this test file, as
 * in production (env.server.ts reads SITE_URL once, when first imported), and whatever it was
 * comes back after the file, so the next file in this worker reads its own.
 */
import { afterAll } from "vitest";

const HTTPS_SITE_URL = "https://opinionlabz.example";

const before = process.env.SITE_URL;
process.env.SITE_URL = HTTPS_SITE_URL;
afterAll(() => {
  if (before === undefined) delete process.env.SITE_URL;
  else process.env.SITE_URL = before;
});
