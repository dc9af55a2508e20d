import { createContext, useContext, type ReactNode } from "react";

const NonceContext = createContext("");

/** `value` is empty for a page rendered whole and stored: its inline elements are allowed by hash. */
export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

/**
 * The per-response CSP nonce of a page made for one request, on the server; undefined for a
 * stored page (no attribute at all) and in the browser, which hides nonces anyway.
 */
export function useNonce(): string | undefined {
  return useContext(NonceContext) || undefined;
}
