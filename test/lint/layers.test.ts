/**
 * The levels of app/lib hold (docs/decisions/059-no-circles-a-flat-environment.md): `npm run lint`
 * fails on an import that climbs, written either way (`~/lib/…` or a relative path), and passes
 * the same imports going down. The real eslint.config.js, run on a line of code placed in each folder.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: ROOT });

/** The rules `import { x } from "<target>"` breaks in a file at `file`. */
async function rulesBroken(file: string, target: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(`import { x } from "${target}";\nexport const y = x;\n`, {
    filePath: path.join(ROOT, file),
  });
  return result!.messages.map((message) => message.ruleId);
}

describe("the levels of app/lib", () => {
  it.each([
    ["app/lib/server/x.server.ts", "~/lib/edge/edge.server"],
    ["app/lib/server/x.server.ts", "../edge/edge.server"],
    ["app/lib/server/x.server.ts", "~/lib/http/finish-response.server"],
    ["app/lib/edge/x.server.ts", "~/lib/http/finish-response.server"],
    ["app/lib/edge/x.server.ts", "../http/finish-response.server"],
    ["app/lib/network/x.ts", "~/lib/server/env.server"],
    ["app/lib/network/x.ts", "~/lib/edge/edge.server"],
    ["app/lib/draw/x.ts", "~/lib/participants/format"],
  ])("refuses %s importing %s, a level above", async (file, target) => {
    expect(await rulesBroken(file, target)).toContain("no-restricted-imports");
  });

  it.each([
    ["app/lib/edge/x.server.ts", "~/lib/server/env.server"],
    ["app/lib/edge/x.server.ts", "~/lib/network/trusted-proxies"],
    ["app/lib/server/x.server.ts", "~/lib/network/trusted-proxies"],
    ["app/lib/http/x.server.ts", "~/lib/server/env.server"],
    ["app/lib/participants/x.ts", "~/lib/draw/next-draw"],
    ["app/lib/draw/x.ts", "~/lib/ui/wording"],
  ])("lets %s import %s, below it", async (file, target) => {
    expect(await rulesBroken(file, target)).toEqual([]);
  });
});
