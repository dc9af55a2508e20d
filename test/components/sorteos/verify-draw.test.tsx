// @vitest-environment jsdom
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import axe from "axe-core";
import { renderToString } from "react-dom/server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { VerifyDrawSection } from "~/components/sorteos/verify-draw";
import type { PublishedDraw, PublishedRound, UpcomingCommitment } from "~/lib/draw/published-draw";
import { expectedWinners, sha256 } from "../../support/draw-command";
import { renderInDom } from "../../support/render-in-dom";
import { useSingleRealmCrypto } from "../../support/single-realm-crypto";
import { stampedByOpenssl, startStandInAuthority, type StandInAuthority } from "../../support/timestamp-authority";

/**
 * The roots the page's check trusts are a constant of the code (the default authorities', as
 * Mozilla's set holds them: test/lib/draw/witness-roots.test.ts). Here they are the two loopback
 * authorities' that seal this file's records, so the whole check can match; one test puts the
 * real ones back to show that a root the site merely declares is used, never vouched for.
 */
const trust = vi.hoisted(() => ({ roots: "" }));
vi.mock("~/lib/draw/witness-roots", () => ({
  get KNOWN_WITNESS_ROOTS() {
    return trust.roots;
  },
}));

/**
 * A thousand-entry draw (the list and seed of docs/draw.md's vectors) made on Monday 5 August
 * 2024 at 12:00 in Argentina, on real quicknet rounds as drand's relays publish them. No witness
 * sealed its list before the rule's round (10,022,812, 15:30:00 UTC) was out; the first did at
 * 16:06:26 UTC (13:06:26 in Argentina), so by the order rule the draw moved to the first round
 * out 30 minutes after that token's latest instant (16:06:27): 10,024,141, at 16:36:27.
 * Real round 1000 serves as a redraw the rule did not name.
 */
const IDS = Array.from({ length: 1000 }, (_, i) => `OL-${25001 + i}`);
const LIST = IDS.map((id) => `${id}\n`).join("");
const SEED = "6ce0cbaf6bed9d7bd71c3d0cb3231542ef1d8591b61f691352ed528f59f30f3e";
const DRAW_AT = "2024-08-05T15:00:00.000Z";
/** The rule's round for that instant: the first out at 15:30:00 UTC. */
const FIXED_ROUND = Math.ceil((Date.parse(DRAW_AT) / 1000 + 30 * 60 - 1_692_803_367) / 3) + 1;
const COMMITMENT_SEALED_AT = new Date("2024-07-30T12:00:00Z");
const LIST_SEALED_AT = new Date("2024-08-05T16:06:26Z");
/**
 * The thousand with one id as id rule 1 kept ids (NFC, case and accents as typed): what a list
 * frozen before ids were folded holds, still published as it was hashed.
 */
const RULE_1_LIST = LIST.replace("OL-25500\n", "ñandú-25500\n");
/** The same list with one id changed: what a list swapped after the draw would look like. */
const SWAPPED_LIST = LIST.replace("OL-25500\n", "OL-99999\n");

const ROUND_1000: Omit<PublishedRound, "winnerId"> = {
  beacon: "fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd",
  beaconSource: "drand quicknet, ronda 1.000",
  beaconUrl: "https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971/public/1000",
  drandRound: 1000,
  signature: "b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39",
  rehearsal: false,
  winnerName: "Mateo F.",
  winnerCountry: "México",
};

const ROUND_10024141: Omit<PublishedRound, "winnerId"> = {
  beacon: "08622adf60800b20ad45b39792a6fe32cb4bf428925550921b01ac3843e714e6",
  beaconSource: "drand quicknet, ronda 10.024.141",
  beaconUrl: "https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971/public/10024141",
  drandRound: 10_024_141,
  signature: "8c87caf26bb4f5e9fdfad5ddf739ff8683344f8cf04a8c381225ff067557b5d9d51937eed765fcef21971bf5ddef44bb",
  rehearsal: false,
  winnerName: "Valentina R.",
  winnerCountry: "Argentina",
};

const [WINNER] = expectedWinners(SEED, IDS, [ROUND_10024141.beacon]);

/** Serves the lists, statements and seals the way the site does: exactly the bytes that were hashed and sealed. */
let server: Server;
let origin: string;
const files = new Map<string, string | Uint8Array>();
let authorities: StandInAuthority[];

/**
 * The statements a record's values make, written here from docs/draw.md ("Witnesses"), not with
 * the app's code.
 */
function statementsOf(draw: PublishedDraw): { commitment: string; list: string } {
  const round = Math.ceil((Date.parse(draw.drawAt) / 1000 + 30 * 60 - 1_692_803_367) / 3) + 1;
  const lines = (title: string, pairs: [string, string | number][]) =>
    [title, ...pairs.map(([key, value]) => `${key}: ${value}`)].map((line) => `${line}\n`).join("");
  return {
    commitment: lines("Opinion Labz: compromiso de un sorteo", [
      ["sorteo", draw.drawAt],
      ["regla", "opinionlabz-draw-v1"],
      ["compromiso", draw.commitment],
      ["ronda de drand quicknet", round],
    ]),
    list: lines("Opinion Labz: lista congelada de un sorteo", [
      ["sorteo", draw.drawAt],
      ["regla", "opinionlabz-draw-v1"],
      ["huella de la lista", draw.listHash],
      ["participaciones", draw.entryCount],
      ["días", `del ${draw.window.from} al ${draw.window.through}`],
      ["filas fuera de esos días o del sorteo anterior", draw.leftOut!.outsideWindow],
      ["filas con fecha ilegible", draw.leftOut!.unreadableDate],
      ["filas con un id no válido", draw.leftOut!.refusedId!],
      ["regla de los ids", draw.idRule],
      ["compromiso", draw.commitment],
      ["ronda de drand quicknet", round],
    ]),
  };
}

/**
 * Has both authorities seal `draw`'s statements (the commitment on 30 July, the list at
 * 16:06:26 UTC on the draw's day, their clocks set by faketime), serves them under `folder` and
 * links them from the record, as the server does.
 */
async function witnessed(draw: PublishedDraw, folder: string): Promise<PublishedDraw> {
  const statements = statementsOf(draw);
  const seal = async (kind: "commitment" | "list", at: Date) => {
    const word = kind === "commitment" ? "compromiso" : "lista";
    files.set(`/${folder}/${word}.txt`, statements[kind]);
    const tokens = [];
    for (const authority of authorities) {
      authority.clock = () => at;
      const reply = await stampedByOpenssl(authority, new TextEncoder().encode(statements[kind]));
      const name = `${word}.${new URL(authority.url).port}.tsr`;
      files.set(`/${folder}/${name}`, reply);
      tokens.push({ authority: authority.url, url: `${origin}/${folder}/${name}`, stampedAt: at.toISOString() });
    }
    return { url: `${origin}/${folder}/${word}.txt`, tokens };
  };
  return {
    ...draw,
    witnesses: { commitment: await seal("commitment", COMMITMENT_SEALED_AT), list: await seal("list", LIST_SEALED_AT) },
  };
}

let sealed: PublishedDraw;

beforeAll(async () => {
  useSingleRealmCrypto();
  authorities = await Promise.all([
    startStandInAuthority("Testigo RSA", { keyType: "rsa" }),
    startStandInAuthority("Testigo EC", { keyType: "ec" }),
  ]);
  trust.roots = authorities.map((authority) => authority.rootPem).join("");
  for (const [url, body] of Object.entries({
    "/sorteos/2024-08-05/ids.txt": LIST,
    "/cambiada/ids.txt": SWAPPED_LIST,
    "/regla-1/ids.txt": RULE_1_LIST,
    "/con-bom/ids.txt": `\uFEFF${LIST}`,
    "/latin1/ids.txt": Buffer.from(LIST.replace("OL-25500", "OL-2550\u00f1"), "latin1"),
  })) {
    files.set(url, body);
  }
  server = createServer((request, response) => {
    const body = files.get(request.url ?? "");
    response.writeHead(body === undefined ? 404 : 200, { "content-type": "text/plain; charset=utf-8" });
    response.end(body ?? "No encontrado");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The page is served from the lists' server: the check fetches every file from the page's origin.
  pageAt(`${origin}/sorteos`);
  sealed = await witnessed(unsealedDraw(), "sorteos/2024-08-05");
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
    entryCount: 1000,
    window: { from: "2024-07-01", through: "2024-08-05" },
    leftOut: { outsideWindow: 12, unreadableDate: 1, refusedId: 0 },
    listHash: "c3a836a20f59816419231c6277818fe27a6c587b39e094a05f3e24530dcf421d",
    listUrl: `${origin}/sorteos/2024-08-05/ids.txt`,
    idRule: 2,
    commitment: "aae215c9576f7498e30b09b13a611a86aff065915b64853937963a357473e90c",
    committedAt: "2024-07-01T15:00:03.000Z",
    frozenAt: "2024-08-05T15:00:01.000Z",
    seed: SEED,
    rounds: [{ ...ROUND_10024141, winnerId: WINNER! }],
    sample: false,
    witnesses: { commitment: null, list: null },
  };
}

/** The record as published, sealed by both authorities (a fresh copy to alter). */
function publishedDraw(): PublishedDraw {
  return structuredClone(sealed);
}

/** The same draw with a redraw on round 1000: real, but not the rule's for a redraw. */
function redrawnOnAnotherRound(): PublishedDraw {
  const draw = publishedDraw();
  const [, second] = expectedWinners(SEED, IDS, [ROUND_10024141.beacon, ROUND_1000.beacon]);
  draw.rounds.push({ ...ROUND_1000, winnerId: second! });
  return draw;
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
      {
        timeout: 15_000,
      },
    );
  } finally {
    reactTest.IS_REACT_ACT_ENVIRONMENT = true;
  }
  return status.querySelector("p")!.textContent!;
}

async function verify(
  draw: PublishedDraw,
  declaredRoots: string | null = null,
): Promise<{ verdict: string; container: HTMLElement; items: string[] }> {
  const { container } = renderInDom(<VerifyDrawSection draws={[draw]} declaredRoots={declaredRoots} />);
  const verdict = await clickAndWait(container);
  const items = [...container.querySelectorAll('[role="status"] li')].map((item) => item.textContent!);
  return { verdict, container, items };
}

const host = (index: number) => new URL(authorities[index]!.url).host;
const ALL_MATCH = "Todo coincide: el ganador publicado es el que sale de la regla.";

describe("before the script runs", () => {
  const render = () => renderToString(<VerifyDrawSection draws={[redrawnOnAnotherRound()]} />);

  it("shows every published value, the seals, and why round 0 moved", () => {
    const html = render();
    const draw = redrawnOnAnotherRound();
    for (const value of [draw.listHash, draw.commitment, draw.seed, draw.rounds[0]!.beacon, draw.rounds[1]!.beacon]) {
      expect(html).toContain(value);
    }
    expect(html).toContain("1.000");
    expect(html).toMatch(/Sorteo del <time dateTime="2024-08-05T15:00:00.000Z">5\/8\/2024, 12:00<\/time>/);
    expect(html).toMatch(/Publicado el <time dateTime="2024-07-01T15:00:03.000Z">1\/7\/2024, 12:00<\/time>/);
    expect(html).toMatch(/Congelada el <time dateTime="2024-08-05T15:00:01.000Z">5\/8\/2024, 12:00<\/time>/);
    expect(html).toContain("Valentina R.");
    expect(html).toContain("Mateo F.");
    for (const round of draw.rounds) expect(html).toContain(round.signature);
    expect(html).toContain(`href="${draw.listUrl}"`);
    // Each stamped text and each authority's seal, with the time it sealed, to download and keep.
    expect(html).toContain(`href="${origin}/sorteos/2024-08-05/compromiso.txt"`);
    expect(html).toContain(`href="${origin}/sorteos/2024-08-05/lista.txt"`);
    for (const index of [0, 1]) {
      expect(html).toMatch(new RegExp(`Sello de (<!-- -->)?${host(index)}`));
      expect(html).toContain(`href="${origin}/sorteos/2024-08-05/lista.${new URL(authorities[index]!.url).port}.tsr"`);
    }
    expect(html).toMatch(/<time dateTime="2024-08-05T16:06:26.000Z">5\/8\/2024, 13:06:26<\/time>/);
    expect(html).toContain(
      "Se corrió de la ronda 10.022.812 a la 10.024.141: ninguna autoridad selló la lista antes de que drand publicara la ronda 10.022.812",
    );
    // What a seal does not prove, and so why to keep what the page shows before the draw.
    expect(html).toContain(
      "un sello prueba que un texto existía a esa hora, no que fuera el único que hicimos sellar; lo que guardaste es lo que muestra que no lo cambiamos por otro.",
    );
    // No technical word on the page's prose: the values are called what they are.
    expect(html).not.toMatch(/SHA-256|HMAC|\bbits\b|\bBLS\b/);
  });

  it("says a record made before witnesses has none, its dates only our word, and a statement no one sealed", () => {
    const html = renderToString(<VerifyDrawSection draws={[unsealedDraw()]} />);
    expect(html).toContain("Sin sellos: este sorteo se hizo antes de que los pidiéramos");
    const draw = publishedDraw();
    draw.witnesses.commitment!.tokens = [];
    const unsealedCommitment = renderToString(<VerifyDrawSection draws={[draw]} />);
    expect(unsealedCommitment).toContain("Ninguna autoridad lo selló.");
    // A drawn record is no longer asked about: nothing is said to be awaited.
    expect(unsealedCommitment).not.toContain("Falta el sello");
  });

  it("shows the list frozen for the next draw before it is made: its count, hash, instant, link and seals", () => {
    const listHash = "c3a836a20f59816419231c6277818fe27a6c587b39e094a05f3e24530dcf421d";
    const commitmentSeal = {
      authority: "http://timestamp.digicert.com",
      url: `${origin}/x/compromiso.a.tsr`,
      stampedAt: "2026-11-02T15:00:05.000Z",
    };
    const upcoming: UpcomingCommitment = {
      drawAt: "2026-12-07T15:00:00.000Z",
      commitment: "aae215c9576f7498e30b09b13a611a86aff065915b64853937963a357473e90c",
      committedAt: "2026-11-02T15:00:03.000Z",
      beaconRound: 34_618_012,
      window: { from: "2026-11-02", through: "2026-12-07" },
      frozen: {
        frozenAt: "2026-12-07T15:00:01.000Z",
        entryCount: 1000,
        listHash,
        listUrl: `${origin}/x/ids.txt`,
        leftOut: { outsideWindow: 1, unreadableDate: 3, refusedId: 2 },
        sample: false,
      },
      witnesses: {
        commitment: { url: `${origin}/x/compromiso.txt`, tokens: [commitmentSeal] },
        list: { url: `${origin}/x/lista.txt`, tokens: [] },
      },
      awaited: {
        commitment: ["http://timestamp.sectigo.com"],
        list: ["http://timestamp.digicert.com", "http://timestamp.sectigo.com"],
      },
    };
    const html = renderToString(<VerifyDrawSection draws={[]} upcoming={upcoming} />);
    expect(html).toMatch(/Participaciones<\/dt><dd[^>]*><span[^>]*>1.000<\/span>/);
    // No draw froze a list on 2/11/2026 here: nothing is said of what it took.
    expect(html).toContain("Entran las participaciones con fecha del 2/11/2026 al 7/12/2026, una por id.");
    expect(html).not.toMatch(/salvo las del|ya entró en el sorteo anterior|ya estaban en la lista del sorteo anterior/);
    expect(html).toContain(
      "Quedaron afuera 1 fila con fecha fuera de esos días, 3 filas con una fecha que no se puede leer y 2 filas con un id que no es solo letras, números, guiones, guiones bajos y puntos.",
    );
    expect(html).toContain(listHash);
    expect(html).toMatch(/Congelada el <time dateTime="2026-12-07T15:00:01.000Z">7\/12\/2026, 12:00<\/time>/);
    expect(html).toContain(`href="${origin}/x/ids.txt"`);
    expect(html).toMatch(
      /drand publica el(?:<!-- -->)? <time dateTime="2026-12-07T15:30:00.000Z">7\/12\/2026, 12:30<\/time>/,
    );
    // The commitment's seal as soon as it exists; the list's text before any authority answered.
    expect(html).toContain(`href="${origin}/x/compromiso.a.tsr"`);
    expect(html).toMatch(/Sello de (<!-- -->)?timestamp.digicert.com/);
    expect(html).toContain(`href="${origin}/x/lista.txt"`);
    // Each authority still asked, and until when: the commitment until the draw, the list until it is drawn.
    expect(html).toContain(
      "Falta el sello de timestamp.sectigo.com: todavía no respondió, y se lo volvemos a pedir hasta el momento del sorteo.",
    );
    expect(html).toContain(
      "Faltan los sellos de timestamp.digicert.com y timestamp.sectigo.com: todavía no respondieron, y se los volvemos a pedir hasta que se sortee.",
    );
    // No seal of the list yet: what happens if none comes before the round.
    expect(html).toContain("(la primera que sale 30 minutos después del sorteo)");
    expect(html).toContain(
      "Si ninguna autoridad sella la lista antes, el sorteo se corre a la primera ronda que salga 30 minutos después del primer sello.",
    );
    // The list's first seal came at 12:45 in Argentina, after the round of 12:30: the draw moves
    // to the first round out 30 minutes after its latest instant (12:45:01): 13:15:03.
    const moved = renderToString(
      <VerifyDrawSection
        draws={[]}
        upcoming={{
          ...upcoming,
          beaconRound: 34_618_012 + (45 * 60) / 3 + 1,
          witnesses: {
            ...upcoming.witnesses,
            list: {
              url: `${origin}/x/lista.txt`,
              tokens: [{ ...commitmentSeal, url: `${origin}/x/lista.a.tsr`, stampedAt: "2026-12-07T15:45:00.000Z" }],
            },
          },
          awaited: { commitment: [], list: ["http://timestamp.sectigo.com"] },
        }}
      />,
    );
    expect(moved).toContain(
      "Se corre de la ronda 34.618.012 a la 34.618.913: ninguna autoridad selló la lista antes de que drand publicara la ronda 34.618.012, y la regla fija entonces la primera ronda que sale 30 minutos después del primer sello de la lista.",
    );
    expect(moved).toMatch(
      /drand publica el(?:<!-- -->)? <time dateTime="2026-12-07T16:15:03.000Z">7\/12\/2026, 13:15<\/time>/,
    );
    expect(moved).not.toContain("la primera que sale 30 minutos después del sorteo");
    expect(moved).not.toContain("Si ninguna autoridad sella la lista antes");
    expect(moved).not.toContain("hasta el momento del sorteo");
    const notFrozen = renderToString(
      <VerifyDrawSection
        draws={[]}
        upcoming={{ ...upcoming, frozen: null, witnesses: { ...upcoming.witnesses, list: null } }}
      />,
    );
    expect(notFrozen).not.toContain(listHash);
    expect(notFrozen).not.toContain("Congelada");
    expect(notFrozen).not.toContain("lista.txt");
    // Before the freeze, the days whose entries will be in play.
    expect(notFrozen).toContain("Entran las participaciones con fecha del 2/11/2026 al 7/12/2026, una por id.");
    // After a draw that froze real entries on 2/11/2026, the rows it took from that day are named.
    const previous = {
      ...unsealedDraw(),
      drawAt: "2026-11-02T15:00:00.000Z",
      window: { from: "2026-10-05", through: "2026-11-02" },
    };
    const afterDraw = renderToString(<VerifyDrawSection draws={[previous]} upcoming={{ ...upcoming, frozen: null }} />);
    expect(afterDraw).toContain(
      "Entran las participaciones con fecha del 2/11/2026 al 7/12/2026, una por id, salvo las del 2/11/2026 que ya estaban en la lista del sorteo anterior.",
    );
    const afterSample = renderToString(
      <VerifyDrawSection draws={[{ ...previous, sample: true }]} upcoming={{ ...upcoming, frozen: null }} />,
    );
    expect(afterSample).not.toMatch(/salvo las del|ya estaban en la lista del sorteo anterior/);
  });

  it("keeps the button disabled and says how to check by hand", () => {
    const html = render();
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Verificar en mi navegador/);
    expect(html).toContain("El botón necesita JavaScript");
    expect(html).toContain("openssl dgst -sha256 -hmac");
    expect(html).toContain("openssl ts -verify");
  });
});

describe("the check in the browser", () => {
  it("finds that everything matches when nothing was altered, the seals and the moved round included", async () => {
    const { verdict, items } = await verify(publishedDraw());
    expect(verdict).toBe(ALL_MATCH);
    const seal = (index: number, what: string, time: string) =>
      `Sello de ${host(index)} (${what}) (coincide)Sellado el ${time} (hora de Argentina). La firma de «Testigo ${index === 0 ? "RSA" : "EC"} TSA» verifica con la raíz «Testigo ${index === 0 ? "RSA" : "EC"} Root».`;
    expect(items).toEqual([
      "Huella de la lista (coincide)La lista descargada da la huella publicada.",
      "Cantidad de participaciones (coincide)La lista tiene 1.000 ids.",
      "Compromiso (coincide)La huella de la semilla revelada es el compromiso publicado.",
      "Fecha del compromiso (coincide)Se publicó antes del sorteo.",
      "Texto sellado del compromiso (coincide)Dice lo mismo que el registro publicado.",
      seal(0, "compromiso", "30/7/2024, 09:00:00"),
      seal(1, "compromiso", "30/7/2024, 09:00:00"),
      "Compromiso sellado antes del sorteo (coincide)Sellado el 30/7/2024, 09:00:00, antes del sorteo.",
      "Texto sellado de la lista (coincide)Dice lo mismo que el registro publicado.",
      seal(0, "lista", "5/8/2024, 13:06:26"),
      seal(1, "lista", "5/8/2024, 13:06:26"),
      "Lista sellada antes de que drand publicara la ronda del sorteo (coincide)Sellado el 5/8/2024, 13:06:26, antes de que drand publicara la ronda del sorteo.",
      "Momento del sorteo (coincide)Es el primer lunes del mes a las 12:00:00 (hora de Argentina), como fija la regla.",
      "Rondas de drand (coincide)Cada una es la que fija la regla desde antes del sorteo. El sorteo se corrió a la ronda 10.024.141: ningún testigo selló la lista antes de la ronda 10.022.812, y la regla fija entonces la primera ronda que sale 30 minutos después del primer sello.",
      "Fecha de la lista (coincide)Se congeló antes de que drand publicara la ronda 10.024.141.",
      "Valor público (sorteo) (coincide)Es el de drand: la firma de la ronda 10.024.141 verifica con la clave de quicknet.",
      `Ganador (sorteo) (coincide)La cuenta da ${WINNER}.`,
    ]);
  });

  it("finds a redraw on a round the rule did not name, however real its value", async () => {
    const { verdict, items } = await verify(redrawnOnAnotherRound());
    expect(verdict).toBe("No coincide: rondas de drand.");
    expect(items).toContain(
      "Rondas de drand (no coincide)Resorteo 1 usó la ronda 1.000; la regla fija la 10.886.812. El sorteo se corrió a la ronda 10.024.141: ningún testigo selló la lista antes de la ronda 10.022.812, y la regla fija entonces la primera ronda que sale 30 minutos después del primer sello.",
    );
    expect(items).toContain(
      "Valor público (resorteo 1) (coincide)Es el de drand: la firma de la ronda 1.000 verifica con la clave de quicknet.",
    );
  });

  it("finds the rule's round used where the witnesses say the draw moved", async () => {
    const draw = publishedDraw();
    draw.rounds[0] = { ...draw.rounds[0]!, drandRound: FIXED_ROUND };
    const { verdict, items } = await verify(draw);
    expect(verdict).toBe(
      "No coincide: lista sellada antes de que drand publicara la ronda del sorteo, rondas de drand, valor público (sorteo).",
    );
    expect(items).toContain(
      `Rondas de drand (no coincide)Sorteo usó la ronda 10.022.812; la regla fija la 10.024.141. El sorteo se corrió a la ronda 10.024.141: ningún testigo selló la lista antes de la ronda 10.022.812, y la regla fija entonces la primera ronda que sale 30 minutos después del primer sello.`,
    );
  });

  /** An attacker's edit of the database after the seals: each value changed with everything that follows from it. */
  const seedWithOneDigitChanged = "7ce0cbaf6bed9d7bd71c3d0cb3231542ef1d8591b61f691352ed528f59f30f3e";
  it.each<[string, (draw: PublishedDraw) => void, string]>([
    [
      "the draw instant, moved 15 s",
      (draw) => (draw.drawAt = "2024-08-05T15:00:15.000Z"),
      "No coincide: texto sellado del compromiso, texto sellado de la lista, momento del sorteo.",
    ],
    [
      "the seed and its commitment, with the winner they make",
      (draw) => {
        draw.seed = seedWithOneDigitChanged;
        draw.commitment = sha256(seedWithOneDigitChanged);
        draw.rounds[0]!.winnerId = expectedWinners(seedWithOneDigitChanged, IDS, [draw.rounds[0]!.beacon])[0]!;
      },
      "No coincide: texto sellado del compromiso, texto sellado de la lista.",
    ],
    [
      "the list, with its hash and the winner it makes",
      (draw) => {
        const ids = SWAPPED_LIST.split("\n").slice(0, -1);
        draw.listUrl = `${origin}/cambiada/ids.txt`;
        draw.listHash = sha256(SWAPPED_LIST);
        draw.rounds[0]!.winnerId = expectedWinners(draw.seed, ids, [draw.rounds[0]!.beacon])[0]!;
      },
      "No coincide: texto sellado de la lista.",
    ],
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
    const forgedPath = "/alterado/lista.tsr";
    const reply = files.get(new URL(draw.witnesses.list!.tokens[0]!.url).pathname) as Uint8Array;
    const forged = reply.slice();
    forged[forged.length - 2]! ^= 0x01;
    files.set(forgedPath, forged);
    files.set("/otro/lista.tsr", files.get(new URL(draw.witnesses.commitment!.tokens[1]!.url).pathname)!);
    draw.witnesses.list!.tokens = [
      { ...draw.witnesses.list!.tokens[0]!, url: `${origin}${forgedPath}` },
      { ...draw.witnesses.list!.tokens[1]!, url: `${origin}/otro/lista.tsr` },
    ];
    const { verdict, items } = await verify(draw);
    expect(verdict).toBe(
      `No coincide: sello de ${host(0)} (lista), sello de ${host(1)} (lista), lista sellada antes de que drand publicara la ronda del sorteo, rondas de drand.`,
    );
    expect(items).toContain(`Sello de ${host(0)} (lista) (no coincide)La firma no verifica: el sello fue alterado.`);
    expect(items).toContain(
      `Sello de ${host(1)} (lista) (no coincide)Es el sello de otro texto: su huella no es la del texto publicado.`,
    );
  });

  it("uses a root the site only declares, but never vouches for it", async () => {
    const ours = trust.roots;
    const { KNOWN_WITNESS_ROOTS } = await vi.importActual<{ KNOWN_WITNESS_ROOTS: string }>("~/lib/draw/witness-roots");
    trust.roots = KNOWN_WITNESS_ROOTS;
    try {
      // The site declares the authorities' roots (its TIMESTAMP_ROOTS), as /sorteos passes them.
      const { verdict, items } = await verify(publishedDraw(), ours);
      expect(verdict).toBe(
        `No pudimos comprobarlo todo: quedaron sin comprobar sello de ${host(0)} (compromiso), sello de ${host(1)} (compromiso), compromiso sellado antes del sorteo, sello de ${host(0)} (lista), sello de ${host(1)} (lista), lista sellada antes de que drand publicara la ronda del sorteo (el detalle dice por qué).`,
      );
      expect(items).toContain(
        `Sello de ${host(0)} (lista) (sin comprobar)Sellado el 5/8/2024, 13:06:26 (hora de Argentina). La firma de «Testigo RSA TSA» verifica con la raíz «Testigo RSA Root», que declara este sitio y esta página no conoce de antemano: comprobala con openssl (pasos a mano).`,
      );
      // Without the declaration, the seals lead to no root at all.
      const undeclared = await verify(publishedDraw());
      expect(undeclared.items).toContain(
        `Sello de ${host(0)} (lista) (no coincide)Su firma no lleva a la raíz de una autoridad de confianza.`,
      );
    } finally {
      trust.roots = ours;
    }
  });

  it("says a record made before witnesses has no seals, without calling that a mismatch", async () => {
    // Without seals, round 0 is held to the rule's first choice: this record's moved round is not.
    const { verdict, items } = await verify(unsealedDraw());
    expect(verdict).toBe(
      "No coincide: rondas de drand. No pudimos comprobarlo todo: quedaron sin comprobar testigos del compromiso, testigos de la lista (el detalle dice por qué).",
    );
    expect(items).toContain(
      "Testigos de la lista (sin comprobar)Este registro no tiene sellos de la lista: su fecha es solo nuestra palabra.",
    );
  });

  it.each<[string, (draw: PublishedDraw) => void, string]>([
    ["the list's hash", (draw) => (draw.listHash = draw.commitment), "huella de la lista, texto sellado de la lista"],
    ["the entry count", (draw) => (draw.entryCount = 1001), "cantidad de participaciones, texto sellado de la lista"],
    ["the seed's format", (draw) => (draw.seed = "semilla"), "semilla revelada, ganador (sorteo)"],
    ["the commitment's date", (draw) => (draw.committedAt = DRAW_AT), "fecha del compromiso"],
    [
      "the freeze instant, once the round was out",
      (draw) => (draw.frozenAt = "2024-08-05T16:36:27.000Z"),
      "fecha de la lista",
    ],
    [
      "the draw's public value",
      (draw) => (draw.rounds[0]!.beacon = ROUND_1000.beacon),
      "valor público (sorteo), ganador (sorteo)",
    ],
    [
      "the draw's signature, one byte changed",
      (draw) => (draw.rounds[0]!.signature = `${ROUND_10024141.signature!.slice(0, -2)}3a`),
      "valor público (sorteo)",
    ],
    [
      "the signature, another round's (a value typed, with a real signature beside it)",
      (draw) => (draw.rounds[0]!.signature = ROUND_1000.signature),
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
      "the list behind the link",
      (draw) => (draw.listUrl = `${origin}/cambiada/ids.txt`),
      "huella de la lista, ganador (sorteo)",
    ],
    [
      "the list's format (a byte-order mark)",
      (draw) => (draw.listUrl = `${origin}/con-bom/ids.txt`),
      "huella de la lista, lista de ids, ganador (sorteo)",
    ],
    [
      "the list's encoding (Latin-1)",
      (draw) => (draw.listUrl = `${origin}/latin1/ids.txt`),
      "huella de la lista, lista de ids, ganador (sorteo)",
    ],
  ])("names %s when it was altered", async (_value, alter, named) => {
    const draw = publishedDraw();
    alter(draw);
    expect((await verify(draw)).verdict).toBe(`No coincide: ${named}.`);
  });

  it("fetches every file from the page's own origin, whatever host the record names", async () => {
    const draw = publishedDraw();
    draw.listUrl = "https://otro-sitio.example/sorteos/2024-08-05/ids.txt";
    for (const statement of [draw.witnesses.commitment!, draw.witnesses.list!]) {
      statement.url = statement.url.replace(origin, "https://otro-sitio.example");
    }
    expect((await verify(draw)).verdict).toBe(ALL_MATCH);
  });

  it("checks a list frozen under id rule 1 with that rule: it still matches, and not under today's", async () => {
    const ids = RULE_1_LIST.split("\n").slice(0, -1);
    const unsealed = {
      ...unsealedDraw(),
      idRule: 1 as const,
      listHash: sha256(RULE_1_LIST),
      listUrl: `${origin}/regla-1/ids.txt`,
    };
    unsealed.rounds[0]!.winnerId = expectedWinners(SEED, ids, [ROUND_10024141.beacon])[0]!;
    const draw = await witnessed(unsealed, "regla-1");
    expect((await verify(draw)).verdict).toBe(ALL_MATCH);
    // Read as today's rule, the list is not a list; and the seal says rule 1.
    expect((await verify({ ...draw, idRule: 2 })).verdict).toBe(
      "No coincide: lista de ids, texto sellado de la lista, ganador (sorteo).",
    );
  });

  it("says a list that cannot be downloaded could not be checked, never that it does not match", async () => {
    const draw = { ...publishedDraw(), listUrl: `${origin}/no-existe/ids.txt` };
    const { verdict, items, container } = await verify(draw);
    expect(verdict).toBe(
      "No pudimos comprobarlo todo: la lista de ids no se pudo descargar. Probá de nuevo en un rato.",
    );
    expect(items[0]).toBe(
      "Lista de ids (sin comprobar)No pudimos descargar la lista de ids (el servidor respondió 404).",
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
      "Lista de ids (sin comprobar)No pudimos descargar la lista de ids: revisá tu conexión y probá de nuevo.",
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
    const altered = await verify({ ...publishedDraw(), seed: "semilla" });
    expect(altered.verdict).toMatch(/^No coincide/);
    expect(await violations(altered.container)).toEqual([]);
  });
});

describe("by hand", () => {
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), "verify-draw-"));
  });
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  it("the commands shown on the page, run in bash, print the hashes, the winners and each seal's verdict and time", async () => {
    // The roots the visitor trusts are theirs to bring: here, the two authorities'.
    await writeFile(path.join(workDir, "raices.pem"), trust.roots);
    const draw = redrawnOnAnotherRound();
    const html = renderToString(<VerifyDrawSection draws={[draw]} />);
    const script = new DOMParser().parseFromString(html, "text/html").querySelector("pre code")!.textContent!;
    const { stdout } = await promisify(execFile)("bash", ["-e", "-c", script], { cwd: workDir });
    const lines = stdout.trim().split("\n");
    const sealed = (time: string) => ["Verification: OK", `Time stamp: ${time} GMT`];
    expect(lines).toEqual([
      "SHA2-256(ids.txt)= c3a836a20f59816419231c6277818fe27a6c587b39e094a05f3e24530dcf421d",
      "SHA2-256(stdin)= aae215c9576f7498e30b09b13a611a86aff065915b64853937963a357473e90c",
      WINNER,
      draw.rounds[1]!.winnerId,
      ...sealed("Jul 30 12:00:00 2024"),
      ...sealed("Jul 30 12:00:00 2024"),
      ...sealed("Aug  5 16:06:26 2024"),
      ...sealed("Aug  5 16:06:26 2024"),
    ]);
  });
});
