import { useDocumentText } from "./document-texts";
import { useNonce } from "./nonce";

/** Where a held link keeps its `rel`: a link without one fetches nothing. */
export const HELD_REL_ATTRIBUTE = "data-rel-after-first-paint";

/** The type a held module script carries: a data block, which the browser neither fetches for nor runs. */
export const HELD_MODULE_TYPE = "text/x-module-after-first-paint";

/**
 * Starts the scripts a page rendered whole holds until after its first paint (docs/decisions/020-scripts-after-the-first-paint.md).
 * On a page that holds none (a streamed page, the development server) it finds nothing to start.
 * Its text is the server's (`HELD_SCRIPTS_STARTER`): the browser keeps the script it was sent.
 */
export function ScriptsAfterFirstPaint() {
  return (
    <script
      nonce={useNonce()}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: useDocumentText("heldScriptsStarter") }}
    />
  );
}
