import { useDocumentText } from "./document-texts";
import { useNonce } from "./nonce";

/**
 * The site's whole stylesheet inside the document, so the first paint waits on no other
 * request (docs/decisions/006-inline-stylesheet.md). The server renders the text; the
 * browser hydrates the element without it and keeps what the server sent.
 */
export function InlineStylesheet() {
  return (
    <style
      nonce={useNonce()}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: useDocumentText("stylesheet") }}
    />
  );
}
