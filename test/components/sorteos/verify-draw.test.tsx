// @vitest-environment jsdom
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import axe from "axe-core";
import { renderToString } from "react-dom/server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { VerifyDrawSection as ShownSection } from "~/components/sorteos/verify-draw";
import { byHandCommandsOf } from "~/lib/draw-records/by-hand-commands.server";
import type { PendingDraw, PublishedDraw, ShownDraw } from "~/lib/draw/published-draw";
import { rehearsalKey, signRound } from "~/lib/draw/rehearsal-key.server";
import { expectedWinners, sha256 } from "../../support/draw-command";
import { renderInDom } from "../../support/render-in-dom";
import { useSingleRealmCrypto } from "../../support/single-realm-crypto";
import { stampedByOpenssl, startStandInAuthority, type StandInAuthority } from "../../support/timestamp-authority";

/**
 * "Verificalo vos" on records of rule v2 (and one of v1), their files served over real HTTP and
 * sealed by two real RFC 3161 authorities on loopback (openssl ts -reply, clocks set by
 * faketime). The page checks seals against the roots the site serves at /sorteos/raices.pem (a
 * real site serves Node's own set; this file's server, the two authorities' roots), and drand's
 * values against quicknet's key: no real quicknet round falls on a rule's round of a record made
 * here, so the key is a test chain's in this file (test/lib/draw/draw-verdict.test.ts says why).
 */
const TEST_CHAIN = vi.hoisted(() => "3e5f7a9b".repeat(8));
vi.mock("~/lib/draw/drand-beacon", async (importOriginal) =>
  (await import("../../support/test-chain")).onTestChain(importOriginal, TEST_CHAIN),
);

/** The section as /sorteos' loader feeds it: each record's by-hand commands written by the server. */
function VerifyDrawSection(props: Omit<Parameters<typeof ShownSection>[0], "byHand">) {
  return <ShownSection {...props} byHand={byHandCommandsOf(props.draws, props.missed ?? [])} />;
}

/** The draw of Monday 7 December 2026, 12:00 in Argentina; its rule's round, out at 12:30:00. */
const DRAW_AT = "2026-12-07T15:00:00.000Z";
const ROUND = Math.ceil((Date.parse(DRAW_AT) / 1000 + 30 * 60 - 1_692_803_367) / 3) + 1;
/** Its first redraw's round: 30 days later. */
const REDRAW_ROUND = ROUND + (30 * 24 * 3600) / 3;
const IDS = Array.from({ length: 1000 }, (_, i) => `OL-${25001 + i}`);
const LIST = IDS.map((id) => `${id}\n`).join("");
/** The same list with one id changed: what a list swapped after the draw would look like. */
const SWAPPED_LIST = LIST.replace("OL-25500\n", "OL-99999\n");
const PATTERN = "^OL-[1-9][0-9]*$";
/** The list's seals: two seconds after the freeze, one of them with milliseconds. */
const LIST_SEALED_AT = [new Date("2026-12-07T15:00:03.000Z"), new Date("2026-12-07T15:00:03.500Z")];

const key = rehearsalKey(TEST_CHAIN);
const beaconOf = (signature: string) => createHash("sha256").update(Buffer.from(signature, "hex")).digest("hex");
const roundOf = (drandRound: number, ids: string[], earlier: string[] = []) => {
  const signature = signRound(key, drandRound);
  const beacon = beaconOf(signature);
  return { signature, beacon, winnerId: expectedWinners(ids, [...earlier, beacon]).at(-1)! };
};
const ROUND_0 = roundOf(ROUND, IDS);

/** Serves the lists, statements, seals and roots the way the site does: exactly the bytes that were hashed and sealed. */
let server: Server;
let origin: string;
const files = new Map<string, string | Uint8Array>();
let authorities: StandInAuthority[];
let roots: string;

/** The list statement a record's values make, written here from docs/draw.md ("Witnesses"), not with the app's code. */
function listStatementOf(draw: PublishedDraw): string {
  const lines = [
    ["sorteo", draw.drawAt],
    ["regla", draw.rule],
    ["huella de la lista", draw.listHash],
    ["participaciones", draw.entryCount],
    ["días", `del ${draw.window.from} al ${draw.window.through}`],
    ["filas fuera de esos días o del sorteo anterior", draw.leftOut!.outsideWindow],
    ["filas con fecha ilegible", draw.leftOut!.unreadableDate],
    ["filas con un id no válido", draw.leftOut!.refusedId!],
    ["regla de los ids", draw.idRule],
    ...(draw.rule === "opinionlabz-draw-v2"
      ? [
          ["formato de los ids", draw.idPattern!],
          ["congelada", draw.frozenAt],
        ]
      : [["compromiso", draw.commitment!]]),
    ["ronda de drand quicknet", ROUND],
  ];
  return ["Opinion Labz: lista congelada de un sorteo", ...lines.map(([k, v]) => `${k}: ${v}`)]
    .map((line) => `${line}\n`)
    .join("");
}

/** Both authorities seal `text` at `at` (one instant each); served under `folder`, linked as the server links them. */
async function sealed(text: string, folder: string, word: string, at: readonly Date[]) {
  files.set(`/${folder}/${word}.txt`, text);
  const tokens = [];
  for (const [index, authority] of authorities.entries()) {
    authority.clock = () => at[index] ?? at[0]!;
    const reply = await stampedByOpenssl(authority, new TextEncoder().encode(text));
    const name = `${word}.${new URL(authority.url).port}.tsr`;
    files.set(`/${folder}/${name}`, reply);
    tokens.push({
      authority: authority.url,
      url: `${origin}/${folder}/${name}`,
      stampedAt: (at[index] ?? at[0]!).toISOString(),
      signer: index === 0 ? "Testigo RSA" : "Testigo EC",
    });
  }
  return { url: `${origin}/${folder}/${word}.txt`, tokens };
}

/** `draw` with its list statement sealed by both authorities at `at`. */
async function withListSeals(draw: PublishedDraw, folder: string, at = LIST_SEALED_AT): Promise<PublishedDraw> {
  return { ...draw, witnesses: { ...draw.witnesses, list: await sealed(listStatementOf(draw), folder, "lista", at) } };
}

let published: ShownDraw;

beforeAll(async () => {
  useSingleRealmCrypto();
  authorities = await Promise.all([
    startStandInAuthority("Testigo RSA", { keyType: "rsa" }),
    startStandInAuthority("Testigo EC", { keyType: "ec", fractionDigits: 3 }),
  ]);
  roots = authorities.map((authority) => authority.rootPem).join("");
  files.set("/sorteos/raices.pem", roots);
  files.set("/sorteos/2026-12-07/ids.txt", LIST);
  files.set("/cambiada/ids.txt", SWAPPED_LIST);
  files.set("/con-bom/ids.txt", `\uFEFF${LIST}`);
  server = createServer((request, response) => {
    const body = files.get(request.url ?? "");
    response.writeHead(body === undefined ? 404 : 200, { "content-type": "text/plain; charset=utf-8" });
    response.end(body ?? "No encontrado");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The page is served from the lists' server: the check fetches every file from the page's origin.
  pageAt(`${origin}/sorteos`);
  published = {
    ...(await withListSeals(unsealedDraw(), "sorteos/2026-12-07")),
    verdict: "verified",
    claimSealedAt: null,
    notices: { queued: 12, sentBeforeRound: 11 },
  };
});

/** Where the page under test is served from (jsdom's URL). */
function pageAt(url: string): void {
  (globalThis as unknown as { jsdom: { reconfigure: (options: { url: string }) => void } }).jsdom.reconfigure({ url });
}

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await Promise.all(authorities.map((authority) => authority.close()));
});

afterEach(() => {
  document.body.innerHTML = "";
});

/** The record before its seals are linked. */
function unsealedDraw(): PublishedDraw {
  return {
    drawAt: DRAW_AT,
    rule: "opinionlabz-draw-v2",
    entryCount: 1000,
    window: { from: "2026-11-02", through: "2026-12-07" },
    leftOut: { outsideWindow: 12, unreadableDate: 1, refusedId: 6 },
    listHash: sha256(LIST),
    listUrl: `${origin}/sorteos/2026-12-07/ids.txt`,
    idRule: 3,
    idPattern: PATTERN,
    commitment: null,
    committedAt: null,
    seed: null,
    frozenAt: "2026-12-07T15:00:01.000Z",
    rounds: [
      {
        ...ROUND_0,
        beaconSource: `drand quicknet, ronda ${ROUND.toLocaleString("es-AR")}`,
        beaconUrl: null,
        drandRound: ROUND,
        rehearsal: false,
        winnerName: "Valentina R.",
        winnerCountry: "Argentina",
      },
    ],
    sample: false,
    claimedAt: null,
    claimRound: null,
    told: [],
    witnesses: { commitment: null, list: null, claim: null },
  };
}

/** The record as published, sealed by both authorities (a fresh copy to alter). */
function publishedDraw(): ShownDraw {
  return structuredClone(published);
}

const reactTest = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

/**
 * Clicks the button and waits for the verdict in the status region. The check downloads and
 * hashes for real, so meanwhile React renders on its own scheduler, as in a browser, rather
 * than inside act().
 */
async function clickAndWait(container: HTMLElement): Promise<string> {
  const button = container.querySelector("button")!;
  expect(button.disabled).toBe(false);
  const status = container.querySelector('[role="status"]')!;
  reactTest.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    button.click();
    await vi.waitFor(
      () =>
        expect(status.textContent).toMatch(
          /^(Todo coincide|No coincide|No se pudo verificar|No pudimos comprobarlo todo)/,
        ),
      { timeout: 15_000 },
    );
  } finally {
    reactTest.IS_REACT_ACT_ENVIRONMENT = true;
  }
  return status.querySelector("p")!.textContent!;
}

async function verify(
  draw: PublishedDraw,
  testRoots: string | null = null,
): Promise<{ verdict: string; container: HTMLElement; items: string[] }> {
  const shown = { verdict: "verified", claimSealedAt: null, notices: null, ...draw } as ShownDraw;
  const { container } = renderInDom(<VerifyDrawSection draws={[shown]} testRoots={testRoots} />);
  const verdict = await clickAndWait(container);
  const items = [...container.querySelectorAll('[role="status"] li')].map((item) => item.textContent!);
  return { verdict, container, items };
}

const ALL_MATCH = "Todo coincide: el ganador publicado es el que sale de la regla.";
const seal = (name: string, time: string, root: string) =>
  `Sello de ${name} (lista) (coincide)Sellado el ${time} (hora de Argentina). La firma de «${name} TSA» verifica con la raíz pública «${root}».`;

describe("before the script runs", () => {
  it("shows every published value, the seals named by their certificates, the list's closing time from its first seal", () => {
    const html = renderToString(<VerifyDrawSection draws={[publishedDraw()]} />);
    const draw = publishedDraw();
    for (const value of [draw.listHash, draw.rounds[0]!.beacon, draw.rounds[0]!.signature!, draw.rounds[0]!.winnerId]) {
      expect(html).toContain(value);
    }
    expect(html).toContain("opinionlabz-draw-v2");
    // No secret: nothing called a seed or a commitment on a record of rule v2.
    expect(html).not.toMatch(/[Ss]emilla revelada|Compromiso \(huella/);
    expect(html).toMatch(/Sorteo del <time dateTime="2026-12-07T15:00:00.000Z">7\/12\/2026, 12:00<\/time>/);
    // The list's closing time is its first seal's (12:00:03), never the database's freeze instant.
    expect(html).toMatch(
      /Cerrada a más tardar el <time dateTime="2026-12-07T15:00:03.000Z">7\/12\/2026, 12:00:03<\/time>/,
    );
    expect(html).not.toContain("2026-12-07T15:00:01.000Z");
    expect(html).toContain(`href="${draw.listUrl}"`);
    expect(html).toContain(`href="${origin}/sorteos/2026-12-07/lista.txt"`);
    for (const name of ["Testigo RSA", "Testigo EC"]) expect(html).toMatch(new RegExp(`Sello de (<!-- -->)?${name}`));
    expect(html).toContain("11 de 12 avisos con la huella de la lista salieron antes de la ronda");
    expect(html).toContain("Quedaron afuera 12 filas con fecha fuera de esos días");
    expect(html).toContain("6 filas con un ID de otro formato");
    // What a seal does not prove, and so why the notices before the round matter.
    expect(html).toContain(
      "el aviso que te llegó antes del número de drand es lo que muestra que no lo cambiamos por otro.",
    );
    // No technical word on the page's prose: the values are called what they are.
    expect(html).not.toMatch(/SHA-256|HMAC|\bbits\b|\bBLS\b/);
  });

  it("says a record of rule v1 made before witnesses has none, its dates only our word, and shows its seed", () => {
    const v1: PublishedDraw = {
      ...unsealedDraw(),
      rule: "opinionlabz-draw-v1",
      seed: "6ce0cbaf6bed9d7bd71c3d0cb3231542ef1d8591b61f691352ed528f59f30f3e",
      commitment: "aae215c9576f7498e30b09b13a611a86aff065915b64853937963a357473e90c",
      committedAt: "2026-11-02T15:00:03.000Z",
    };
    const html = renderToString(
      <VerifyDrawSection draws={[{ ...v1, verdict: "unwitnessed", claimSealedAt: null, notices: null }]} />,
    );
    expect(html).toContain("Sin sellos: este sorteo se hizo antes de que los pidiéramos");
    expect(html).toContain(v1.seed);
    expect(html).toContain("openssl dgst -sha256 -hmac");
  });

  it("shows the list frozen for the next draw before it is made: its count, hash, closing seal, link, seals and notices", () => {
    const listHash = sha256(LIST);
    const upcoming: PendingDraw = {
      drawAt: "2026-12-07T15:00:00.000Z",
      beaconRound: 34_618_012,
      window: { from: "2026-11-02", through: "2026-12-07" },
      frozen: {
        sealedAt: "2026-12-07T15:00:03.000Z",
        entryCount: 1000,
        listHash,
        listUrl: `${origin}/x/ids.txt`,
        leftOut: { outsideWindow: 1, unreadableDate: 3, refusedId: 2 },
        sample: false,
        witnessed: false,
        notices: { queued: 3, sentBeforeRound: 1 },
      },
      witnesses: {
        commitment: null,
        list: {
          url: `${origin}/x/lista.txt`,
          tokens: [
            {
              authority: "http://timestamp.digicert.com",
              url: `${origin}/x/lista.a.tsr`,
              stampedAt: "2026-12-07T15:00:03.000Z",
              signer: "DigiCert, Inc.",
            },
          ],
        },
        claim: null,
      },
      awaited: ["http://timestamp.sectigo.com"],
    };
    const html = renderToString(<VerifyDrawSection draws={[]} upcoming={upcoming} />);
    expect(html).toMatch(/Participaciones<\/dt><dd[^>]*><span[^>]*>1.000<\/span>/);
    // No draw froze a list on 2/11/2026 here: nothing is said of what it took.
    expect(html).toContain("Entran las participaciones con fecha del 2/11/2026 al 7/12/2026, una por ID.");
    expect(html).toContain(listHash);
    expect(html).toMatch(/Sello de (<!-- -->)?DigiCert, Inc\./);
    expect(html).toContain(
      "Falta el sello de timestamp.sectigo.com: todavía no respondió, y se lo volvemos a pedir hasta que drand publique la ronda del sorteo.",
    );
    expect(html).toMatch(
      /drand publica el(?:<!-- -->)? <time dateTime="2026-12-07T15:30:00.000Z">7\/12\/2026, 12:30<\/time>/,
    );
    // Never another round: without both seals before it, that day has no draw.
    expect(html).toContain("(la primera que sale 30 minutos después del sorteo, y ninguna otra)");
    expect(html).toContain(
      "Si antes de esa hora la lista no tiene los sellos de dos autoridades independientes, ese día no hay sorteo y sus participaciones pasan al siguiente.",
    );
    expect(html).not.toMatch(/se corre|se corrió/i);
    expect(html).toContain("1 de 3 avisos con la huella de la lista salieron antes de la ronda");
    const witnessed = renderToString(
      <VerifyDrawSection draws={[]} upcoming={{ ...upcoming, frozen: { ...upcoming.frozen!, witnessed: true } }} />,
    );
    expect(witnessed).toContain(
      "Dos autoridades independientes ya sellaron la lista antes de esa hora: el sorteo se hace.",
    );
    const notFrozen = renderToString(
      <VerifyDrawSection
        draws={[]}
        upcoming={{ ...upcoming, frozen: null, awaited: [], witnesses: { commitment: null, list: null, claim: null } }}
      />,
    );
    expect(notFrozen).not.toContain(listHash);
    expect(notFrozen).not.toContain("lista.txt");
    expect(notFrozen).toContain("Entran las participaciones con fecha del 2/11/2026 al 7/12/2026, una por ID.");
  });

  it("says plainly a day had no draw, and where its entries went", () => {
    const html = renderToString(
      <VerifyDrawSection
        draws={[]}
        missed={[
          {
            drawAt: DRAW_AT,
            beaconRound: ROUND,
            beaconAt: "2026-12-07T15:30:00.000Z",
            reason: "not-sealed",
            frozen: { listHash: sha256(LIST), entryCount: 1000, listUrl: `${origin}/x/ids.txt` },
            witnesses: { commitment: null, list: null, claim: null },
            roundsIgnored: 0,
            record: null,
            nextDrawAt: "2027-01-04T15:00:00.000Z",
          },
        ]}
      />,
    );
    expect(html).toContain("no hubo sorteo");
    expect(html).toContain(
      "la lista no tuvo los sellos de dos autoridades independientes antes de la ronda de drand 34.618.012, y ninguna otra ronda lo reemplaza. Sus participaciones pasan al sorteo del 4/1/2027, 12:00.",
    );
  });

  it("keeps the button disabled and says how to check by hand", () => {
    const html = renderToString(<VerifyDrawSection draws={[publishedDraw()]} />);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Verificar en mi navegador/);
    expect(html).toContain("El botón necesita JavaScript");
    expect(html).toContain("printf &#x27;opinionlabz-draw-v2:%s:%s:%s:%s&#x27;");
    expect(html).not.toContain("-hmac");
    expect(html).toContain("openssl ts -verify");
  });
});

describe("the check in the browser", () => {
  it("finds that everything matches when nothing was altered, against the roots the site serves", async () => {
    const { verdict, items } = await verify(publishedDraw());
    expect(verdict).toBe(ALL_MATCH);
    expect(items).toEqual([
      "Huella de la lista (coincide)La lista descargada da la huella publicada.",
      "Cantidad de participaciones (coincide)La lista tiene 1.000 ids.",
      "Texto sellado de la lista (coincide)Dice lo mismo que el registro publicado.",
      seal("Testigo RSA", "7/12/2026, 12:00:03", "Testigo RSA Root"),
      seal("Testigo EC", "7/12/2026, 12:00:03", "Testigo EC Root"),
      "Lista sellada antes de que drand publicara la ronda del sorteo (coincide)Sellado por 2 autoridades independientes, la primera el 7/12/2026, 12:00:03, antes de que drand publicara la ronda del sorteo.",
      "Momento del sorteo (coincide)Es el primer lunes del mes a las 12:00:00 (hora de Argentina), como fija la regla.",
      "Rondas de drand (coincide)Cada una es la que fija la regla desde antes del sorteo.",
      "Fecha de la lista (coincide)Se cerró a más tardar el 7/12/2026, 12:00:03, la hora de su primer sello.",
      `Valor público (sorteo) (coincide)Es el de drand: la firma de la ronda ${ROUND.toLocaleString("es-AR")} verifica con la clave de quicknet.`,
      `Ganador (sorteo) (coincide)La cuenta da ${ROUND_0.winnerId}.`,
    ]);
  });

  it("finds round 0 drawn on a later round, however real its value: no round but the rule's ever counts", async () => {
    const draw = publishedDraw();
    const later = roundOf(ROUND + 600, IDS);
    draw.rounds[0] = { ...draw.rounds[0]!, ...later, drandRound: ROUND + 600 };
    const { verdict, items } = await verify(draw);
    expect(verdict).toBe("No coincide: rondas de drand.");
    expect(items).toContain(
      `Rondas de drand (no coincide)Sorteo usó la ronda ${(ROUND + 600).toLocaleString("es-AR")}; la regla fija la ${ROUND.toLocaleString("es-AR")}, y ninguna otra cuenta.`,
    );
  });

  it("finds a list sealed only after the round (private seals taken later), or by one authority alone", async () => {
    const late = await withListSeals(unsealedDraw(), "tarde", [new Date("2026-12-07T15:32:00.000Z")]);
    const lateCheck = await verify(late);
    expect(lateCheck.verdict).toBe("No coincide: lista sellada antes de que drand publicara la ronda del sorteo.");
    expect(lateCheck.items).toContain(
      "Lista sellada antes de que drand publicara la ronda del sorteo (no coincide)Ningún sello válido de la lista se hizo antes de que drand publicara la ronda del sorteo: no está probado que la lista existiera antes del valor que la sortea, así que ese día no hubo sorteo y ninguna ronda cuenta.",
    );
    // One before the round, one after: one authority's word is not enough.
    const one = await withListSeals(unsealedDraw(), "una", [
      new Date("2026-12-07T15:00:03.000Z"),
      new Date("2026-12-07T15:31:00.000Z"),
    ]);
    const oneCheck = await verify(one);
    expect(oneCheck.items).toContain(
      "Lista sellada antes de que drand publicara la ronda del sorteo (no coincide)Solo una autoridad lo selló antes de que drand publicara la ronda del sorteo, y hacen falta 2 independientes: no está probado que la lista existiera antes del valor que la sortea, así que ese día no hubo sorteo y ninguna ronda cuenta.",
    );
  });

  it("finds a freeze moved in the database: its seals say when the list existed", async () => {
    // Frozen at 12:45 (its seals from then), then recorded as 12:10 (the statement sealed at 12:45 says so).
    const lateFreeze = { ...unsealedDraw(), frozenAt: "2026-12-07T15:45:00.000Z" };
    const sealedLate = await withListSeals(lateFreeze, "movida", [new Date("2026-12-07T15:45:02.000Z")]);
    const moved = await verify({ ...sealedLate, frozenAt: "2026-12-07T15:10:00.000Z" });
    expect(moved.verdict).toBe(
      "No coincide: texto sellado de la lista, lista sellada antes de que drand publicara la ronda del sorteo.",
    );
    expect(moved.items.find((item) => item.startsWith("Texto sellado de la lista"))).toContain(
      "sellado «congelada: 2026-12-07T15:45:00.000Z», publicado «congelada: 2026-12-07T15:10:00.000Z»",
    );
    // The database's instant alone, later than the list's first seal: not the instant the seals prove.
    const afterSeal = await verify({ ...publishedDraw(), frozenAt: "2026-12-07T15:00:05.000Z" });
    expect(afterSeal.items).toContain(
      "Fecha de la lista (no coincide)El registro dice que se congeló el 7/12/2026, 12:00:05, después de su primer sello (7/12/2026, 12:00:03): esa fecha no es la que prueban los sellos.",
    );
  });

  /** An attacker's edit of the database after the seals: each value changed with everything that follows from it. */
  it.each<[string, (draw: PublishedDraw) => void, string]>([
    [
      "the draw instant, moved 15 s",
      (draw) => (draw.drawAt = "2026-12-07T15:00:15.000Z"),
      "No coincide: texto sellado de la lista, momento del sorteo, rondas de drand, fecha de la lista.",
    ],
    [
      "the list, with its hash and the winner it makes",
      (draw) => {
        const ids = SWAPPED_LIST.split("\n").slice(0, -1);
        draw.listUrl = `${origin}/cambiada/ids.txt`;
        draw.listHash = sha256(SWAPPED_LIST);
        draw.rounds[0]!.winnerId = expectedWinners(ids, [draw.rounds[0]!.beacon])[0]!;
      },
      "No coincide: texto sellado de la lista.",
    ],
    ["the id format, widened", (draw) => (draw.idPattern = "^OL-[0-9]+$"), "No coincide: texto sellado de la lista."],
  ])("names what no longer matches the seals when %s was changed after them", async (_value, alter, expected) => {
    const draw = publishedDraw();
    alter(draw);
    const { verdict, items } = await verify(draw);
    expect(verdict).toBe(expected);
    // The lines that differ, sealed against published.
    expect(items.find((item) => item.startsWith("Texto sellado de la lista"))).toMatch(/sellado «.+», publicado «.+»/);
  });

  it("finds a seal altered after it was made, and one over another text", async () => {
    const draw = publishedDraw();
    const reply = files.get(new URL(draw.witnesses.list!.tokens[0]!.url).pathname) as Uint8Array;
    const forged = reply.slice();
    forged[forged.length - 2]! ^= 0x01;
    files.set("/alterado/lista.tsr", forged);
    files.set("/otro/lista.tsr", files.get(new URL(draw.witnesses.list!.tokens[1]!.url).pathname)!);
    const other = await sealed("otro texto\n", "otro-texto", "lista", LIST_SEALED_AT);
    draw.witnesses.list!.tokens = [
      { ...draw.witnesses.list!.tokens[0]!, url: `${origin}/alterado/lista.tsr` },
      { ...draw.witnesses.list!.tokens[1]!, url: other.tokens[1]!.url },
    ];
    const { verdict, items } = await verify(draw);
    expect(verdict).toBe(
      "No coincide: sello de Testigo RSA (lista), sello de Testigo EC (lista), lista sellada antes de que drand publicara la ronda del sorteo. No pudimos comprobarlo todo: quedaron sin comprobar fecha de la lista (el detalle dice por qué).",
    );
    expect(items).toContain("Sello de Testigo RSA (lista) (no coincide)La firma no verifica: el sello fue alterado.");
    expect(items).toContain(
      "Sello de Testigo EC (lista) (no coincide)Es el sello de otro texto: su huella no es la del texto publicado.",
    );
  });

  it("counts a test root only where the site is a test's, and says so on every line resting on one", async () => {
    files.set("/sorteos/raices.pem", authorities[0]!.rootPem);
    try {
      // The EC authority's root is not among the public ones: its seal leads nowhere public.
      const publicOnly = await verify(publishedDraw());
      expect(publicOnly.items).toContain(
        "Sello de Testigo EC (lista) (no coincide)Su firma no lleva a ninguna raíz pública de confianza (las de Mozilla, como las trae Node).",
      );
      expect(publicOnly.verdict).toMatch(/^No coincide: sello de Testigo EC \(lista\), lista sellada/);
      // A development or test server hands the page its test roots: counted, and marked as such.
      const { verdict, items } = await verify(publishedDraw(), authorities[1]!.rootPem);
      expect(verdict).toBe(ALL_MATCH);
      expect(items).toContain(
        "Sello de Testigo EC (lista) (coincide)Sellado el 7/12/2026, 12:00:03 (hora de Argentina). La firma de «Testigo EC TSA» verifica con la raíz de prueba (TIMESTAMP_ROOTS): solo cuenta en desarrollo y en pruebas, nunca en el sitio real: «Testigo EC Root».",
      );
      expect(items.find((item) => item.startsWith("Lista sellada"))).toContain("raíz de prueba");
    } finally {
      files.set("/sorteos/raices.pem", roots);
    }
  });

  it("says the seals could not be checked when the public roots cannot be downloaded", async () => {
    files.delete("/sorteos/raices.pem");
    try {
      const { verdict, items } = await verify(publishedDraw());
      expect(verdict).toMatch(/^No pudimos comprobarlo todo: quedaron sin comprobar sello de /);
      expect(items).toContain(
        `Sello de ${new URL(authorities[0]!.url).host} (lista) (sin comprobar)No pudimos descargar las raíces públicas (/sorteos/raices.pem) para comprobarlo.`,
      );
    } finally {
      files.set("/sorteos/raices.pem", roots);
    }
  });

  it("keeps verifying a record of rule v1 with its seed, commitment and seals, as it always did", async () => {
    const seed = "6ce0cbaf6bed9d7bd71c3d0cb3231542ef1d8591b61f691352ed528f59f30f3e";
    const commitment = sha256(seed);
    const v1: PublishedDraw = {
      ...unsealedDraw(),
      rule: "opinionlabz-draw-v1",
      idRule: 2,
      idPattern: null,
      seed,
      commitment,
      committedAt: "2026-11-02T15:00:03.000Z",
    };
    v1.rounds[0]!.winnerId = expectedWinners(IDS, [ROUND_0.beacon], seed)[0]!;
    const commitmentText = [
      "Opinion Labz: compromiso de un sorteo",
      `sorteo: ${DRAW_AT}`,
      "regla: opinionlabz-draw-v1",
      `compromiso: ${commitment}`,
      `ronda de drand quicknet: ${ROUND}`,
      "",
    ].join("\n");
    const sealedV1 = await withListSeals(
      {
        ...v1,
        witnesses: {
          ...v1.witnesses,
          commitment: await sealed(commitmentText, "v1", "compromiso", [new Date("2026-11-03T12:00:00Z")]),
        },
      },
      "v1",
    );
    const { verdict, items } = await verify(sealedV1);
    expect(verdict).toBe(ALL_MATCH);
    expect(items).toContain("Compromiso (coincide)La huella de la semilla revelada es el compromiso publicado.");
    expect(items).toContain(`Ganador (sorteo) (coincide)La cuenta da ${v1.rounds[0]!.winnerId}.`);
    // The same record read as v2 (no seed): the winner and the statements no longer match.
    expect((await verify({ ...sealedV1, rule: "opinionlabz-draw-v2" })).verdict).toMatch(
      /^No coincide: .*ganador \(sorteo\)/,
    );
  });

  it.each<[string, (draw: PublishedDraw) => void, string]>([
    ["the list's hash", (draw) => (draw.listHash = sha256("otra")), "huella de la lista, texto sellado de la lista"],
    [
      "the draw's public value",
      (draw) => (draw.rounds[0]!.beacon = roundOf(ROUND + 1, IDS).beacon),
      "valor público (sorteo), ganador (sorteo)",
    ],
    [
      "the draw's signature, one byte changed",
      (draw) => (draw.rounds[0]!.signature = `${ROUND_0.signature.slice(0, -2)}3a`),
      "valor público (sorteo)",
    ],
    ["a draw made without a signature", (draw) => (draw.rounds[0]!.signature = null), "valor público (sorteo)"],
    [
      "a rehearsal, however well its values match",
      (draw) => draw.rounds.forEach((round) => (round.rehearsal = true)),
      "valor público (sorteo)",
    ],
    ["the winner", (draw) => (draw.rounds[0]!.winnerId = "OL-25646"), "ganador (sorteo)"],
    [
      "the list's format (a byte-order mark)",
      (draw) => (draw.listUrl = `${origin}/con-bom/ids.txt`),
      "huella de la lista, lista de IDs, ganador (sorteo)",
    ],
    [
      "a redraw on a round the rule did not name",
      (draw) => {
        const redraw = roundOf(ROUND + 1000, IDS, [ROUND_0.beacon]);
        draw.rounds.push({ ...draw.rounds[0]!, ...redraw, drandRound: ROUND + 1000 });
      },
      "rondas de drand",
    ],
  ])("names %s when it was altered", async (_value, alter, named) => {
    const draw = publishedDraw();
    alter(draw);
    expect((await verify(draw)).verdict).toBe(`No coincide: ${named}.`);
  });

  it("checks a redraw on the rule's round, 30 days on", async () => {
    const draw = publishedDraw();
    const redraw = roundOf(REDRAW_ROUND, IDS, [ROUND_0.beacon]);
    draw.rounds.push({ ...draw.rounds[0]!, ...redraw, drandRound: REDRAW_ROUND });
    expect((await verify(draw)).verdict).toBe(ALL_MATCH);
  });

  it("fetches every file from the page's own origin, whatever host the record names", async () => {
    const draw = publishedDraw();
    draw.listUrl = "https://otro-sitio.example/sorteos/2026-12-07/ids.txt";
    draw.witnesses.list!.url = draw.witnesses.list!.url.replace(origin, "https://otro-sitio.example");
    expect((await verify(draw)).verdict).toBe(ALL_MATCH);
  });

  it("says a list that cannot be downloaded could not be checked, never that it does not match", async () => {
    const draw = { ...publishedDraw(), listUrl: `${origin}/no-existe/ids.txt` };
    const { verdict, items, container } = await verify(draw);
    expect(verdict).toBe(
      "No pudimos comprobarlo todo: la lista de IDs no se pudo descargar. Probá de nuevo en un rato.",
    );
    expect(items[0]).toBe(
      "Lista de IDs (sin comprobar)No pudimos descargar la lista de IDs (el servidor respondió 404).",
    );
    expect(container.textContent).not.toContain("(no coincide)");
  });
});

it("says when the page's server cannot be reached at all", async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  pageAt(`http://127.0.0.1:${port}/sorteos`);
  try {
    const { items, container } = await verify(publishedDraw());
    expect(items[0]).toBe(
      "Lista de IDs (sin comprobar)No pudimos descargar la lista de IDs: revisá tu conexión y probá de nuevo.",
    );
    expect(items).toContain("Texto sellado de la lista (sin comprobar)No pudimos descargar el texto sellado.");
    expect(container.textContent).not.toContain("(no coincide)");
  } finally {
    pageAt(`${origin}/sorteos`);
  }
});

it("says so when the browser cannot hash (no Web Crypto outside https)", async () => {
  // An insecure page has no crypto.subtle: the check must end with a clear answer, not hang.
  // The seals' checker, which the page imports on demand, binds PKI.js to the crypto of the
  // moment it is first imported: import it first, or every seal checked after this test would
  // meet the stand-in without Web Crypto (a failure that depended on the tests' order).
  await import("~/lib/draw/witness-checks");
  vi.stubGlobal("crypto", { getRandomValues: crypto.getRandomValues.bind(crypto) });
  try {
    const { verdict, items } = await verify(publishedDraw());
    expect(verdict).toBe("No se pudo verificar en este navegador.");
    expect(items).toEqual([
      "Cuenta en el navegador (no coincide)Este navegador no pudo hacer la cuenta. Probá con uno actualizado o seguí los pasos a mano de abajo.",
    ]);
  } finally {
    vi.unstubAllGlobals();
    useSingleRealmCrypto();
  }
});

describe("accessibility", () => {
  /** jsdom lays nothing out, so contrast is left to the browser tests. */
  async function violations(root: HTMLElement): Promise<string[]> {
    const results = await axe.run(root, { rules: { "color-contrast": { enabled: false } } });
    return results.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`);
  }

  it("has no axe violations before and after a check, matching or not", async () => {
    const { container } = renderInDom(<VerifyDrawSection draws={[publishedDraw()]} />);
    expect(await violations(container)).toEqual([]);
    expect(await clickAndWait(container)).toMatch(/^Todo coincide/);
    expect(await violations(container)).toEqual([]);
    const altered = publishedDraw();
    altered.rounds[0]!.winnerId = "OL-25646";
    const changed = await verify(altered);
    expect(changed.verdict).toMatch(/^No coincide/);
    expect(await violations(changed.container)).toEqual([]);
  });
});

describe("by hand", () => {
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), "verify-draw-"));
  });
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  it("the commands shown on the page, run in bash, print the hash, the winners and each seal's verdict, time and authority", async () => {
    // The roots the visitor trusts are theirs to bring: here, the two authorities'.
    await writeFile(path.join(workDir, "raices.pem"), roots);
    const draw = publishedDraw();
    const redraw = roundOf(REDRAW_ROUND, IDS, [ROUND_0.beacon]);
    draw.rounds.push({ ...draw.rounds[0]!, ...redraw, drandRound: REDRAW_ROUND });
    const html = renderToString(<VerifyDrawSection draws={[draw]} />);
    const script = new DOMParser().parseFromString(html, "text/html").querySelector("pre code")!.textContent!;
    const { stdout } = await promisify(execFile)("bash", ["-e", "-c", script], { cwd: workDir });
    expect(stdout.trim().split("\n")).toEqual([
      `SHA2-256(ids.txt)= ${sha256(LIST)}`,
      ROUND_0.winnerId,
      redraw.winnerId,
      "Verification: OK",
      "Time stamp: Dec  7 15:00:03 2026 GMT",
      "TSA: DirName:/O=Testigo RSA/CN=Testigo RSA TSA",
      "Verification: OK",
      "Time stamp: Dec  7 15:00:03.5 2026 GMT",
      "TSA: DirName:/O=Testigo EC/CN=Testigo EC TSA",
    ]);
  });
});
