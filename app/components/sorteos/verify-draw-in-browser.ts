import { checkPublishedDraw, type Check } from "~/lib/draw/draw-checks";
import { downloadList, downloadRoots, downloadWitnessFiles } from "~/lib/draw/published-files";
import type { PublishedDraw } from "~/lib/draw/published-draw";

/** Where the public roots every verdict uses are served (docs/draw.md, "Witnesses"). */
const ROOTS_PATH = "/sorteos/raices.pem";

/** A published file's path on this page's own origin: what the visitor's browser can always fetch. */
function onThisOrigin(url: string): string {
  return new URL(new URL(url).pathname, window.location.origin).href;
}

/**
 * Recomputes one published draw in the browser against the same public roots as the server's
 * badge and `draw -- verify`. Loaded only when the visitor presses "Verificar en mi navegador"
 * (docs/decisions/094-the-draw-verification-loads-on-its-button.md); it renders nothing, so its
 * chunk needs no React. Web Crypto exists only on secure (https) pages and in current browsers:
 * without it the answer is null, and the verdict says the browser could not make the check.
 */
export function verifyInBrowser(draw: PublishedDraw, testRoots: string | null): Promise<Check[] | null> {
  return Promise.all([
    downloadList(onThisOrigin(draw.listUrl)),
    downloadWitnessFiles(draw.witnesses, onThisOrigin),
    downloadRoots(new URL(ROOTS_PATH, window.location.origin).href),
  ])
    .then(([list, files, roots]) => checkPublishedDraw(draw, list, { files, trustedPem: roots, testPem: testRoots }))
    .catch(() => null);
}
