import { createContext, useContext, type ReactNode } from "react";

const NonceContext = createContext("");

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

/** The per-response CSP nonce on the server; empty in the browser, which hides nonces anyway. */
export function useNonce(): string {
  return useContext(NonceContext);
}
