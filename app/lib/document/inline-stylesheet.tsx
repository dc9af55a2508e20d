import { createContext, useContext, type ReactNode } from "react";
import { useNonce } from "./nonce";

const StylesheetTextContext = createContext("");

export function StylesheetTextProvider({ value, children }: { value: string; children: ReactNode }) {
  return <StylesheetTextContext.Provider value={value}>{children}</StylesheetTextContext.Provider>;
}

/**
 * The site's whole stylesheet inside the document, so the first paint waits on no other
 * request (docs/decisions/006-inline-stylesheet.md). The server renders the text; the
 * browser hydrates the element without it and keeps what the server sent.
 */
export function InlineStylesheet() {
  const text = useContext(StylesheetTextContext);
  return <style nonce={useNonce()} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: text }} />;
}
