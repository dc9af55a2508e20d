import { useNonce } from "./nonce";

/** Where a held link keeps its `rel`: a link without one fetches nothing. */
export const HELD_REL_ATTRIBUTE = "data-rel-after-first-paint";

/** The type a held module script carries: a data block, which the browser neither fetches for nor runs. */
export const HELD_MODULE_TYPE = "text/x-module-after-first-paint";

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

const START_HELD_SCRIPTS = `(${startHeldScripts})(${[HELD_REL_ATTRIBUTE, HELD_MODULE_TYPE].map((argument) => JSON.stringify(argument)).join(", ")})`;

/**
 * Starts the scripts a page rendered whole holds until after its first paint (docs/decisions/020-scripts-after-the-first-paint.md).
 * On a page that holds none (a streamed page, the development server) it finds nothing to start.
 */
export function ScriptsAfterFirstPaint() {
  return (
    <script nonce={useNonce()} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: START_HELD_SCRIPTS }} />
  );
}
