/**
 * deploy/nginx.conf as shipped, run by Debian's nginx on loopback in front of the built
 * server: its access log holds paths without their query (a search is a visitor's name), and
 * Strict-Transport-Security reaches the browser through it (it overwrote X-Forwarded-Proto
 * with its own plain-http hop, so the app never sent HSTS).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, startAppServer, type AppServer } from "../support/app-server";
import { BROWSER_USER_AGENT } from "../support/browser";
import { startNginx, type Nginx } from "../support/nginx";

const dir = mkdtempSync(path.join(tmpdir(), "opinion-labz-nginx-"));
const pathsLog = path.join(dir, "paths.log");
let app: AppServer;
let nginx: Nginx;

beforeAll(async () => {
  app = await startAppServer({ SITE_URL: "https://opinionlabz.example" });
  const example = readFileSync(path.join(ROOT, "deploy/nginx.conf"), "utf8");
  nginx = await startNginx(dir, (listen) => {
    // Only what ties the example to its compose network and to /var/log changes.
    const local = example
      .replace("server site:3000;", `server 127.0.0.1:${new URL(app.origin).port};`)
      .replace("listen 80;", `listen 127.0.0.1:${listen};`)
      .replace("/var/log/nginx/access.log", pathsLog);
    expect(local).toContain(pathsLog);
    return local;
  });
});
afterAll(async () => {
  await nginx?.stop();
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("the example nginx", () => {
  it("logs the path of a search without its query", async () => {
    const response = await fetch(`${nginx.origin}/sorteos?q=Maria%20Gonzalez&page=2`, {
      headers: { "user-agent": BROWSER_USER_AGENT },
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    await expect.poll(() => readFileSync(pathsLog, "utf8")).toContain("GET /sorteos HTTP/1.1");
    const log = readFileSync(pathsLog, "utf8");
    expect(log).not.toContain("Maria");
    expect(log).not.toContain("q=");
  });

  it("passes Strict-Transport-Security through when SITE_URL is https", async () => {
    for (const pagePath of ["/", "/sorteos.data", "/healthz"]) {
      const response = await fetch(`${nginx.origin}${pagePath}`, { headers: { "user-agent": BROWSER_USER_AGENT } });
      await response.arrayBuffer();
      expect(response.headers.get("strict-transport-security"), pagePath).toBe("max-age=63072000; includeSubDomains");
    }
  });
});
