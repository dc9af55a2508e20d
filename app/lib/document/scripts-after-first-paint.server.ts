import { HELD_MODULE_TYPE, HELD_REL_ATTRIBUTE } from "./scripts-after-first-paint";

/** How Remix's `<Scripts>` writes its preloads and its module script, with a nonce or without. */
const MODULE_PRELOAD = '<link rel="modulepreload"';
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">/;

/**
 * The document with Remix's module preloads and module script held back until the page
 * has painted; `ScriptsAfterFirstPaint` starts them (docs/decisions/020-scripts-after-the-first-paint.md).
 * Only the attribute that fetches or runs each element changes, so the script's text, its
 * CSP hash and its nonce stay as rendered. A page Remix wrote otherwise is left as it is: it
 * loads its scripts early, which costs speed, not function.
 */
export function holdScriptsUntilFirstPaint(html: string): string {
  if (!MODULE_SCRIPT.test(html)) return html;
  return html
    .replaceAll(MODULE_PRELOAD, `<link ${HELD_REL_ATTRIBUTE}="modulepreload"`)
    .replace(
      MODULE_SCRIPT,
      (_script, nonce: string | undefined) => `<script${nonce ?? ""} type="${HELD_MODULE_TYPE}" async="">`,
    );
}

/**
 * Runs in the page. Once the first contentful paint has a timing (the frame has reached the
 * screen, not only the compositor; told by a PerformanceObserver, which a page's own fake
 * clock leaves alone), it gives the held links their `rel` back, and in a later task (each
 * task stays short) replaces each held script by a module script of the same text (and
 * nonce), which the page's CSP allows by the same hash or nonce. A hidden tab paints nothing,
 * so it starts at once, and so does an old browser without paint timing.
 */
function startHeldScripts(relAttribute: string, moduleType: string) {
  function runScripts() {
    for (const held of document.querySelectorAll<HTMLScriptElement>(`script[type="${moduleType}"]`)) {
      const script = document.createElement("script");
      script.type = "module";
      // A page made for one request allows its inline scripts by nonce, not by hash.
      script.nonce = held.nonce;
      script.textContent = held.textContent;
      held.replaceWith(script);
    }
  }
  function start() {
    for (const link of document.querySelectorAll<HTMLLinkElement>(`link[${relAttribute}]`)) {
      link.rel = link.getAttribute(relAttribute)!;
      link.removeAttribute(relAttribute);
    }
    setTimeout(runScripts);
  }
  if (document.hidden || !self.PerformanceObserver?.supportedEntryTypes?.includes("paint")) start();
  else {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName("first-contentful-paint").length > 0) {
        observer.disconnect();
        start();
      }
    }).observe({ type: "paint", buffered: true });
  }
}

/** The starter's text, written into each document by the server (`ScriptsAfterFirstPaint`). */
export const HELD_SCRIPTS_STARTER = `(${startHeldScripts})(${[HELD_REL_ATTRIBUTE, HELD_MODULE_TYPE].map((argument) => JSON.stringify(argument)).join(", ")})`;
