import { useMatches } from "@remix-run/react";

/**
 * What a route's `handle` may say of its page's scripts: `hydrate: false` for a page with nothing
 * to run (the rules, the privacy policy), which then ships no script and no module preload, as
 * Remix's own guide does it (docs/decisions/095-pages-with-nothing-to-run-ship-no-javascript.md).
 * Without JavaScript every page already works: the header's links, the anchors, the forms.
 */
export interface PageScriptsHandle {
  hydrate?: boolean;
}

/** The handle of a page that runs nothing. */
export const NO_SCRIPTS: PageScriptsHandle = { hydrate: false };

/** Whether the document's scripts go out: unless a matched route's handle says its page runs nothing. */
export function usePageHydrates(): boolean {
  return !useMatches().some((match) => (match.handle as PageScriptsHandle | undefined)?.hydrate === false);
}
