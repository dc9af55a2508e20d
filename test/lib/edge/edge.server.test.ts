import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FORM_BODY_LIMITS } from "~/lib/edge/edge.server";
import { CONTACT_LIMITS, EMAIL_MAX_LENGTH } from "~/lib/forms/fields";
import { ROOT } from "../../support/app-server";

/** The URL of a route file under Remix's flat routes: dots are slashes. */
const urlOf = (file: string) => `/${file.replace(/\.tsx?$/, "").replaceAll(".", "/")}`;

describe("FORM_BODY_LIMITS", () => {
  it("names exactly the routes that have an action: a POST anywhere else is refused by the edge", () => {
    const routes = path.join(ROOT, "app/routes");
    const withAction = readdirSync(routes)
      .filter((file) =>
        /export (const|async function|function) action\b/.test(readFileSync(path.join(routes, file), "utf8")),
      )
      .map(urlOf);
    expect([...FORM_BODY_LIMITS.keys()].sort()).toEqual(withAction.sort());
  });

  it("fits the longest contact message the form accepts, every character at its longest percent-encoded", () => {
    // A character of the Basic Multilingual Plane is at most 3 UTF-8 bytes, 9 percent-encoded.
    const longest = 9 * (CONTACT_LIMITS.name + CONTACT_LIMITS.message + EMAIL_MAX_LENGTH) + 200;
    expect(FORM_BODY_LIMITS.get("/contacto")).toBeGreaterThanOrEqual(longest);
    // A sign-up is an address, a checkbox and two short fields: a few KB.
    expect(FORM_BODY_LIMITS.get("/encuesta")).toBeLessThanOrEqual(4 * 1024);
  });
});
