/**
 * `npm run test:container`: the Dockerfile built and the image run for real (Docker, or
 * buildah through the shared tool), then checked from outside as an operator would see it.
 * Not part of `npm test` (a build takes minutes); `.ci/run` runs it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCount } from "~/lib/ui/wording";
import { holdSlowSheet, sheetPath } from "../mocks/handlers";
import { startSheetServer, type SheetServer } from "../mocks/sheet-server";
import { sampleParticipants } from "../mocks/sheets";
import { freePort } from "../support/app-server";
import { BROWSER_USER_AGENT } from "../support/browser";
import { upcomingIn } from "../support/draw-command";
import { findContainerEngine, type ContainerEngine, type RunningContainer } from "../support/container-engine";
import { ABORTING_OBJECT_WRAP_IMPORT, EMBEDDED_DATABASE_MODULE } from "../support/native-module";

const TAG = "opinion-labz:test-container";
/** The product's promise for a stop (docs/operations.md); the usual figure is well under 1 s. */
const STOP_WITHIN_MS = 5000;
/** Packages that belong to the build, never to the running image. */
const DEV_TOOLS = ["typescript", "@remix-run/dev", "vitest", "tailwindcss", "esbuild", "msw", "tsx", "playwright-core"];
const NEWEST = (await sampleParticipants())[0]!.nombre;
const SLOW_SHEET = sheetPath("slow");

const found = findContainerEngine();
if ("missing" in found) {
  // CI sets TEST_CONTAINER_REQUIRED: there a skipped container test would hide a broken image.
  if (process.env.TEST_CONTAINER_REQUIRED) throw new Error(`test:container cannot run: ${found.missing}`);
  console.warn(`test:container skipped: ${found.missing}.`);
}
const engine: ContainerEngine | undefined = "engine" in found ? found.engine : undefined;

describe.skipIf(!engine)(`the image, built and run with ${engine?.name ?? "nothing"}`, () => {
  beforeAll(async () => {
    const startedAt = Date.now();
    await engine!.build(TAG);
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
    console.log(
      `test:container: ${TAG} built in ${seconds} s with ${engine!.name}; image size ${await engine!.imageSize(TAG)}`,
    );
  });

  describe("started with no configuration", () => {
    let container: RunningContainer;
    beforeAll(async () => {
      container = await engine!.run(TAG, await freePort());
    });
    afterAll(async () => {
      await container?.stop();
    });

    it("serves the bundled sample, says so on the page and in /healthz, and tells the operator what to set", async () => {
      const page = await fetch(`${container.origin}/sorteos`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(NEWEST);
      expect(html).toContain("Datos de ejemplo");

      const health = await fetch(`${container.origin}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: "ok", participants: { source: "sample", lastError: null } });
      expect(await container.logs()).toMatch(
        /PARTICIPANTS_CSV_URL no está configurada.*Configurá PARTICIPANTS_CSV_URL/,
      );
    });

    it("runs as uid 1000 and cannot change its own code", async () => {
      expect((await container.exec(["id", "-u"])).stdout.trim()).toBe("1000");
      for (const target of ["/app/serve.js", "/app/build/index.js", "/app/node_modules/@remix-run/serve/dist/cli.js"]) {
        const write = await container.exec(["sh", "-c", `echo tampered >> ${target}`]);
        expect(write.code, `writing ${target}`).not.toBe(0);
        expect(write.stderr).toMatch(/Permission denied/);
      }
      const create = await container.exec(["sh", "-c", "echo x > /app/new-file"]);
      expect(create.code).not.toBe(0);
    });

    it("passes its own HEALTHCHECK", async () => {
      const health = await container.health();
      expect(health.code, health.stderr).toBe(0);
    });

    it("holds production dependencies only, with no dev tools", async () => {
      const listing = await container.exec(["sh", "-c", "cd /app/node_modules && ls -d * @*/*"]);
      expect(listing.code, listing.stderr).toBe(0);
      const packages = listing.stdout.split(/\s+/).filter(Boolean);
      expect(packages).toContain("@remix-run/serve");
      for (const tool of DEV_TOOLS) expect(packages, `${tool} in the image`).not.toContain(tool);
      const size = await container.exec(["du", "-sm", "/app/node_modules"]);
      console.log(
        `test:container: /app/node_modules holds ${packages.length} packages, ${size.stdout.split(/\s/)[0]} MB`,
      );
    });

    it("carries an embedded database module compiled without the ObjectWrap cleanup hook that aborts its Node", async () => {
      const check = await container.exec([
        "node",
        "-p",
        `require("fs").readFileSync(require.resolve(${JSON.stringify(EMBEDDED_DATABASE_MODULE)})).includes(${JSON.stringify(ABORTING_OBJECT_WRAP_IMPORT)})`,
      ]);
      expect(check.code, check.stderr).toBe(0);
      expect(check.stdout.trim()).toBe("false");
    });

    it("runs the draw command beside the server, on the same database: the round it prints is the page's", async () => {
      const status = await container.exec(["node", "build/draw.js", "status"]);
      expect(status.code, status.stderr).toBe(0);
      const { drandRound } = upcomingIn(status.stdout);
      // As a visitor reads it: without the markers React puts between adjacent text nodes.
      const page = (await (await fetch(`${container.origin}/sorteos`)).text()).replaceAll("<!-- -->", "");
      expect(page).toContain(`ronda ${formatCount(drandRound)}`);
    });

    it("runs the status command beside the server: the server's own report, read from the volume's database", async () => {
      const status = await container.exec(["node", "build/status.js"]);
      expect(status.code, status.stderr).toBe(0);
      expect(status.stdout).toContain("Base de datos: el archivo embebido (DATA_DIR), responde.");
      expect(status.stdout).toMatch(/: funcionando; arrancó el /);
      expect(status.stdout).toContain("Participantes: la planilla de EJEMPLO incluida");
    });

    it("keeps the search text out of the access log, for pages and data requests", async () => {
      await (await fetch(`${container.origin}/sorteos?q=secretname`)).text();
      await (await fetch(`${container.origin}/sorteos.data?q=secretname&_routes=routes%2Fsorteos`)).text();
      const logs = await container.logs();
      expect(logs).toContain("GET /sorteos?q=REDACTED");
      expect(logs).toContain("GET /sorteos.data?q=REDACTED");
      expect(logs).not.toContain("secretname");
    });
  });

  describe("stopped with SIGTERM while a page waits on a slow sheet", () => {
    let sheet: ReturnType<typeof holdSlowSheet>;
    let sheets: SheetServer;
    let container: RunningContainer;

    beforeAll(async () => {
      // The sheet answers when this test says so: the page is in flight however busy the machine is.
      sheet = holdSlowSheet();
      sheets = await startSheetServer();
      container = await engine!.run(TAG, await freePort(), {
        PARTICIPANTS_CSV_URL: sheets.url(SLOW_SHEET),
        PARTICIPANTS_TIMEOUT_MS: "30000",
      });
    });
    afterAll(async () => {
      sheet?.restore();
      await sheets?.close();
    });

    it("finishes the response in flight and exits 0 within 5 s", async () => {
      const response = await fetch(`${container.origin}/sorteos`, { headers: { "user-agent": BROWSER_USER_AGENT } });
      expect(response.status).toBe(200);
      const body = response.text();
      expect(sheets.hits(SLOW_SHEET), "the sheet is being fetched, held").toBe(1);

      const signalledAt = Date.now();
      const stopped = container.stop();
      // The sheet answers once SIGTERM has been delivered and the listener is closing.
      await new Promise((resolve) => setTimeout(resolve, 300));
      sheet.release();

      const html = await body;
      expect(html).toContain(NEWEST);
      expect(html).toContain("</html>");
      expect(await stopped).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(STOP_WITHIN_MS);
    });
  });
});
