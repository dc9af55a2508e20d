/**
 * docs/draw.md's "By hand, with openssl, Python and one BLS tool", run as the document prints
 * it, against a real record: the built server publishes the thousand-entry draw of Monday
 * 5 August 2024 (a real quicknet round, test/support/quicknet-draw.ts; the server's clock on the
 * next day, so the record is a day old), whose statements two loopback authorities sealed at
 * the instants that moved its round, one of them stamping milliseconds. The download commands,
 * openssl's check of each seal, the Python script and the BLS tool each do what the document
 * says, with nothing of ours; and the script names what no longer matches when a file is changed.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entryWindow } from "~/lib/draw/entry-window";
import { verifyTimestampReply } from "~/lib/draw/timestamp-token";
import { pemCertificates, trustedRoots } from "~/lib/draw/trusted-roots";
import { DRAW_RULE } from "~/lib/draw/draw-checks";
import { expectedStatements } from "~/lib/draw/witness-checks";
import { tokenFileName } from "~/lib/draw/witness-statement";
import { parseEnv } from "~/lib/server/parse-env.server";
import { openStorage } from "~/lib/storage/open-storage.server";
import { freePort, ROOT, startAppServer, type AppServer } from "../support/app-server";
import { expectedWinners, sha256 } from "../support/draw-command";
import { QUICKNET_DRAW, QUICKNET_LIST } from "../support/quicknet-draw";
import {
  rootsFile,
  stampedByOpenssl,
  startStandInAuthority,
  type StandInAuthority,
} from "../support/timestamp-authority";

const run = promisify(execFile);
const DRAW_MD = readFileSync(path.join(ROOT, "docs/draw.md"), "utf8");
const DAY = "2024-08-05";
const DRAW_AT = Date.parse(QUICKNET_DRAW.drawAt);
/**
 * When each authority sealed each statement: the commitment a week before the draw, the list
 * only after the rule's round (15:30:00 UTC) was out, the first at 16:06:26 (so the draw moved
 * to round 10,024,141, out at 16:36:27), the other, with milliseconds, half a minute later.
 */
const SEALED_AT = {
  commitment: ["2024-07-29T12:00:00.000Z", "2024-07-29T12:00:00.750Z"],
  list: ["2024-08-05T16:06:26.000Z", "2024-08-05T16:07:00.250Z"],
} as const;

/**
 * The text of the first fenced block of `language` after `heading` in docs/draw.md, as a reader
 * copies it: a block inside a list item without the item's indentation.
 */
function fencedBlock(heading: string, language: string): string {
  const from = DRAW_MD.indexOf(heading);
  if (from < 0) throw new Error(`docs/draw.md has no "${heading}"`);
  const match = new RegExp("^( *)```" + language + "\\n([\\s\\S]*?)^ *```", "m").exec(DRAW_MD.slice(from));
  if (!match) throw new Error(`no ${language} block after "${heading}"`);
  const indent = match[1]!;
  return match[2]!
    .split("\n")
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
    .join("\n");
}

const BY_HAND = "### By hand, with openssl, Python and one BLS tool";

/** An instant as the script writes one: Python's `isoformat(timespec="milliseconds")` in UTC. */
const pythonInstant = (iso: string) => iso.replace(/Z$/, "+00:00");

let app: AppServer;
let authorities: StandInAuthority[];
let dataDir: string;
let folder: string;

/**
 * Steps 1 and 2 in a folder of their own: the record's files downloaded by the commands printed
 * in step 1 (the site and the day filled in), the roots the auditor trusts (here the two
 * authorities'), and the script of step 4 saved as `verificar.py`. The folder `sorteo` made.
 */
async function downloaded(): Promise<string> {
  const parent = mkdtempSync(path.join(folder, "auditor-"));
  const download = fencedBlock(BY_HAND, "sh").replace(
    /^SITIO=https:\/\/<site>; DIA=2026-12-07$/m,
    `SITIO=${app.origin}; DIA=${DAY}`,
  );
  expect(download).toContain(`SITIO=${app.origin}; DIA=${DAY}`);
  expect(await bash(download, parent)).toEqual({ code: 0, stdout: "" });
  const work = path.join(parent, "sorteo");
  writeFileSync(path.join(work, "raices.pem"), authorities.map((authority) => authority.rootPem).join(""));
  writeFileSync(path.join(work, "verificar.py"), fencedBlock(BY_HAND, "python"));
  return work;
}

/** Each seal as the script lists it (file names sorted), with the time openssl reads in it. */
const seals = (kind: "commitment" | "list") =>
  authorities
    .map((authority, index) => ({
      file: tokenFileName(kind, authority.url),
      sealed: pythonInstant(SEALED_AT[kind][index]!),
    }))
    .sort((a, b) => a.file.localeCompare(b.file));

/** `bash -e -c script` in `cwd`: its exit status, and its stdout (and stderr, when it fails). */
async function bash(script: string, cwd: string): Promise<{ code: number; stdout: string }> {
  try {
    return { code: 0, stdout: (await run("bash", ["-e", "-c", script], { cwd })).stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: `${failed.stdout}${failed.stderr}` };
  }
}

/** The record of 5 August 2024 stored as the server and the run store one, each statement sealed by both authorities. */
async function recordSealedDraw(env: Record<string, string>): Promise<void> {
  const statements = expectedStatements(
    {
      drawAt: QUICKNET_DRAW.drawAt,
      commitment: QUICKNET_DRAW.commitment,
      listHash: QUICKNET_DRAW.listHash,
      entryCount: QUICKNET_DRAW.ids.length,
      window: entryWindow(DRAW_AT),
      leftOut: { outsideWindow: 3, unreadableDate: 1, refusedId: 2 },
      sample: false,
      idRule: 2,
    },
    DRAW_RULE,
  );
  const roots = trustedRoots(authorities.flatMap((authority) => pemCertificates(authority.rootPem)));
  const witnesses = [];
  for (const kind of ["commitment", "list"] as const) {
    const bytes = new TextEncoder().encode(statements[kind]);
    for (const [index, authority] of authorities.entries()) {
      const at = new Date(SEALED_AT[kind][index]!);
      authority.clock = () => at;
      const reply = await stampedByOpenssl(authority, bytes);
      const verdict = await verifyTimestampReply(reply, bytes, roots);
      if (!verdict.ok) throw new Error(`${authority.url}: ${verdict.problem}`);
      witnesses.push({
        draw_at: DRAW_AT,
        statement: kind,
        authority: authority.url,
        reply: Buffer.from(reply).toString("base64"),
        stamped_at: verdict.facts.stampedAt,
        latest_at: verdict.facts.latestAt,
        received_at: verdict.facts.stampedAt + 1000,
      });
    }
  }
  const storage = await openStorage(parseEnv(env, ROOT).database);
  try {
    await storage.db
      .insertInto("draws")
      .values({
        draw_at: DRAW_AT,
        seed: QUICKNET_DRAW.seed,
        commitment: QUICKNET_DRAW.commitment,
        committed_at: Date.parse(QUICKNET_DRAW.committedAt),
        frozen_at: DRAW_AT + 1000,
        list_text: QUICKNET_LIST,
        list_hash: QUICKNET_DRAW.listHash,
        entry_count: QUICKNET_DRAW.ids.length,
        list_names: JSON.stringify(QUICKNET_DRAW.ids.map(() => "Valentina R.")),
        list_countries: JSON.stringify(QUICKNET_DRAW.ids.map(() => "Argentina")),
        from_sample: 0,
        outside_window: 3,
        unreadable_dates: 1,
        refused_ids: 2,
        id_rule: 2,
        commitment_statement: statements.commitment,
        list_statement: statements.list,
      })
      .execute();
    await storage.db
      .insertInto("draw_rounds")
      .values({
        draw_at: DRAW_AT,
        round: 0,
        beacon_round: QUICKNET_DRAW.round.drandRound,
        beacon: QUICKNET_DRAW.round.beacon,
        beacon_signature: QUICKNET_DRAW.round.signature,
        rehearsal: 0,
        winner_index: QUICKNET_DRAW.ids.indexOf(QUICKNET_DRAW.round.winnerId),
        attempts: 1,
        winner_id: QUICKNET_DRAW.round.winnerId,
        winner_name: "Valentina R.",
        winner_country: "Argentina",
        drawn_at: Date.parse("2024-08-05T16:40:00Z"),
      })
      .execute();
    await storage.db.insertInto("draw_witnesses").values(witnesses).execute();
  } finally {
    await storage.db.destroy();
  }
}

beforeAll(async () => {
  authorities = await Promise.all([
    startStandInAuthority("Testigo Manual Uno", { keyType: "rsa" }),
    startStandInAuthority("Testigo Manual Dos", { keyType: "ec", fractionDigits: 3 }),
  ]);
  dataDir = mkdtempSync(path.join(tmpdir(), "draw-by-hand-"));
  folder = mkdtempSync(path.join(tmpdir(), "draw-by-hand-folder-"));
  const witnessEnv = {
    TIMESTAMP_AUTHORITIES: authorities.map((authority) => authority.url).join(","),
    TIMESTAMP_ROOTS: rootsFile(authorities),
  };
  await recordSealedDraw({ DATA_DIR: dataDir, ...witnessEnv });
  const port = await freePort();
  app = await startAppServer(
    { DATA_DIR: dataDir, SITE_URL: `http://127.0.0.1:${port}`, ...witnessEnv },
    { port, clockAt: new Date("2024-08-06T12:00:00Z") },
  );
});
afterAll(async () => {
  await app?.stop();
  await Promise.all((authorities ?? []).map((authority) => authority.close()));
  for (const dir of [dataDir, folder]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the by-hand recipe of docs/draw.md", () => {
  it("downloads the record's files, checks each seal with openssl, recomputes everything with Python and the beacon with one BLS tool", async () => {
    // The server's own check of the same record: the verified badge.
    expect(await (await fetch(`${app.origin}/sorteos`)).text()).toContain('title="Sorteo verificado"');

    const work = await downloaded();
    // Step 3: openssl accepts each seal over its statement.
    const verifyStep = /`(openssl ts -verify -data lista\.txt -in (\S+) -CAfile raices\.pem)`/.exec(DRAW_MD);
    expect(verifyStep, "step 3's openssl command").not.toBeNull();
    for (const [kind, statement] of [
      ["list", "lista.txt"],
      ["commitment", "compromiso.txt"],
    ] as const) {
      for (const { file } of seals(kind)) {
        const command = verifyStep![1]!.replace(verifyStep![2]!, file).replace("lista.txt", statement);
        expect(await bash(command, work), command).toEqual({ code: 0, stdout: "Verification: OK\n" });
      }
    }

    // Step 4: the Python script, every check ok, exit 0.
    const checked = await bash("python3 verificar.py", work);
    const round = QUICKNET_DRAW.round;
    expect(checked.stdout.split("\n")).toEqual([
      `ok  draw instant: ${QUICKNET_DRAW.drawAt}`,
      "ok  list hash",
      "ok  entries: 1000",
      "ok  commitment",
      "ok  compromiso.txt says what the record says",
      ...seals("commitment").map(({ file, sealed }) => `ok  ${file}: sealed ${sealed}`),
      "ok  lista.txt says what the record says",
      ...seals("list").map(({ file, sealed }) => `ok  ${file}: sealed ${sealed}`),
      "ok  commitment sealed before the draw",
      // The first seal of the list came after the rule's round: the first round out 30 minutes
      // after its latest instant (16:06:27) draws.
      `ok  round 0 uses drand round ${round.drandRound}`,
      "ok  list sealed before round 0's value",
      `ok  winner of round 0: ${round.winnerId}`,
      `    BLS: node check-beacon.mjs ${round.drandRound} ${round.signature}`,
      "",
    ]);
    expect(checked.code).toBe(0);

    // The last step: the BLS tool the document prints, run as the script names it, in a folder
    // where `npm install @noble/curves@2.4.0` has been done (this checkout's copy of that release).
    const tool = path.join(folder, "bls");
    await bash(`mkdir -p ${tool}`, folder);
    symlinkSync(path.join(ROOT, "node_modules"), path.join(tool, "node_modules"));
    const checkBeacon = fencedBlock("**Checking a beacon by hand.**", "js");
    expect(checkBeacon).toContain("npm install @noble/curves@2.4.0");
    writeFileSync(path.join(tool, "check-beacon.mjs"), checkBeacon);
    const printed = /BLS: (node check-beacon\.mjs \d+ [0-9a-f]+)/.exec(checked.stdout)![1]!;
    expect(await bash(printed, tool)).toEqual({ code: 0, stdout: `drand's: randomness ${round.beacon}\n` });
  });
});

describe("what the recipe tells when a published file no longer matches", () => {
  /** The script's verdict on the files after `change`: its exit status and the lines marked NO. */
  async function refusedAfter(change: (work: string) => void): Promise<{ code: number; refused: string[] }> {
    const work = await downloaded();
    change(work);
    const { code, stdout } = await bash("python3 verificar.py", work);
    return { code, refused: stdout.split("\n").filter((line) => !line.startsWith("ok  ") && !line.startsWith("    ")) };
  }
  const editRecord = (work: string, edit: (record: Record<string, unknown>) => void) => {
    const file = path.join(work, "sorteo.json");
    const record = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    edit(record);
    writeFileSync(file, JSON.stringify(record));
  };

  it("names the instant, the statements, the list, the seed and a seal of another text", async () => {
    // The draw instant moved 15 s: not the rule's, and no longer the one the seals saw. (The round
    // stays: the list's first seal, after both rules' rounds, fixes it.)
    expect(
      await refusedAfter((work) =>
        editRecord(work, (record) => (record.drawAt = new Date(DRAW_AT + 15_000).toISOString())),
      ),
    ).toEqual({
      code: 1,
      refused: [
        "NO  draw instant: 2024-08-05T15:00:15.000Z",
        "NO  compromiso.txt says what the record says",
        "NO  lista.txt says what the record says",
        "",
      ],
    });

    // Another list with its own hash: what the seals saw is no longer what is published, and
    // the rule names another winner.
    const swapped = QUICKNET_DRAW.ids.map((id) => (id === QUICKNET_DRAW.round.winnerId ? "OL-99999" : id));
    const swappedText = swapped.map((id) => `${id}\n`).join("");
    const [otherWinner] = expectedWinners(QUICKNET_DRAW.seed, swapped, [QUICKNET_DRAW.round.beacon]);
    expect(
      await refusedAfter((work) => {
        writeFileSync(path.join(work, "ids.txt"), swappedText);
        editRecord(work, (record) => (record.listHash = sha256(swappedText)));
      }),
    ).toEqual({
      code: 1,
      refused: ["NO  lista.txt says what the record says", `NO  winner of round 0: ${otherWinner}`, ""],
    });

    // Another seed with its own commitment: both statements hold the sealed commitment.
    const seed = "5eed".repeat(16);
    const [seedWinner] = expectedWinners(seed, [...QUICKNET_DRAW.ids], [QUICKNET_DRAW.round.beacon]);
    expect(
      await refusedAfter((work) =>
        editRecord(work, (record) => Object.assign(record, { seed, commitment: sha256(seed) })),
      ),
    ).toEqual({
      code: 1,
      refused: [
        "NO  compromiso.txt says what the record says",
        "NO  lista.txt says what the record says",
        `NO  winner of round 0: ${seedWinner}`,
        "",
      ],
    });

    // The first seal of the list replaced by the same authority's seal of the commitment: a
    // valid seal, of another text. The list's first valid seal is then the other one (latest
    // 16:07:01.250), and the round it fixes is the first out from 16:37:01.250: 16:37:03,
    // twelve rounds after the record's.
    const [first] = authorities;
    const listSeal = tokenFileName("list", first!.url);
    expect(
      await refusedAfter((work) =>
        writeFileSync(
          path.join(work, listSeal),
          readFileSync(path.join(work, tokenFileName("commitment", first!.url))),
        ),
      ),
    ).toEqual({
      code: 1,
      refused: [
        `NO  ${listSeal}: sealed ${pythonInstant(SEALED_AT.commitment[0])}`,
        `NO  round 0 uses drand round ${QUICKNET_DRAW.round.drandRound + 12}`,
        "",
      ],
    });
  });
});
