// @vitest-environment jsdom
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import axe from "axe-core";
import { renderToString } from "react-dom/server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { VerifyDrawSection } from "~/components/sorteos/verify-draw";
import type { PublishedDraw, PublishedRound } from "~/lib/draw/published-draw";
import { expectedWinners, sha256 } from "../../support/draw-command";
import { QUICKNET_DRAW, QUICKNET_LIST } from "../../support/quicknet-draw";
import { renderInDom } from "../../support/render-in-dom";

/** The real round-1000 draw; a second real round, 10,024,141, serves as a redraw the rule did not name. */
const LIST = QUICKNET_LIST;
/**
 * The thousand with one id as id rule 1 kept ids (NFC, case and accents as typed): what a list
 * frozen before ids were folded holds, still published as it was hashed.
 */
const RULE_1_LIST = LIST.replace("OL-25500\n", "ñandú-25500\n");
/** The same list with one id changed: what a list swapped after the draw would look like. */
const SWAPPED_LIST = LIST.replace("OL-25500\n", "OL-99999\n");

/** Serves the lists the way the site will: plain text, exactly the frozen bytes. */
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const body = {
      "/sorteos/2026-12/ids.txt": LIST,
      "/cambiada/ids.txt": SWAPPED_LIST,
      "/regla-1/ids.txt": RULE_1_LIST,
      "/con-bom/ids.txt": `\uFEFF${LIST}`,
      "/latin1/ids.txt": Buffer.from(LIST.replace("OL-25500", "OL-2550\u00f1"), "latin1"),
    }[request.url ?? ""];
    response.writeHead(body === undefined ? 404 : 200, { "content-type": "text/plain; charset=utf-8" });
    response.end(body ?? "No encontrado");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The page is served from the lists' server: the check fetches a list from the page's origin.
  pageAt(`${origin}/sorteos`);
});

/** Where the page under test is served from (jsdom's URL). */
function pageAt(url: string): void {
  (globalThis as unknown as { jsdom: { reconfigure: (options: { url: string }) => void } }).jsdom.reconfigure({ url });
}

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

afterEach(() => {
  document.body.innerHTML = "";
});

const ROUND_1000_SIGNATURE = QUICKNET_DRAW.round.signature;

const ROUND_10024141: PublishedRound = {
  beacon: "08622adf60800b20ad45b39792a6fe32cb4bf428925550921b01ac3843e714e6",
  beaconSource: "drand quicknet, ronda 10.024.141",
  beaconUrl: "https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971/public/10024141",
  drandRound: 10_024_141,
  signature: "8c87caf26bb4f5e9fdfad5ddf739ff8683344f8cf04a8c381225ff067557b5d9d51937eed765fcef21971bf5ddef44bb",
  rehearsal: false,
  winnerId: "OL-25127",
  winnerName: "Mateo F.",
  winnerCountry: "México",
};

/** The real round-1000 draw as the page publishes it; the list was frozen at the draw instant, before the round. */
function publishedDraw(): PublishedDraw {
  return {
    drawAt: QUICKNET_DRAW.drawAt,
    entryCount: 1000,
    window: { from: "2023-07-03", through: "2023-08-23" },
    leftOut: { outsideWindow: 12, unreadableDate: 1, refusedId: 2 },
    listHash: QUICKNET_DRAW.listHash,
    listUrl: `${origin}/sorteos/2026-12/ids.txt`,
    idRule: 2,
    commitment: QUICKNET_DRAW.commitment,
    committedAt: QUICKNET_DRAW.committedAt,
    frozenAt: QUICKNET_DRAW.drawAt,
    seed: QUICKNET_DRAW.seed,
    rounds: [
      {
        beacon: QUICKNET_DRAW.round.beacon,
        beaconSource: "drand quicknet, ronda 1.000",
        beaconUrl: "https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971/public/1000",
        drandRound: 1000,
        signature: ROUND_1000_SIGNATURE,
        rehearsal: false,
        winnerId: QUICKNET_DRAW.round.winnerId,
        winnerName: "Valentina R.",
        winnerCountry: "Argentina",
      },
    ],
  };
}

/** The same draw with a redraw on round 10,024,141: real, but not the rule's (that is 865,000). */
function redrawnOnAnotherRound(): PublishedDraw {
  const draw = publishedDraw();
  draw.rounds.push({ ...ROUND_10024141 });
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

async function verify(draw: PublishedDraw): Promise<{ verdict: string; container: HTMLElement }> {
  const { container } = renderInDom(<VerifyDrawSection draws={[draw]} />);
  return { verdict: await clickAndWait(container), container };
}

describe("before the script runs", () => {
  const render = () => renderToString(<VerifyDrawSection draws={[redrawnOnAnotherRound()]} />);

  it("shows every published value", () => {
    const html = render();
    const draw = redrawnOnAnotherRound();
    for (const value of [draw.listHash, draw.commitment, draw.seed, draw.rounds[0]!.beacon, draw.rounds[1]!.beacon]) {
      expect(html).toContain(value);
    }
    expect(html).toContain("1.000");
    expect(html).toMatch(/Sorteo del <time dateTime="2023-08-23T15:29:24.000Z">23\/8\/2023, 12:29<\/time>/);
    expect(html).toMatch(/Publicado el <time dateTime="2023-08-07T15:00:03.000Z">7\/8\/2023, 12:00<\/time>/);
    expect(html).toMatch(/Congelada el <time dateTime="2023-08-23T15:29:24.000Z">23\/8\/2023, 12:29<\/time>/);
    expect(html).toContain("Valentina R.");
    expect(html).toContain("OL-25127");
    for (const round of draw.rounds) expect(html).toContain(round.signature);
    expect(html).toContain(`href="${draw.listUrl}"`);
  });

  it("shows the list frozen for the next draw before it is made: its count, hash, instant and link", () => {
    const listHash = "c3a836a20f59816419231c6277818fe27a6c587b39e094a05f3e24530dcf421d";
    const upcoming = {
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
      },
    };
    const html = renderToString(<VerifyDrawSection draws={[]} upcoming={upcoming} />);
    expect(html).toMatch(/Participaciones<\/dt><dd[^>]*><span[^>]*>1.000<\/span>/);
    expect(html).toContain(
      "Entran las participaciones con fecha del 2/11/2026 al 7/12/2026, una por id, salvo las del 2/11/2026 que ya estaban en la lista del sorteo anterior.",
    );
    expect(html).toContain(
      "Quedaron afuera 1 fila con fecha fuera de esos días o que ya entró en el sorteo anterior, 3 filas con una fecha que no se puede leer y 2 filas con un id que no es solo letras, números, guiones, guiones bajos y puntos.",
    );
    expect(html).toContain(listHash);
    expect(html).toMatch(/Congelada el <time dateTime="2026-12-07T15:00:01.000Z">7\/12\/2026, 12:00<\/time>/);
    expect(html).toContain(`href="${origin}/x/ids.txt"`);
    expect(html).toMatch(
      /drand publica el(?:<!-- -->)? <time dateTime="2026-12-07T15:30:00.000Z">7\/12\/2026, 12:30<\/time>/,
    );
    const notFrozen = renderToString(<VerifyDrawSection draws={[]} upcoming={{ ...upcoming, frozen: null }} />);
    expect(notFrozen).not.toContain(listHash);
    expect(notFrozen).not.toContain("Congelada");
    // Before the freeze, the days whose entries will be in play.
    expect(notFrozen).toContain(
      "Entran las participaciones con fecha del 2/11/2026 al 7/12/2026, una por id, salvo las del 2/11/2026 que ya estaban en la lista del sorteo anterior.",
    );
  });

  it("keeps the button disabled and says how to check by hand", () => {
    const html = render();
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Verificar en mi navegador/);
    expect(html).toContain("El botón necesita JavaScript");
    expect(html).toContain("openssl dgst -sha256 -hmac");
  });
});

describe("the check in the browser", () => {
  it("finds that everything matches when nothing was altered", async () => {
    const { verdict, container } = await verify(publishedDraw());
    expect(verdict).toBe("Todo coincide: el ganador publicado es el que sale de la regla.");
    const items = [...container.querySelectorAll('[role="status"] li')].map((item) => item.textContent);
    expect(items).toEqual([
      "Huella de la lista (coincide)La lista descargada da la huella publicada.",
      "Cantidad de participaciones (coincide)La lista tiene 1.000 ids.",
      "Compromiso (coincide)La huella de la semilla revelada es el compromiso publicado.",
      "Fecha del compromiso (coincide)Se publicó antes del sorteo.",
      "Rondas de drand (coincide)Cada una es la que fija la regla desde antes del sorteo.",
      "Fecha de la lista (coincide)Se congeló antes de que drand publicara la ronda 1.000.",
      "Valor público (sorteo) (coincide)Es el de drand: la firma de la ronda 1.000 verifica con la clave de quicknet.",
      "Ganador (sorteo) (coincide)La cuenta da OL-25645.",
    ]);
  });

  it("finds a redraw on a round the rule did not name, however real its value", async () => {
    const { verdict, container } = await verify(redrawnOnAnotherRound());
    expect(verdict).toBe("No coincide: rondas de drand.");
    const items = [...container.querySelectorAll('[role="status"] li')].map((item) => item.textContent);
    expect(items).toContain(
      "Rondas de drand (no coincide)Resorteo 1 usó la ronda 10.024.141; la regla fija la 865.000.",
    );
    expect(items).toContain(
      "Valor público (resorteo 1) (coincide)Es el de drand: la firma de la ronda 10.024.141 verifica con la clave de quicknet.",
    );
    expect(items).toContain("Ganador (resorteo 1) (coincide)La cuenta da OL-25127.");
  });

  const seedWithOneDigitChanged = "7ce0cbaf6bed9d7bd71c3d0cb3231542ef1d8591b61f691352ed528f59f30f3e";
  it.each<[string, (draw: PublishedDraw) => void, string]>([
    ["the list's hash", (draw) => (draw.listHash = draw.commitment), "No coincide: huella de la lista."],
    ["the entry count", (draw) => (draw.entryCount = 1001), "No coincide: cantidad de participaciones."],
    ["the seed", (draw) => (draw.seed = seedWithOneDigitChanged), "No coincide: compromiso, ganador (sorteo)."],
    ["the seed's format", (draw) => (draw.seed = "semilla"), "No coincide: semilla revelada, ganador (sorteo)."],
    ["the commitment", (draw) => (draw.commitment = draw.listHash), "No coincide: compromiso."],
    [
      "the commitment's date",
      (draw) => (draw.committedAt = "2023-08-23T15:29:24.000Z"),
      "No coincide: fecha del compromiso.",
    ],
    [
      "the draw's instant, a day off the one its round is fixed by",
      (draw) => (draw.drawAt = "2023-08-24T15:29:24.000Z"),
      "No coincide: rondas de drand.",
    ],
    [
      "the freeze instant, once the round was out",
      (draw) => (draw.frozenAt = "2023-08-23T15:59:24.000Z"),
      "No coincide: fecha de la lista.",
    ],
    [
      "the draw's public value",
      (draw) => (draw.rounds[0]!.beacon = ROUND_10024141.beacon),
      "No coincide: valor público (sorteo), ganador (sorteo).",
    ],
    [
      "the draw's signature, one byte changed",
      (draw) => (draw.rounds[0]!.signature = `${ROUND_1000_SIGNATURE.slice(0, -2)}3a`),
      "No coincide: valor público (sorteo).",
    ],
    [
      "the signature, another round's (a value typed, with a real signature beside it)",
      (draw) => (draw.rounds[0]!.signature = ROUND_10024141.signature),
      "No coincide: valor público (sorteo).",
    ],
    [
      "a draw made without a signature",
      (draw) => (draw.rounds[0]!.signature = null),
      "No coincide: valor público (sorteo).",
    ],
    [
      "a rehearsal, however well its values match",
      (draw) => draw.rounds.forEach((round) => (round.rehearsal = true)),
      "No coincide: valor público (sorteo).",
    ],
    ["the winner", (draw) => (draw.rounds[0]!.winnerId = "OL-25646"), "No coincide: ganador (sorteo)."],
    [
      "the list behind the link",
      (draw) => (draw.listUrl = `${origin}/cambiada/ids.txt`),
      "No coincide: huella de la lista, ganador (sorteo).",
    ],
    [
      "the list's format (a byte-order mark)",
      (draw) => (draw.listUrl = `${origin}/con-bom/ids.txt`),
      "No coincide: huella de la lista, lista de ids, ganador (sorteo).",
    ],
    [
      "the list's encoding (Latin-1)",
      (draw) => (draw.listUrl = `${origin}/latin1/ids.txt`),
      "No coincide: huella de la lista, lista de ids, ganador (sorteo).",
    ],
    [
      "a list's host other than the page's (fetched from the page's own origin)",
      (draw) => (draw.listUrl = "https://otro-sitio.example/sorteos/2026-12/ids.txt"),
      "Todo coincide: el ganador publicado es el que sale de la regla.",
    ],
  ])("names %s when it was altered", async (_value, alter, expected) => {
    const draw = publishedDraw();
    alter(draw);
    expect((await verify(draw)).verdict).toBe(expected);
  });

  it("checks a list frozen under id rule 1 with that rule: it still matches, and not under today's", async () => {
    const ids = RULE_1_LIST.split("\n").slice(0, -1);
    const listHash = sha256(RULE_1_LIST);
    const draw = { ...publishedDraw(), idRule: 1 as const, listHash, listUrl: `${origin}/regla-1/ids.txt` };
    draw.rounds[0]!.winnerId = expectedWinners(draw.seed, ids, [draw.rounds[0]!.beacon])[0]!;
    expect((await verify(draw)).verdict).toBe("Todo coincide: el ganador publicado es el que sale de la regla.");
    expect((await verify({ ...draw, idRule: 2 })).verdict).toBe("No coincide: lista de ids, ganador (sorteo).");
  });

  it("says a list that cannot be downloaded could not be checked, never that it does not match", async () => {
    const draw = { ...publishedDraw(), listUrl: `${origin}/no-existe/ids.txt` };
    const { verdict, container } = await verify(draw);
    expect(verdict).toBe(
      "No pudimos comprobarlo todo: la lista de ids no se pudo descargar. Probá de nuevo en un rato.",
    );
    expect(container.querySelector('[role="status"] li')!.textContent).toBe(
      "Lista de ids (sin comprobar)No pudimos descargar la lista de ids (el servidor respondió 404).",
    );
    expect(container.textContent).not.toContain("(no coincide)");
  });
});

it("says when the list's server cannot be reached at all", async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  pageAt(`http://127.0.0.1:${port}/sorteos`);
  try {
    const { container } = await verify(publishedDraw());
    expect(container.querySelector('[role="status"] li')!.textContent).toBe(
      "Lista de ids (sin comprobar)No pudimos descargar la lista de ids: revisá tu conexión y probá de nuevo.",
    );
  } finally {
    pageAt(`${origin}/sorteos`);
  }
});

it("says so when the browser cannot hash (no Web Crypto outside https)", async () => {
  // An insecure page has no crypto.subtle: the check must end with a clear answer, not hang.
  vi.stubGlobal("crypto", { getRandomValues: crypto.getRandomValues.bind(crypto) });
  try {
    const { verdict, container } = await verify(publishedDraw());
    expect(verdict).toBe("No se pudo verificar en este navegador.");
    expect(container.querySelector('[role="status"] li')!.textContent).toBe(
      "Cuenta en el navegador (no coincide)Este navegador no pudo hacer la cuenta. Probá con uno actualizado o seguí los pasos a mano de abajo.",
    );
  } finally {
    vi.unstubAllGlobals();
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

  it("the commands shown on the page, run in bash, print the hashes and the winners", async () => {
    const html = renderToString(<VerifyDrawSection draws={[redrawnOnAnotherRound()]} />);
    const script = new DOMParser().parseFromString(html, "text/html").querySelector("pre code")!.textContent!;
    const { stdout } = await promisify(execFile)("bash", ["-e", "-c", script], { cwd: workDir });
    const lines = stdout.trim().split("\n");
    expect(lines).toEqual([
      "SHA2-256(ids.txt)= c3a836a20f59816419231c6277818fe27a6c587b39e094a05f3e24530dcf421d",
      "SHA2-256(stdin)= aae215c9576f7498e30b09b13a611a86aff065915b64853937963a357473e90c",
      "OL-25645",
      "OL-25127",
    ]);
  });
});
