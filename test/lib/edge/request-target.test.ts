import { describe, expect, it } from "vitest";
import { inspectTarget, withoutPrivateValues } from "~/lib/edge/request-target";

describe("inspectTarget", () => {
  it("passes a path in its one spelling, and moves other spellings there", () => {
    expect(inspectTarget("opinionlabz.com", "/sorteos?page=2")).toEqual({ kind: "pass", path: "/sorteos" });
    expect(inspectTarget("localhost:8080", "/Sorteos/?page=2")).toEqual({ kind: "moved", location: "/sorteos?page=2" });
    expect(inspectTarget(undefined, "//%7e%41//build/A.js")).toEqual({ kind: "moved", location: "/~a/build/a.js" });
    expect(inspectTarget(undefined, "/build/A.js")).toEqual({ kind: "pass", path: "/build/A.js" });
  });

  it("refuses a Host that is not host[:port], a target that is not a path, and one over 4,096 bytes", () => {
    expect(inspectTarget("evil.example/x", "/")).toMatchObject({ status: 400, reason: "host" });
    expect(inspectTarget(undefined, "http://x/")).toMatchObject({ status: 400, reason: "target" });
    expect(inspectTarget(undefined, "/\\evil.example")).toMatchObject({ status: 400, reason: "target" });
    expect(inspectTarget(undefined, `/?q=${"a".repeat(4093)}`)).toMatchObject({ status: 414 });
    expect(inspectTarget(undefined, `/?q=${"a".repeat(4092)}`)).toMatchObject({ kind: "pass" });
  });

  it("refuses Remix v1's data requests, in any position of the query", () => {
    expect(inspectTarget(undefined, "/?_data=root")).toMatchObject({ status: 400, reason: "data-request" });
    expect(inspectTarget(undefined, "/sorteos?page=2&_data=routes%2Fsorteos")).toMatchObject({ status: 400 });
    expect(inspectTarget(undefined, "/sorteos?_datax=1")).toMatchObject({ kind: "pass" });
  });

  it("hands a path no route can match on escaped, for the 404 page", () => {
    expect(inspectTarget(undefined, "/sorteos%0ax?q=1")).toEqual({ kind: "unroutable", target: "/sorteos%250ax?q=1" });
    expect(inspectTarget(undefined, "/%ff")).toEqual({ kind: "unroutable", target: "/%25ff" });
  });
});

describe("withoutPrivateValues", () => {
  it("replaces the search text and a mail link's token, keeps the rest", () => {
    expect(withoutPrivateValues("/sorteos?q=Ana+P%C3%A9rez&page=2")).toBe("/sorteos?q=REDACTED&page=2");
    expect(withoutPrivateValues("/avisos/baja?%74=secret")).toBe("/avisos/baja?t=REDACTED");
    expect(withoutPrivateValues("/sorteos")).toBe("/sorteos");
  });
});
