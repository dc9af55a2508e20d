import { describe, expect, it } from "vitest";
import { signedFormStart, signFormStart } from "~/lib/forms/form-stamp.server";

const SECRET = "a-secret-of-at-least-thirty-two-characters";

describe("form start stamps", () => {
  it("give back the instant they were signed for", () => {
    expect(signedFormStart(SECRET, signFormStart(SECRET, 1_764_000_000_000))).toBe(1_764_000_000_000);
  });

  it("refuse a stamp left out, bare, re-dated, signed with another secret or malformed", () => {
    const stamp = signFormStart(SECRET, 1_764_000_000_000);
    const [, mac] = stamp.split(".");
    for (const bad of [
      null,
      "",
      "1764000000000",
      `1763999990000.${mac}`,
      signFormStart("another-secret-of-thirty-two-characters!", 1_764_000_000_000),
      `${stamp}x`,
      `-1.${mac}`,
    ]) {
      expect(signedFormStart(SECRET, bad), String(bad)).toBeNull();
    }
  });
});
