import { createContext, useContext, type ReactNode } from "react";

/**
 * What only the server writes into the document: the site's stylesheet and the script that starts
 * the held scripts. The browser hydrates each element without its text and keeps what the server
 * sent, so neither text is in the browser's JavaScript
 * (docs/decisions/096-the-javascript-budget-after-the-pages-without-scripts.md).
 */
export interface DocumentTexts {
  stylesheet: string;
  heldScriptsStarter: string;
}

const DocumentTextsContext = createContext<DocumentTexts>({ stylesheet: "", heldScriptsStarter: "" });

export function DocumentTextsProvider({ value, children }: { value: DocumentTexts; children: ReactNode }) {
  return <DocumentTextsContext.Provider value={value}>{children}</DocumentTextsContext.Provider>;
}

/** One of the texts: empty in the browser, which keeps the element the server sent. */
export const useDocumentText = (name: keyof DocumentTexts): string => useContext(DocumentTextsContext)[name];
