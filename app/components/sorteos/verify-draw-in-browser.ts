import { checkPublishedDraw, lowerFirst, type Check } from "~/lib/draw/draw-checks";
import { downloadList, downloadRoots, downloadWitnessFiles } from "~/lib/draw/published-files";
import type { PublishedDraw } from "~/lib/draw/published-draw";

/** What the verdict says when the browser cannot do the check at all (no Web Crypto outside https). */
const UNABLE_TO_COMPUTE: Check = {
  value: "Cuenta en el navegador",
  ok: false,
  detail: "Este navegador no pudo hacer la cuenta. Probá con uno actualizado o seguí los pasos a mano de abajo.",
};

/**
 * What the verdict adds for checks it could not make: a list that could not be downloaded (a
 * failure to fetch, not a mismatch; the winners wait on it), or a seal this page cannot vouch for.
 */
function uncheckedVerdict(unchecked: Check[]): string {
  const listMissing = unchecked.some((check) => check.value === "Lista de IDs");
  const others = unchecked.filter(
    (check) => check.value !== "Lista de IDs" && !(listMissing && check.value.startsWith("Ganador")),
  );
  return [
    "No pudimos comprobarlo todo:",
    listMissing ? "la lista de IDs no se pudo descargar. Probá de nuevo en un rato." : "",
    others.length > 0
      ? `${listMissing ? "Además, q" : "q"}uedaron sin comprobar ${others.map((check) => lowerFirst(check.value)).join(", ")} (el detalle dice por qué).`
      : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** The verdict the page shows: one sentence, its tone, and every check. */
export interface Verdict {
  sentence: string;
  tone: "failed" | "unchecked" | "ok";
  checks: Check[];
}

function verdictOf(checks: Check[]): Verdict {
  const failed = checks.filter((check) => !check.ok && !check.unchecked);
  const unchecked = checks.filter((check) => check.unchecked);
  const tone = failed.length > 0 ? "failed" : unchecked.length > 0 ? "unchecked" : "ok";
  if (failed[0] === UNABLE_TO_COMPUTE) return { sentence: "No se pudo verificar en este navegador.", tone, checks };
  const sentence = [
    failed.length > 0 ? `No coincide: ${failed.map((check) => lowerFirst(check.value)).join(", ")}.` : "",
    unchecked.length > 0 ? uncheckedVerdict(unchecked) : "",
    failed.length === 0 && unchecked.length === 0
      ? "Todo coincide: el ganador publicado es el que sale de la regla."
      : "",
  ]
    .filter(Boolean)
    .join(" ");
  return { sentence, tone, checks };
}

/** Where the public roots every verdict uses are served (docs/draw.md, "Witnesses"). */
const ROOTS_PATH = "/sorteos/raices.pem";

/** A published file's path on this page's own origin: what the visitor's browser can always fetch. */
function onThisOrigin(url: string): string {
  return new URL(new URL(url).pathname, window.location.origin).href;
}

/**
 * Recomputes one published draw in the browser against the same public roots as the server's
 * badge and `draw -- verify`. Loaded only when the visitor presses "Verificar en mi navegador"
 * (docs/decisions/094-the-draw-verification-loads-on-its-button.md), with the verdict's
 * wording; it renders nothing, so its chunk needs no React. Web Crypto exists only on secure
 * (https) pages and in current browsers: without it, the verdict says so.
 */
export function verifyInBrowser(draw: PublishedDraw, testRoots: string | null): Promise<Verdict> {
  return Promise.all([
    downloadList(onThisOrigin(draw.listUrl)),
    downloadWitnessFiles(draw.witnesses, onThisOrigin),
    downloadRoots(new URL(ROOTS_PATH, window.location.origin).href),
  ])
    .then(([list, files, roots]) => checkPublishedDraw(draw, list, { files, trustedPem: roots, testPem: testRoots }))
    .catch(() => [UNABLE_TO_COMPUTE])
    .then(verdictOf);
}
