/**
 * docs/draw.md's "By hand, with openssl, Python and one BLS tool", run as the document prints
 * it, against real records: the built server publishes a thousand-entry draw of rule v2 (7
 * December 2026) and a draw of rule v1 (2 November 2026, its seed and commitment), whose
 * statements two loopback authorities sealed (one stamping milliseconds). The download commands,
 * openssl's check of each seal, the Python script and the BLS tool each do what the document
 * says, with nothing of ours; and the script names what no longer matches when a file is changed,
 * as an outsider would find it: seals taken after the round, a freeze moved after its first seal,
 * another round, another list. Their rounds are signed by a test chain standing in for drand (no
 * real quicknet round falls on a rule's round we can pin: test/lib/draw/draw-verdict.test.ts);
 * the BLS tool's own check of a real round is the document's round-1000 example.
 */
import { createHash } from "node:crypto";
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DRAW_TIMING } from "~/lib/draw/draw-checks";
import { rehearsalKey, signRound } from "~/lib/draw/rehearsal-key.server";
import type { PublishedDraw } from "~/lib/draw/published-draw";
import { expectedStatements } from "~/lib/draw/witness-checks";
import { tokenFileName } from "~/lib/draw/witness-statement";
import { parseEnv } from "~/lib/server/parse-env.server";
import { openStorage } from "~/lib/storage/open-storage.server";
import { freePort, ROOT, startAppServer, type AppServer } from "../support/app-server";
import { expectedWinners, sha256 } from "../support/draw-command";
import {
  rootsFile,
  stampedByOpenssl,
  startStandInAuthority,
  type StandInAuthority,
} from "../support/timestamp-authority";
import { decodeEntities } from "../support/html-entities";

const run = promisify(execFile);
const DRAW_MD = readFileSync(path.join(ROOT, "docs/draw.md"), "utf8");
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A round's number by the rule: the first out at or after `at` (quicknet: 3 s from its genesis). */
const firstRoundFrom = (at: number) => Math.ceil((at / 1000 - 1_692_803_367) / 3) + 1;
const chain = rehearsalKey("4f6a8b2c".repeat(8));
const beaconOf = (signature: string) => createHash("sha256").update(Buffer.from(signature, "hex")).digest("hex");

/** The two records, each sealed at its instants: the list two and three seconds after its freeze. */
const V2 = {
  day: "2026-12-07",
  drawAt: Date.parse("2026-12-07T15:00:00.000Z"),
  ids: Array.from({ length: 1000 }, (_, i) => `OL-${25001 + i}`),
  sealedAt: { list: ["2026-12-07T15:00:03.000Z", "2026-12-07T15:00:03.250Z"] },
};
const V1 = {
  day: "2026-11-02",
  drawAt: Date.parse("2026-11-02T15:00:00.000Z"),
  ids: ["OL-24001", "OL-24002", "OL-24003", "OL-24004"],
  seed: "6ce0cbaf6bed9d7bd71c3d0cb3231542ef1d8591b61f691352ed528f59f30f3e",
  sealedAt: {
    commitment: ["2026-10-20T12:00:00.000Z", "2026-10-20T12:00:00.750Z"],
    list: ["2026-11-02T15:00:02.000Z", "2026-11-02T15:00:02.500Z"],
  },
};

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

/** `bash -e -c script` in `cwd`: its exit status, and its stdout (and stderr, when it fails). */
async function bash(script: string, cwd: string): Promise<{ code: number; stdout: string }> {
  try {
    return { code: 0, stdout: (await run("bash", ["-e", "-c", script], { cwd })).stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: `${failed.stdout}${failed.stderr}` };
  }
}

/**
 * Steps 1 and 2 for the draw of `day` in a folder of their own: the record's files downloaded by
 * the commands printed in step 1 (the site and the day filled in), the roots the auditor trusts
 * (here the two authorities'), and the script of step 4 saved as `verificar.py`.
 */
async function downloaded(day: string): Promise<string> {
  // One download per day; each check works on a copy of it (the files never change).
  const kept = pristine.get(day);
  if (kept) {
    const copy = path.join(mkdtempSync(path.join(folder, "copy-")), "sorteo");
    cpSync(kept, copy, { recursive: true });
    return copy;
  }
  const parent = mkdtempSync(path.join(folder, "auditor-"));
  const download = fencedBlock(BY_HAND, "sh").replace(
    /^SITIO=https:\/\/<site>; DIA=2026-12-07$/m,
    `SITIO=${app.origin}; DIA=${day}`,
  );
  expect(download).toContain(`SITIO=${app.origin}; DIA=${day}`);
  expect(await bash(download, parent)).toEqual({ code: 0, stdout: "" });
  const work = path.join(parent, "sorteo");
  writeFileSync(path.join(work, "raices.pem"), authorities.map((authority) => authority.rootPem).join(""));
  writeFileSync(path.join(work, "verificar.py"), fencedBlock(BY_HAND, "python"));
  pristine.set(day, work);
  return downloaded(day);
}
const pristine = new Map<string, string>();

/** Each seal of `kind` as the script lists it (file names sorted), with the time and signer openssl reads in it. */
const seals = (kind: "commitment" | "list", at: readonly string[]) =>
  authorities
    .map((authority, index) => ({
      file: tokenFileName(kind, authority.url),
      sealed: `${pythonInstant(at[index]!)} by Testigo Manual ${index === 0 ? "Uno" : "Dos"}`,
    }))
    .sort((a, b) => a.file.localeCompare(b.file));

/** The statements of `draw` sealed by both authorities at `at`, as rows of `draw_witnesses`. */
async function sealStatements(draw: PublishedDraw, at: Partial<Record<"commitment" | "list", readonly string[]>>) {
  const statements = expectedStatements(draw, DRAW_TIMING);
  const witnesses = [];
  for (const kind of ["commitment", "list"] as const) {
    if (!at[kind]) continue;
    const bytes = new TextEncoder().encode(statements[kind]!);
    for (const [index, authority] of authorities.entries()) {
      const instant = new Date(at[kind][index]!);
      authority.clock = () => instant;
      const reply = await stampedByOpenssl(authority, bytes);
      witnesses.push({
        draw_at: Date.parse(draw.drawAt),
        statement: kind,
        authority: authority.url,
        reply: Buffer.from(reply).toString("base64"),
        stamped_at: instant.getTime(),
        latest_at: instant.getTime() + 1000,
        received_at: instant.getTime() + 1000,
      });
    }
  }
  return { statements, witnesses };
}

/** A record as the server and the run store one, its statements sealed, its round 0 on the rule's round. */
async function recordDraw(
  env: Record<string, string>,
  {
    drawAt,
    ids,
    seed = null,
    sealedAt,
  }: {
    drawAt: number;
    ids: string[];
    seed?: string | null;
    sealedAt: Partial<Record<"commitment" | "list", readonly string[]>>;
  },
) {
  const list = ids.map((id) => `${id}\n`).join("");
  const round = firstRoundFrom(drawAt + 30 * MINUTE);
  const signature = signRound(chain, round);
  const beacon = beaconOf(signature);
  const [winner] = expectedWinners(ids, [beacon], seed);
  const v1 = seed !== null;
  const draw: PublishedDraw = {
    drawAt: new Date(drawAt).toISOString(),
    rule: v1 ? "opinionlabz-draw-v1" : "opinionlabz-draw-v2",
    entryCount: ids.length,
    window: {
      from: new Date(drawAt - 35 * DAY - 3 * 3600_000).toISOString().slice(0, 10),
      through: new Date(drawAt).toISOString().slice(0, 10),
    },
    leftOut: { outsideWindow: 3, unreadableDate: 1, refusedId: 2 },
    listHash: sha256(list),
    listUrl: "",
    idRule: v1 ? 2 : 3,
    idPattern: v1 ? null : "^OL-[1-9][0-9]*$",
    commitment: seed && sha256(seed),
    committedAt: null,
    seed,
    frozenAt: new Date(drawAt + 1000).toISOString(),
    rounds: [],
    sample: false,
    witnesses: { commitment: null, list: null, claim: null },
    claimedAt: null,
    claimRound: null,
    told: [],
  };
  const { statements, witnesses } = await sealStatements(draw, sealedAt);
  const storage = await openStorage(parseEnv(env, ROOT).database);
  try {
    await storage.db
      .insertInto("draws")
      .values({
        draw_at: drawAt,
        rule: draw.rule,
        seed: seed ?? "",
        commitment: draw.commitment ?? "",
        committed_at: drawAt - 20 * DAY,
        frozen_at: drawAt + 1000,
        list_text: list,
        list_hash: draw.listHash,
        entry_count: ids.length,
        list_names: JSON.stringify(ids.map(() => "Valentina R.")),
        list_countries: JSON.stringify(ids.map(() => "Argentina")),
        from_sample: 0,
        outside_window: 3,
        unreadable_dates: 1,
        refused_ids: 2,
        id_rule: draw.idRule,
        id_pattern: draw.idPattern,
        window_from: draw.window.from,
        commitment_statement: statements.commitment,
        list_statement: statements.list,
      })
      .execute();
    await storage.db
      .insertInto("draw_rounds")
      .values({
        draw_at: drawAt,
        round: 0,
        beacon_round: round,
        beacon,
        beacon_signature: signature,
        rehearsal: 0,
        winner_index: ids.indexOf(winner!),
        attempts: 1,
        winner_id: winner!,
        winner_name: "Valentina R.",
        winner_country: "Argentina",
        drawn_at: drawAt + 31 * MINUTE,
      })
      .execute();
    await storage.db.insertInto("draw_witnesses").values(witnesses).execute();
  } finally {
    await storage.db.destroy();
  }
  return { round, signature, beacon, winner: winner!, listText: statements.list! };
}

let v2: Awaited<ReturnType<typeof recordDraw>>;
let v1: Awaited<ReturnType<typeof recordDraw>>;

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
  const env = { DATA_DIR: dataDir, ...witnessEnv };
  v2 = await recordDraw(env, V2);
  v1 = await recordDraw(env, V1);
  const port = await freePort();
  app = await startAppServer(
    { ...env, NODE_ENV: "test", SITE_URL: `http://127.0.0.1:${port}` },
    { port, clockAt: new Date("2026-12-08T12:00:00Z") },
  );
});
afterAll(async () => {
  await app?.stop();
  await Promise.all((authorities ?? []).map((authority) => authority.close()));
  for (const dir of [dataDir, folder]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the by-hand recipe of docs/draw.md", () => {
  it("downloads a v2 record's files, checks each seal with openssl, recomputes everything with Python and the beacon with one BLS tool", async () => {
    const work = await downloaded(V2.day);
    // Step 3: openssl accepts each seal over its statement.
    const verifyStep = /`(openssl ts -verify -data lista\.txt -in (\S+) -CAfile raices\.pem)`/.exec(DRAW_MD);
    expect(verifyStep, "step 3's openssl command").not.toBeNull();
    for (const { file } of seals("list", V2.sealedAt.list)) {
      const command = verifyStep![1]!.replace(verifyStep![2]!, file);
      expect(await bash(command, work), command).toEqual({ code: 0, stdout: "Verification: OK\n" });
    }

    // Step 4: the Python script, every check ok, exit 0.
    const checked = await bash("python3 verificar.py", work);
    expect(checked.stdout.split("\n")).toEqual([
      "ok  rule: opinionlabz-draw-v2",
      `ok  draw instant: ${new Date(V2.drawAt).toISOString()}`,
      "ok  list hash",
      "ok  entries: 1000",
      "ok  ids of the format ^OL-[1-9][0-9]*$",
      "ok  lista.txt says what the record says",
      ...seals("list", V2.sealedAt.list).map(({ file, sealed }) => `ok  ${file}: sealed ${sealed}`),
      "ok  list sealed before round 0's value by 2 independent authorities",
      "ok  list frozen between the draw and its first seal",
      `ok  round 0 uses drand round ${v2.round}`,
      `ok  winner of round 0: ${v2.winner}`,
      `    BLS: node check-beacon.mjs ${v2.round} ${v2.signature}`,
      "",
    ]);
    expect(checked.code).toBe(0);

    // The last step: the BLS tool the document prints, in a folder where `npm install
    // @noble/curves@2.4.0` has been done (this checkout's copy of that release). On the
    // document's real round 1000 it says drand's; on this record's round, signed by the test
    // chain that stands in for drand here, it says what it is.
    const tool = path.join(folder, "bls");
    await bash(`mkdir -p ${tool}`, folder);
    symlinkSync(path.join(ROOT, "node_modules"), path.join(tool, "node_modules"));
    const checkBeacon = fencedBlock("**Checking a beacon by hand.**", "js");
    expect(checkBeacon).toContain("npm install @noble/curves@2.4.0");
    writeFileSync(path.join(tool, "check-beacon.mjs"), checkBeacon);
    const example = /`(node check-beacon\.mjs 1000 [0-9a-f]+)`/.exec(DRAW_MD)![1]!;
    expect((await bash(example, tool)).stdout).toMatch(/^drand's: randomness fe290bec[0-9a-f]+4fdd\n$/);
    const printed = /BLS: (node check-beacon\.mjs \d+ [0-9a-f]+)/.exec(checked.stdout)![1]!;
    expect(await bash(printed, tool)).toEqual({ code: 0, stdout: "NOT drand's\n" });
  });

  it("the commands /sorteos shows for the record, as the server wrote them, print its hash, its winner and each seal's verdict", async () => {
    const page = await (await fetch(`${app.origin}/sorteos`)).text();
    const shown = [...page.matchAll(/<pre[^>]*><code>([\s\S]*?)<\/code><\/pre>/g)]
      .map((match) => decodeEntities(match[1]!))
      .find((commands) => commands.includes(`/sorteos/${V2.day}/`));
    expect(shown, "the record's by-hand commands on the page").toBeDefined();
    const work = mkdtempSync(path.join(folder, "page-"));
    writeFileSync(path.join(work, "raices.pem"), authorities.map((authority) => authority.rootPem).join(""));
    const ran = await bash(shown!, work);
    expect(ran.code, ran.stdout).toBe(0);
    const lines = ran.stdout.split("\n");
    expect(lines.slice(0, 2)).toEqual([
      `SHA2-256(ids.txt)= ${sha256(V2.ids.map((id) => `${id}\n`).join(""))}`,
      v2.winner,
    ]);
    expect(lines.filter((line) => line === "Verification: OK")).toHaveLength(2);
  });

  it("checks a record of rule v1 as it always did: its seed, its commitment and their seals", async () => {
    const work = await downloaded(V1.day);
    const checked = await bash("python3 verificar.py", work);
    expect(checked.stdout.split("\n")).toEqual([
      "ok  rule: opinionlabz-draw-v1",
      `ok  draw instant: ${new Date(V1.drawAt).toISOString()}`,
      "ok  list hash",
      "ok  entries: 4",
      "ok  commitment",
      "ok  compromiso.txt says what the record says",
      ...seals("commitment", V1.sealedAt.commitment).map(({ file, sealed }) => `ok  ${file}: sealed ${sealed}`),
      "ok  lista.txt says what the record says",
      ...seals("list", V1.sealedAt.list).map(({ file, sealed }) => `ok  ${file}: sealed ${sealed}`),
      "ok  commitment sealed before the draw",
      "ok  list sealed before round 0's value by 1 independent authority",
      `ok  round 0 uses drand round ${v1.round}`,
      `ok  winner of round 0: ${v1.winner}`,
      `    BLS: node check-beacon.mjs ${v1.round} ${v1.signature}`,
      "",
    ]);
    expect(checked.code).toBe(0);
  });
});

describe("what the recipe tells when a published file no longer matches", () => {
  /** The script's verdict on the v2 record's files after `change`: its exit status and the lines marked NO. */
  async function refusedAfter(
    change: (work: string) => void | Promise<void>,
  ): Promise<{ code: number; refused: string[] }> {
    const work = await downloaded(V2.day);
    await change(work);
    const { code, stdout } = await bash("python3 verificar.py", work);
    return { code, refused: stdout.split("\n").filter((line) => !line.startsWith("ok  ") && !line.startsWith("    ")) };
  }
  const editRecord = (work: string, edit: (record: Record<string, unknown>) => void) => {
    const file = path.join(work, "sorteo.json");
    const record = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    edit(record);
    writeFileSync(file, JSON.stringify(record));
  };

  it("names seals taken after the round: openssl accepts them, the order does not", async () => {
    // The operator's private seals of the same statement, from 12:32 (after the round at 12:30).
    const late = new Date(V2.drawAt + 32 * MINUTE);
    expect(
      await refusedAfter(async (work) => {
        for (const authority of authorities) {
          authority.clock = () => late;
          const seal = await stampedByOpenssl(authority, new TextEncoder().encode(v2.listText));
          writeFileSync(path.join(work, tokenFileName("list", authority.url)), seal);
        }
      }),
    ).toEqual({ code: 1, refused: ["NO  list sealed before round 0's value by 2 independent authorities", ""] });
  });

  it("names the instant, the list, a freeze moved after its first seal, another round, and a seal of another text", async () => {
    // The draw instant moved 15 s: not the rule's, and no longer the one the seals saw.
    expect(
      await refusedAfter((work) =>
        editRecord(work, (record) => (record.drawAt = new Date(V2.drawAt + 15_000).toISOString())),
      ),
    ).toEqual({
      code: 1,
      refused: [
        `NO  draw instant: ${new Date(V2.drawAt + 15_000).toISOString()}`,
        "NO  lista.txt says what the record says",
        "NO  list frozen between the draw and its first seal",
        `NO  round 0 uses drand round ${v2.round + 5}`,
        "",
      ],
    });

    // Another list with its own hash: what the seals saw is no longer what is published, and the
    // rule names another winner.
    const swapped = V2.ids.map((id) => (id === v2.winner ? "OL-99999" : id));
    const swappedText = swapped.map((id) => `${id}\n`).join("");
    const [otherWinner] = expectedWinners(swapped, [v2.beacon]);
    expect(
      await refusedAfter((work) => {
        writeFileSync(path.join(work, "ids.txt"), swappedText);
        editRecord(work, (record) => (record.listHash = sha256(swappedText)));
      }),
    ).toEqual({
      code: 1,
      refused: ["NO  lista.txt says what the record says", `NO  winner of round 0: ${otherWinner}`, ""],
    });

    // The freeze recorded after its first seal: the seals say when the list existed, and the
    // statement sealed says when the record said it was frozen.
    expect(
      await refusedAfter((work) =>
        editRecord(work, (record) => (record.frozenAt = new Date(V2.drawAt + 10_000).toISOString())),
      ),
    ).toEqual({
      code: 1,
      refused: ["NO  lista.txt says what the record says", "NO  list frozen between the draw and its first seal", ""],
    });

    // Round 0 drawn on a later round: no round but the rule's counts.
    expect(
      await refusedAfter((work) =>
        editRecord(work, (record) => {
          (record.rounds as { drandRound: number }[])[0]!.drandRound = v2.round + 600;
        }),
      ),
    ).toEqual({ code: 1, refused: [`NO  round 0 uses drand round ${v2.round}`, ""] });

    // The first seal of the list replaced by a valid seal of another text: one authority left.
    const [first] = authorities;
    const listSeal = tokenFileName("list", first!.url);
    first!.clock = () => new Date(V2.sealedAt.list[0]!);
    const other = await stampedByOpenssl(first!, new TextEncoder().encode("otro texto\n"));
    expect(await refusedAfter((work) => writeFileSync(path.join(work, listSeal), other))).toEqual({
      code: 1,
      refused: [
        `NO  ${listSeal}: sealed ${pythonInstant(V2.sealedAt.list[0]!)} by Testigo Manual Uno`,
        "NO  list sealed before round 0's value by 2 independent authorities",
        "",
      ],
    });
  });
});
