/**
 * deploy/nginx.conf as shipped, run by Debian's nginx on loopback (on a port of its own, as
 * compose's 8080) in front of the built server: its access log holds paths without their query
 * (a search is a visitor's name), Strict-Transport-Security reaches the browser through it, a
 * browser's form works through it (it dropped the port from Host, and every form failed), and
 * an X-Forwarded-For a client writes is not who the limits count.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, startAppServer, type AppServer } from "../support/app-server";
import {
  backdateFormStart,
  BROWSER_USER_AGENT,
  gotoHydrated,
  openPage,
  sharedBrowser,
  withoutBlockedScripts,
} from "../support/browser";
import { startNginx, type Nginx } from "../support/nginx";
import { postForm } from "../support/waitlist";

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

  it.each([true, false])("takes a sign-up from a browser on nginx's own port (JavaScript %s)", async (javaScript) => {
    const browser = await sharedBrowser();
    const { page, context, problems } = await openPage(browser, 390, { javaScriptEnabled: javaScript });
    await (javaScript ? gotoHydrated(page, `${nginx.origin}/encuesta`) : page.goto(`${nginx.origin}/encuesta`));
    expect(new URL(page.url()).port).not.toBe("");
    await page.getByLabel("Tu email").fill(`nginx-${javaScript}@example.com`);
    await page.getByRole("checkbox", { name: /^Acepto que Opinion Labz/ }).check();
    await backdateFormStart(page);
    await page.getByRole("button", { name: "Avisarme cuando esté listo" }).click();
    await expect.poll(async () => page.getByTestId("notify-status").textContent()).toContain("te llega un email");
    expect(javaScript ? problems : withoutBlockedScripts(problems)).toEqual([]);
    await context.close();
  });

  it("counts every request it forwards from one client as one, whatever X-Forwarded-For the client wrote", async () => {
    // The per-client limit is 30 submissions in 10 minutes (docs/operations.md, "Sign-ups and limits").
    const statuses: number[] = [];
    for (let index = 0; index < 31; index++) {
      const response = await postForm(
        nginx,
        "/encuesta",
        { email: `falsa-${index}@example.com`, consentimiento: "si" },
        { client: `203.0.113.${index + 1}` },
      );
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    // Each with its own X-Forwarded-For, they would all pass; as one client (the browser's sign-ups
    // above count too), the limit refuses them from the 31st on.
    const accepted = statuses.filter((status) => status === 200).length;
    expect(accepted).toBeLessThanOrEqual(30);
    expect(statuses).toEqual([...Array<number>(accepted).fill(200), ...Array<number>(31 - accepted).fill(429)]);
  });
});
