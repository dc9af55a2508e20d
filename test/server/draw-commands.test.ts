/**
 * The organizer's draw commands as the image runs them (`node build/draw.js`), on a database
 * holding a real draw of rule v1 (quicknet's draw of 5 August 2024, recorded as the run recorded
 * one, without its seals, on the round its seals once moved it to): `status` checks it (a moved
 * round no longer counts) and prints its calendar; `claimed` writes a claim two authorities seal
 * (their clocks at the command's), which counts once, and `status` then shows it and no redraw;
 * a rehearsal key is refused outside NODE_ENV development or test, beside a real draw, and on a
 * database a production server opened; `rehearsal-key` makes a key whose signatures the
 * commands accept; bad usage exits 64. Every answer in Spanish, a refusal one line, with the
 * exit codes docs/operations.md lists.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/server/parse-env.server";
import { openStorage } from "~/lib/storage/open-storage.server";
import { markDatabase } from "~/lib/storage/database-marks.server";
import { ROOT } from "../support/app-server";
import { drawCommand, printed } from "../support/draw-command";
import { QUICKNET_DRAW, recordQuicknetDraw } from "../support/quicknet-draw";
import { startWitnessPair, type WitnessPair } from "../support/timestamp-authority";

/**
 * Where `rehearsal-key` runs: a directory with no database, never the checkout's ./data (a
 * production server started there marks it, and rehearsal commands then refuse it).
 */
const NO_DATABASE = { DATA_DIR: mkdtempSync(path.join(tmpdir(), "rehearsal-key-none-")) };
afterAll(() => rmSync(NO_DATABASE.DATA_DIR, { recursive: true, force: true }));

const DAY = 24 * 60 * 60 * 1000;
const DRAW_AT = Date.parse(QUICKNET_DRAW.drawAt);

/** What a command said on stderr but its log's lines ("[config] …", JSON events): a refusal is one line, no stack. */
const oneLine = (stderr: string) =>
  stderr
    .trim()
    .split("\n")
    .filter((line) => !line.startsWith("[config]") && !line.startsWith('{"event"'));

describe("the draw commands on a database holding a real draw", () => {
  let dataDir: string;
  let witnesses: WitnessPair;
  const env = () => ({ DATA_DIR: dataDir, SITE_URL: "https://opinionlabz.example", ...witnesses.env });
  /** The command at `now`, its witnesses' clocks there too. */
  const draw = (args: string[], now?: Date) => {
    witnesses.setClock(now ? () => now : null);
    return drawCommand(env(), args, { now, built: true });
  };

  beforeAll(async () => {
    witnesses = await startWitnessPair(["Testigo del Reclamo Uno", "Testigo del Reclamo Dos"]);
    dataDir = mkdtempSync(path.join(tmpdir(), "draw-commands-"));
    const storage = await openStorage(parseEnv(env(), ROOT).database);
    try {
      await recordQuicknetDraw(storage.db);
    } finally {
      await storage.db.destroy();
    }
  });
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await witnesses?.close();
  });

  // Eight commands, each a process of its own: past the 60 s default with the two cores at load 15.
  it(
    "checks the record, counts its 30 days from the draw instant, then records a sealed claim once and redraws no more",
    {
      timeout: 180_000,
    },
    async () => {
      const before = await draw(["status"]);
      expect(before.code, before.stderr).toBe(0);
      // No server wrote a next draw on this database: status says so, and writes nothing itself.
      expect(before.stdout).toContain("No hay un próximo sorteo registrado");
      expect(before.stdout).toContain("Sorteo del 5/8/2024, 12:00 hora de Argentina (2024-08-05T15:00:00.000Z)");
      expect(printed(before.stdout, "semilla")).toBe(QUICKNET_DRAW.seed);
      // Its round is one its seals once moved it to: no round but the rule's counts now, and
      // status names the check that fails, as the badge says "No coincide".
      expect(before.stdout).toContain(
        "comprobación:       NO COINCIDE: rondas de drand (Sorteo usó la ronda 10.024.141; la regla fija la 10.022.812, y ninguna otra cuenta.)",
      );
      const claimBy = new Date(DRAW_AT + 30 * DAY).toISOString();
      expect(before.stdout).toMatch(new RegExp(`para reclamar: +hasta el [^\\n]*\\(${claimBy}\\)`));
      expect(before.stdout).toMatch(
        new RegExp(`próximo resorteo: +ronda 1 desde el [^\\n]*\\(${claimBy}\\): \`npm run draw -- redraw 2024-08\``),
      );
      expect((await draw(["status"])).stdout).toContain("No hay un próximo sorteo registrado");

      // The authorities down: the claim is written but does not count, refused in one line.
      const claimedAt = new Date(DRAW_AT + 3 * DAY);
      for (const authority of witnesses.authorities) authority.mode = "down";
      const unsealed = await draw(["claimed", "2024-08"], claimedAt);
      expect(unsealed.code).toBe(2);
      expect(oneLine(unsealed.stderr).at(-1)).toMatch(
        /^Rechazado: el reclamo de 2024-08 quedó escrito pero todavía no cuenta: le faltan los sellos de dos autoridades independientes, que el servidor sigue pidiendo hasta el 4\/9\/2024, 12:30 hora de Argentina \(2024-09-04T15:30:00.000Z\); si no llegan antes, el resorteo vale\.$/,
      );
      for (const authority of witnesses.authorities) authority.mode = "up";
      // Back: both seal it at the command's instant, before the redraw's round: it counts.
      const claimed = await draw(["claimed", "2024-08"], claimedAt);
      expect(claimed.code, claimed.stderr).toBe(0);
      expect(claimed.stdout).toMatch(
        /^Premio registrado como reclamado: dos autoridades sellaron el reclamo a tiempo\.\n/,
      );
      expect(claimed.stdout).toContain(
        `premio:             reclamado el 8/8/2024, 12:00 hora de Argentina (${claimedAt.toISOString()}) (su primer sello)`,
      );
      const again = await draw(["claimed", "2024-08"], new Date(DRAW_AT + 4 * DAY));
      expect(again.code).toBe(2);
      expect(oneLine(again.stderr)).toEqual([
        `Rechazado: el premio de 2024-08 ya está registrado como reclamado el 8/8/2024, 12:00 hora de Argentina (${claimedAt.toISOString()}).`,
      ]);

      // The same, as data for a script or a monitor.
      const json = await draw(["status", "--json"]);
      expect(json.code, json.stderr).toBe(0);
      expect(JSON.parse(json.stdout)).toMatchObject({
        upcoming: null,
        draws: [
          {
            record: { drawAt: QUICKNET_DRAW.drawAt, seed: QUICKNET_DRAW.seed, claimedAt: claimedAt.toISOString() },
            check: { verdict: "mismatch" },
            calendar: { kind: "delivered", at: claimedAt.getTime() },
          },
        ],
      });

      const after = (await draw(["status"])).stdout;
      expect(after).toContain(`premio:             reclamado el`);
      expect(after).toContain("próximo resorteo:   no hay: el premio se reclamó el");
      expect(after).not.toContain("para reclamar");
      const redraw = await draw(["redraw", "2024-08"], new Date(DRAW_AT + 31 * DAY));
      expect(redraw.code).toBe(2);
      expect(redraw.stderr).toContain("el premio del sorteo de 2024-08 se reclamó el");
    },
  );

  it("refuses a rehearsal key unless NODE_ENV is exactly development or test, and beside a real draw", async () => {
    const made = await drawCommand(NO_DATABASE, ["rehearsal-key", "1000"], { built: true });
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

  it("refuses every rehearsal command on a database a production server opened, in one Spanish line", async () => {
    const storage = await openStorage(parseEnv(env(), ROOT).database);
    try {
      await markDatabase(storage.db, "production", DRAW_AT + 40 * DAY);
    } finally {
      await storage.db.destroy();
    }
    const why =
      "Rechazado: un servidor de producción abrió esta base de datos el 14/9/2024, 12:00 hora de Argentina (2024-09-14T15:00:00.000Z), así que un ensayo no se hace sobre ella (el sitio real lo mostraría): ensayá sobre una base de datos nueva, con NODE_ENV=development o test.";
    const key = await drawCommand(env(), ["rehearsal-key", "1000"], { built: true });
    expect([key.code, key.stdout, oneLine(key.stderr)]).toEqual([2, "", [why]]);
    const made = await drawCommand(NO_DATABASE, ["rehearsal-key", "10022812"], { built: true });
    const rehearsal = { ...env(), DRAW_REHEARSAL_KEY: printed(made.stdout, "clave pública") };
    const run = await drawCommand(
      rehearsal,
      ["run", "--signature", printed(made.stdout, "firma de la ronda 10022812")],
      {
        now: new Date(DRAW_AT + 41 * DAY),
        built: true,
      },
    );
    expect([run.code, oneLine(run.stderr)]).toEqual([2, [why]]);
    const discard = await draw(["discard", "2024-08", "--yes"]);
    expect([discard.code, oneLine(discard.stderr)]).toEqual([2, [why]]);
  });
});

describe("rehearsal-key", () => {
  it("makes a key pair whose signatures of each round the commands accept, again from its secret", async () => {
    const made = await drawCommand(NO_DATABASE, ["rehearsal-key", "34618012", "35482012"], { built: true });
    expect(made.code, made.stderr).toBe(0);
    const publicKey = printed(made.stdout, "clave pública");
    const secret = printed(made.stdout, "clave secreta");
    expect(publicKey).toMatch(/^[0-9a-f]{192}$/);
    const again = await drawCommand(NO_DATABASE, ["rehearsal-key", "35482012", "--secret", secret], { built: true });
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
    const badSecret = await drawCommand(NO_DATABASE, ["rehearsal-key", "1", "--secret", "zz"], { built: true });
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
