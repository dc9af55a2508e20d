/**
 * The organizer's draw commands as the image runs them (`node build/draw.js`), on a database
 * holding a real draw (quicknet's draw of 5 August 2024, recorded as the run records one, without
 * its seals): `status` checks it and prints its calendar, `claimed` records the delivery once and `status` then shows it and
 * no redraw; a rehearsal key is refused outside NODE_ENV development or test and beside a real
 * draw; `rehearsal-key` makes a key whose signatures the commands accept; bad usage exits 64.
 * Every answer in Spanish, with the exit codes docs/operations.md lists.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/server/parse-env.server";
import { openStorage } from "~/lib/storage/open-storage.server";
import { ROOT } from "../support/app-server";
import { drawCommand, printed } from "../support/draw-command";
import { QUICKNET_DRAW, recordQuicknetDraw } from "../support/quicknet-draw";

const DAY = 24 * 60 * 60 * 1000;
const DRAW_AT = Date.parse(QUICKNET_DRAW.drawAt);

describe("the draw commands on a database holding a real draw", () => {
  let dataDir: string;
  const env = () => ({ DATA_DIR: dataDir, SITE_URL: "https://opinionlabz.example" });
  const draw = (args: string[], now?: Date) => drawCommand(env(), args, { now, built: true });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "draw-commands-"));
    const storage = await openStorage(parseEnv(env(), ROOT).database);
    try {
      await recordQuicknetDraw(storage.db);
    } finally {
      await storage.db.destroy();
    }
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("checks the record, counts its 30 days from the draw instant, then records the delivery once and redraws no more", async () => {
    const before = await draw(["status"]);
    expect(before.code, before.stderr).toBe(0);
    // No server committed a next draw on this database: status says so, and commits nothing itself.
    expect(before.stdout).toContain("No hay un próximo sorteo comprometido");
    expect(before.stdout).toContain("Sorteo del 5/8/2024, 12:00 hora de Argentina (2024-08-05T15:00:00.000Z)");
    expect(printed(before.stdout, "semilla")).toBe(QUICKNET_DRAW.seed);
    // Its round moved by its seals' word, and the seals are not in this database: status names
    // the check that fails, as the badge says "No coincide".
    expect(before.stdout).toContain(
      "comprobación:       NO COINCIDE: rondas de drand (Sorteo usó la ronda 10.024.141; la regla fija la 10.022.812.)",
    );
    const claimBy = new Date(DRAW_AT + 30 * DAY).toISOString();
    expect(before.stdout).toMatch(new RegExp(`para reclamar: +hasta el [^\\n]*\\(${claimBy}\\)`));
    expect(before.stdout).toMatch(
      new RegExp(`próximo resorteo: +ronda 1 desde el [^\\n]*\\(${claimBy}\\): \`npm run draw -- redraw 2024-08\``),
    );
    expect((await draw(["status"])).stdout).toContain("No hay un próximo sorteo comprometido");

    const deliveredAt = new Date(DRAW_AT + 3 * DAY);
    const claimed = await draw(["claimed", "2024-08"], deliveredAt);
    expect(claimed.code, claimed.stderr).toBe(0);
    expect(claimed.stdout).toMatch(/^Premio registrado como entregado\.\n/);
    expect(claimed.stdout).toContain(
      `premio:             entregado el 8/8/2024, 12:00 hora de Argentina (${deliveredAt.toISOString()})`,
    );
    const again = await draw(["claimed", "2024-08"], new Date(DRAW_AT + 4 * DAY));
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(
      `Rechazado: el premio de 2024-08 ya está registrado como entregado el 8/8/2024, 12:00 hora de Argentina (${deliveredAt.toISOString()}).\n`,
    );

    // The same, as data for a script or a monitor.
    const json = await draw(["status", "--json"]);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      upcoming: null,
      draws: [
        {
          record: { drawAt: QUICKNET_DRAW.drawAt, seed: QUICKNET_DRAW.seed, claimedAt: deliveredAt.toISOString() },
          check: { verdict: "mismatch" },
          calendar: { kind: "delivered", at: deliveredAt.getTime() },
        },
      ],
    });

    const after = (await draw(["status"])).stdout;
    expect(after).toContain(`premio:             entregado el`);
    expect(after).toContain("próximo resorteo:   no hay: el premio se entregó el");
    expect(after).not.toContain("para reclamar");
    const redraw = await draw(["redraw", "2024-08"], new Date(DRAW_AT + 31 * DAY));
    expect(redraw.code).toBe(2);
    expect(redraw.stderr).toContain("el premio del sorteo de 2024-08 se entregó el");
  });

  it("refuses a rehearsal key unless NODE_ENV is exactly development or test, and beside a real draw", async () => {
    const made = await drawCommand({}, ["rehearsal-key", "1000"], { built: true });
    const publicKey = printed(made.stdout, "clave pública");
    for (const nodeEnv of [null, "", "staging", "Production", "prod"]) {
      const refused = await drawCommand({ ...env(), DRAW_REHEARSAL_KEY: publicKey }, ["status"], {
        nodeEnv,
        built: true,
      });
      expect(refused.code, String(nodeEnv)).toBe(1);
      expect(refused.stderr).toContain("DRAW_REHEARSAL_KEY es solo para ensayos");
    }
    const beside = await drawCommand(
      { ...env(), DRAW_REHEARSAL_KEY: publicKey },
      ["redraw", "2024-08", "--signature", printed(made.stdout, "firma de la ronda 1000")],
      { nodeEnv: "development", built: true },
    );
    expect(beside.code).toBe(2);
    expect(beside.stderr).toContain(
      "Rechazado: esta base de datos tiene sorteos reales (el último, el de 2024-08): un ensayo nunca se hace sobre ella",
    );
    // discard asks for --yes first, as privacy -- delete and waitlist:notify do; nothing is done without it.
    const unconfirmed = await draw(["discard", "2024-08"]);
    expect(unconfirmed).toMatchObject({ code: 3, stdout: "" });
    expect(unconfirmed.stderr).toBe(
      "No se borró nada: discard borra el ensayo del sorteo de 2024-08 (sus rondas; nunca un sorteo real). Si es lo que querés, confirmá con --yes:\n  npm run draw -- discard 2024-08 --yes\n",
    );
    const discard = await draw(["discard", "2024-08", "--yes"]);
    expect(discard.code).toBe(2);
    expect(discard.stderr).toContain(
      "el sorteo de 2024-08 no es un ensayo: un sorteo hecho con drand nunca se descarta",
    );
  });
});

describe("rehearsal-key", () => {
  it("makes a key pair whose signatures of each round the commands accept, again from its secret", async () => {
    const made = await drawCommand({}, ["rehearsal-key", "34618012", "35482012"], { built: true });
    expect(made.code, made.stderr).toBe(0);
    const publicKey = printed(made.stdout, "clave pública");
    const secret = printed(made.stdout, "clave secreta");
    expect(publicKey).toMatch(/^[0-9a-f]{192}$/);
    const again = await drawCommand({}, ["rehearsal-key", "35482012", "--secret", secret], { built: true });
    expect(printed(again.stdout, "clave pública")).toBe(publicKey);
    expect(printed(again.stdout, "firma de la ronda 35482012")).toBe(
      printed(made.stdout, "firma de la ronda 35482012"),
    );
    // The beacon check takes each signature for its round under the key, and refuses it for another.
    const dataDir = mkdtempSync(path.join(tmpdir(), "rehearsal-key-"));
    try {
      const rehearsal = { DATA_DIR: dataDir, DRAW_REHEARSAL_KEY: publicKey };
      // `beacon` opens the configured database, which a command never creates: the server's.
      await (await openStorage(parseEnv({ DATA_DIR: dataDir }, ROOT).database)).db.destroy();
      const signature = printed(made.stdout, "firma de la ronda 34618012");
      const checked = await drawCommand(rehearsal, ["beacon", "34618012", signature], { built: true });
      expect(checked.code, checked.stderr).toBe(0);
      expect(checked.stdout).toMatch(/^[0-9a-f]{64}\n$/);
      const other = await drawCommand(rehearsal, ["beacon", "34618013", signature], { built: true });
      expect(other.code).toBe(2);
      expect(other.stderr).toContain("la firma no es la de la ronda 34618013 de la cadena");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    const badSecret = await drawCommand({}, ["rehearsal-key", "1", "--secret", "zz"], { built: true });
    expect(badSecret).toMatchObject({ code: 2, stdout: "" });
  });

  it("answers bad usage naming what is wrong, then the usage, in Spanish, and exit 64", async () => {
    for (const [args, problem] of [
      [[], "Falta el comando."],
      [["sortear"], "«sortear» no es un comando de draw."],
      [["claimed", "2026-13"], "«2026-13» no es un mes válido: escribilo AAAA-MM, como 2026-12."],
      [["redraw", "2026-13"], "«2026-13» no es un mes válido: escribilo AAAA-MM, como 2026-12."],
      [["claimed"], "Falta el mes."],
      [["claimed", "2026-12", "2027-01"], "Sobra «2027-01»."],
      [["discard"], "Falta el mes."],
      [["beacon", "cero", "abc"], "«cero» no es un número de ronda de drand (un entero positivo)."],
      [["rehearsal-key"], "Falta al menos una ronda."],
      [["run", "--secret", "x"], "run no lleva la opción «--secret»."],
      [["run", "--signature"], "Falta el valor después de «--signature»."],
      [["status", "--json", "--json"], "«--json» va una sola vez."],
      [["verify", "opinionlabz.example", "2026-12"], "«opinionlabz.example» no es la dirección de un sitio"],
    ] as const) {
      const usage = await drawCommand({}, [...args], { built: true });
      expect(usage.code, args.join(" ")).toBe(64);
      expect(usage.stderr.startsWith(problem), usage.stderr).toBe(true);
      expect(usage.stderr).toMatch(/\nUso: npm run draw -- status \[--json\]\n/);
    }
  });
});
