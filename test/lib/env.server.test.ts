import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUNDLED_SAMPLE_SHEET, parseEnv } from "~/lib/env.server";
import { ROOT } from "../support/app-server";

const cwd = mkdtempSync(path.join(tmpdir(), "env-test-"));
const sheetFile = path.join(cwd, "sheet.csv");
writeFileSync(sheetFile, "nombre,pais,id,fecha\n");

describe("parseEnv", () => {
  it("defaults to the bundled sample sheet, 300 s, 8000 ms, port 3000 and a local site URL", () => {
    expect(parseEnv({}, ROOT)).toEqual({
      sheetSource: { kind: "file", path: path.resolve(ROOT, BUNDLED_SAMPLE_SHEET), isBundledSample: true },
      ttlMs: 300_000,
      timeoutMs: 8000,
      port: 3000,
      sharedMaxAgeSeconds: 60,
      siteUrl: "http://localhost:3000",
    });
    expect(parseEnv({ PORT: "8080" }, ROOT).siteUrl).toBe("http://localhost:8080");
  });

  it.each([
    ["https://opinionlabz.com", "https://opinionlabz.com"],
    ["https://opinionlabz.com/", "https://opinionlabz.com"],
    [" HTTPS://OpinionLabz.com:8443 ", "https://opinionlabz.com:8443"],
    ["http://127.0.0.1:3000", "http://127.0.0.1:3000"],
  ])("takes SITE_URL %j as the origin %s", (raw, origin) => {
    expect(parseEnv({ SITE_URL: raw }, ROOT).siteUrl).toBe(origin);
  });

  it("stops when no URL is set and the sample sheet is not where the server was started", () => {
    expect(() => parseEnv({}, cwd)).toThrow(/^Invalid configuration: PARTICIPANTS_CSV_URL is not set and the bundled sample sheet is missing/);
  });

  it("accepts an https URL, a relative file path and numbers", () => {
    const env = parseEnv(
      {
        PARTICIPANTS_CSV_URL: "https://docs.google.com/spreadsheets/d/e/x/pub?output=csv",
        PARTICIPANTS_TTL_SECONDS: "60",
        PARTICIPANTS_TIMEOUT_MS: "2500",
        PORT: "8080",
        SHARED_MAX_AGE_SECONDS: "30",
      },
      cwd,
    );
    expect(env.sheetSource).toEqual({ kind: "url", url: "https://docs.google.com/spreadsheets/d/e/x/pub?output=csv" });
    expect([env.ttlMs, env.timeoutMs, env.port, env.sharedMaxAgeSeconds]).toEqual([60_000, 2500, 8080, 30]);
    expect(parseEnv({ PARTICIPANTS_CSV_URL: "sheet.csv" }, cwd).sheetSource).toEqual({
      kind: "file",
      path: sheetFile,
      isBundledSample: false,
    });
  });

  it.each([
    [{ PARTICIPANTS_CSV_URL: "ftp://example.com/sheet.csv" }, "PARTICIPANTS_CSV_URL"],
    [{ PARTICIPANTS_CSV_URL: "https://exa mple.com/" }, "PARTICIPANTS_CSV_URL"],
    [{ PARTICIPANTS_CSV_URL: "./missing.csv" }, "PARTICIPANTS_CSV_URL"],
    [{ PARTICIPANTS_CSV_URL: "." }, "PARTICIPANTS_CSV_URL"],
    [{ PARTICIPANTS_TTL_SECONDS: "five" }, "PARTICIPANTS_TTL_SECONDS"],
    [{ PARTICIPANTS_TTL_SECONDS: "0" }, "PARTICIPANTS_TTL_SECONDS"],
    [{ PARTICIPANTS_TTL_SECONDS: "-5" }, "PARTICIPANTS_TTL_SECONDS"],
    [{ PARTICIPANTS_TIMEOUT_MS: "1.5" }, "PARTICIPANTS_TIMEOUT_MS"],
    [{ PARTICIPANTS_TIMEOUT_MS: "10" }, "PARTICIPANTS_TIMEOUT_MS"],
    [{ PORT: "http" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ SHARED_MAX_AGE_SECONDS: "0" }, "SHARED_MAX_AGE_SECONDS"],
    [{ SHARED_MAX_AGE_SECONDS: "1h" }, "SHARED_MAX_AGE_SECONDS"],
    [{ SITE_URL: "opinionlabz.com" }, "SITE_URL"],
    [{ SITE_URL: "ftp://opinionlabz.com" }, "SITE_URL"],
    [{ SITE_URL: "https://opinionlabz.com/es" }, "SITE_URL"],
    [{ SITE_URL: "https://opinionlabz.com/?a=1" }, "SITE_URL"],
    [{ SITE_URL: "https://user:pw@opinionlabz.com" }, "SITE_URL"],
  ])("rejects %j, naming %s", (vars, variable) => {
    expect(() => parseEnv(vars, ROOT)).toThrow(new RegExp(`^Invalid configuration: ${variable} `));
  });
});
