import { webcrypto } from "node:crypto";
import { vi } from "vitest";

/**
 * jsdom gives a page its own realm, whose typed arrays Node's Web Crypto refuses ("not instance
 * of ArrayBuffer"); a browser has one realm, so PKI.js never meets that there. For files that
 * run the witnesses' check in jsdom: the page's `crypto` is Node's, with every byte argument
 * copied into Node's realm first. Nothing else changes: every operation is Node's own.
 */
export function useSingleRealmCrypto(): void {
  const isBytes = (value: unknown) =>
    ArrayBuffer.isView(value) || Object.prototype.toString.call(value) === "[object ArrayBuffer]";
  const ours = (value: unknown): unknown => {
    if (ArrayBuffer.isView(value)) {
      return new Uint8Array(value.buffer as ArrayBuffer, value.byteOffset, value.byteLength).slice();
    }
    if (isBytes(value)) return new Uint8Array(value as ArrayBuffer).slice();
    return value;
  };
  const subtle = new Proxy(webcrypto.subtle, {
    get(target, property) {
      const member = Reflect.get(target, property, target) as unknown;
      if (typeof member !== "function") return member;
      return (...args: unknown[]) => (member as (...values: unknown[]) => unknown).apply(target, args.map(ours));
    },
  });
  vi.stubGlobal("crypto", {
    subtle,
    getRandomValues: <T extends ArrayBufferView>(array: T) => webcrypto.getRandomValues(array as never) as T,
    randomUUID: () => webcrypto.randomUUID(),
  });
}
