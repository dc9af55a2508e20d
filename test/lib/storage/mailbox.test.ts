/**
 * One inbox, one key: the spellings that reach one inbox are one mailbox, and only those
 * (docs/decisions/063-one-inbox-one-mail.md); an address stored by an earlier release is filed
 * under the address a mail library reads in it.
 */
import { describe, expect, it } from "vitest";
import { containedAddress } from "~/lib/storage/contained-address.server";
import { mailboxOf } from "~/lib/storage/mailbox";

describe("mailboxOf", () => {
  it.each([
    ["victim@gmail.com", "victim@gmail.com"],
    ["victim+1@gmail.com", "victim@gmail.com"],
    ["victim+sorteo+2@gmail.com", "victim@gmail.com"],
    ["v.i.c.t.i.m@gmail.com", "victim@gmail.com"],
    ["vic.tim+x@googlemail.com", "victim@gmail.com"],
    // +tags everywhere; dots only where Gmail ignores them.
    ["ana+avisos@example.com.ar", "ana@example.com.ar"],
    ["ana.perez@hotmail.com", "ana.perez@hotmail.com"],
    ["ana.perez+x@outlook.com", "ana.perez@outlook.com"],
    ["o'brien@example.com", "o'brien@example.com"],
  ])("files %s under %s", (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox);
  });

  it("keeps apart what are other inboxes", () => {
    expect(mailboxOf("victim@gmail.co")).not.toBe(mailboxOf("victim@gmail.com"));
    expect(mailboxOf("vic.tim@example.com")).not.toBe(mailboxOf("victim@example.com"));
    expect(mailboxOf("victim-1@gmail.com")).not.toBe(mailboxOf("victim@gmail.com"));
  });
});

describe("containedAddress", () => {
  it.each([
    ["nora@example.com", "nora@example.com"],
    [" Nora@Example.COM ", "nora@example.com"],
    ["nora@ñandú.example", "nora@xn--and-6ma2c.example"],
    // Stored before the parser: the address its mails went to, as a mail library reads it.
    ["a<nora@example.com>", "nora@example.com"],
    ['"nora"@example.com', "nora@example.com"],
    ["Nora <NORA@Example.com>", "nora@example.com"],
    ["nora(1)@example.com", "nora@example.com"],
    ["d:nora@example.com;", "nora@example.com"],
    ["x,nora@example.com", "nora@example.com"],
  ])("reads %j as %j", (stored, address) => {
    expect(containedAddress(stored)).toBe(address);
  });

  it("reads nothing in text that holds no address", () => {
    expect(containedAddress("nora")).toBeNull();
    expect(containedAddress("a%00b@example.com")).toBeNull();
    expect(containedAddress("")).toBeNull();
  });
});
