import { describe, expect, it } from "vitest";
import { singleton } from "~/lib/server/singleton.server";

describe("singleton", () => {
  it("creates a value once per name and hands the same one back, as a re-imported module would ask", () => {
    let created = 0;
    const first = singleton("test-singleton", () => ({ created: ++created }));
    const again = singleton("test-singleton", () => ({ created: ++created }));
    expect(again).toBe(first);
    expect(created).toBe(1);
    expect(singleton("test-singleton-other", () => "other")).toBe("other");
  });

  it("keeps the value on globalThis, where a fresh copy of the module finds it", async () => {
    const value = singleton("test-singleton-reimport", () => Symbol("value"));
    const fresh = (await import(/* @vite-ignore */ `~/lib/server/singleton.server?fresh=${Date.now()}`)) as {
      singleton: typeof singleton;
    };
    expect(fresh.singleton).not.toBe(singleton);
    expect(fresh.singleton("test-singleton-reimport", () => Symbol("other"))).toBe(value);
  });
});
