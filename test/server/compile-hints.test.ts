/**
 * Every browser module a page loads reaches the browser marked for eager compilation
 * (docs/decisions/021-compile-hints-on-the-browser-build.md), as `npm run build` leaves it.
 */
import { expect, it } from "vitest";
import { BROWSER_USER_AGENT } from "../support/browser";
import { useSharedApp } from "../support/site-under-test";

const site = useSharedApp("ok");

/** Every module a page preloads or imports from its inline module script. */
function modulesOf(html: string): string[] {
  const preloads = [...html.matchAll(/<link[^>]*="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!);
  const imports = [...html.matchAll(/import\s*(?:\*\s*as\s+\w+\s+from\s*)?"(\/build\/[^"]+\.js)"/g)].map(
    (match) => match[1]!,
  );
  return [...new Set([...preloads, ...imports])];
}

it("serves every module of every page with the compile hint on its first line", async () => {
  for (const pagePath of ["/", "/sorteos", "/encuesta", "/no-existe"]) {
    const html = await (
      await fetch(`${site.app.origin}${pagePath}`, { headers: { "user-agent": BROWSER_USER_AGENT } })
    ).text();
    const modules = modulesOf(html);
    expect(modules.length, pagePath).toBeGreaterThan(5);
    for (const modulePath of modules) {
      const source = await (await fetch(`${site.app.origin}${modulePath}`)).text();
      expect(source.split("\n", 1)[0], modulePath).toBe("//# allFunctionsCalledOnLoad");
    }
  }
});
