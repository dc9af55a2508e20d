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
