import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../../setup/fail-on-console-error";
import { ROOT } from "../../support/app-server";

describe("the configuration read at start-up", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it("prints what is wrong and exits with 1 on a bad variable", async () => {
    vi.stubEnv("PORT", "http");
    const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    const printed = expectConsoleError();
    vi.resetModules();
    // With process.exit stubbed, the error still ends the import after the exit call.
    await expect(import("~/lib/server/env.server")).rejects.toBeInstanceOf(Error);
    expect(exit).toHaveBeenCalledWith(1);
    expect(printed).toHaveBeenCalledWith(`Configuración inválida: PORT tiene que ser un número entero, y es "http"`);
  });

  it("lists the bundled sample sheet, and says so in the log, when no sheet is configured", async () => {
    vi.stubEnv("PARTICIPANTS_CSV_URL", "");
    vi.spyOn(process, "cwd").mockReturnValue(ROOT);
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.resetModules();
    const { env } = await import("~/lib/server/env.server");
    expect(env.sheetSource).toEqual({
      kind: "file",
      path: path.join(ROOT, "app/lib/participants/sample-sheet.csv"),
      isBundledSample: true,
    });
    expect(warned).toHaveBeenCalledWith(
      expect.stringMatching(/^\[config\] PARTICIPANTS_CSV_URL no está configurada: .*"Datos de ejemplo"/),
    );
  });

  it.each([
    ["a URL", "https://docs.example/sheet.csv"],
    ["a file of its own", "app/lib/participants/sample-sheet.csv"],
  ])("says nothing about sample data when the sheet is %s", async (_label, source) => {
    vi.stubEnv("PARTICIPANTS_CSV_URL", source);
    vi.spyOn(process, "cwd").mockReturnValue(ROOT);
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.resetModules();
    const { env } = await import("~/lib/server/env.server");
    expect(env.sheetSource).not.toMatchObject({ isBundledSample: true });
    expect(warned).not.toHaveBeenCalled();
  });

  const ORGANIZER = {
    ORGANIZER_NAME: "Encuestas del Sur S.R.L.",
    ORGANIZER_TAX_ID: "30-71234567-1",
    ORGANIZER_ADDRESS: "Av. Siempre Viva 742, Rosario",
    CONTACT_EMAIL: "ayuda@example.com",
  };

  async function startUpWarnings(vars: Record<string, string>, nodeEnv: string) {
    vi.stubEnv("NODE_ENV", nodeEnv);
    vi.stubEnv("PARTICIPANTS_CSV_URL", "https://docs.example/sheet.csv");
    vi.stubEnv("FORM_SECRET", "a-form-secret-of-at-least-32-characters");
    for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.resetModules();
    await import("~/lib/server/env.server");
    return warned.mock.calls.map((args) => String(args[0]));
  }

  it("warns once in production, naming every organizer variable still unset", async () => {
    const warnings = await startUpWarnings({ ORGANIZER_NAME: "Encuestas del Sur S.R.L." }, "production");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^\[config\] ORGANIZER_TAX_ID, ORGANIZER_ADDRESS, CONTACT_EMAIL no están configuradas: .*datos de EJEMPLO, marcados "Datos de ejemplo"/,
    );
  });

  it("says once in production that FORM_SECRET is unset, and where the made secret is kept instead", async () => {
    expect(await startUpWarnings({ FORM_SECRET: "" }, "development")).toEqual([]);
    vi.unstubAllEnvs();
    const warnings = await startUpWarnings({ ...ORGANIZER, FORM_SECRET: "", DATA_DIR: "/var/lib/site" }, "production");
    expect(warnings).toEqual([
      expect.stringMatching(
        /^\[config\] FORM_SECRET is not set: .* kept in \/var\/lib\/site\/form-secret \(mode 0600\), never in the database\./,
      ),
    ]);
  });

  it("says nothing about the organizer once it is set, or outside production", async () => {
    expect(await startUpWarnings(ORGANIZER, "production")).toEqual([]);
    vi.unstubAllEnvs();
    expect(await startUpWarnings({}, "development")).toEqual([]);
  });
});
