import { expect, it } from "vitest";
import { initialsOf } from "~/lib/ui/initials";

it.each([
  ["Valentina R.", "VR"],
  ["diego m.", "DM"],
  ["Ana  María   López", "AM"],
  ["Sol", "S"],
  ["Ángela Ñ.", "ÁÑ"],
])("%j shows as %j", (name, initials) => {
  expect(initialsOf(name)).toBe(initials);
});
