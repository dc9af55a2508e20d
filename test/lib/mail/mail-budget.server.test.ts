/**
 * The hour's mail budgets and their shares, on a real embedded database with the clock passed
 * in, at the default figures (FORM_MAILS_PER_HOUR 200, CONTACT_MAILS_PER_HOUR 30): a client
 * spends 5 of the 200, a domain 10, Gmail and the other large providers 150, a client 3 of the
 * team's 30; a spent share refuses only its own client or domain, for the rest of its hour.
 */
import { describe, expect, it } from "vitest";
import {
  budgetsNow,
  countVisitorMail,
  MAIL_BUDGETS,
  spendTeamMail,
  spendVisitorShares,
} from "~/lib/mail/mail-budget.server";
import { useTemporaryStorage } from "../../support/temporary-storage";

const storage = useTemporaryStorage("budgets-");
const T0 = Date.UTC(2026, 10, 26, 12);
const HOUR = 60 * 60_000;

/** Spends the visitors' budget as a form that queues its mail does; what each attempt got. */
async function signUps(count: number, who: (index: number) => { client: string; domain: string }, now = T0) {
  const outcomes: (string | null)[] = [];
  for (let index = 0; index < count; index++) {
    const refused = await spendVisitorShares(storage.db, who(index), now);
    if (!refused) await countVisitorMail(storage.db, now);
    outcomes.push(refused);
  }
  return outcomes;
}

describe("mail budgets", () => {
  it("are sized from the hourly figures: 40 clients reach the ceiling, 10 reach the team's bound", () => {
    expect(MAIL_BUDGETS).toEqual({
      visitors: { perHour: 200, perClient: 5, perDomain: 10, perLargeProvider: 150 },
      team: { perHour: 30, perClient: 3 },
    });
  });

  it("refuse a client past 5 mails an hour, and only that client, until its hour is over", async () => {
    const fromOne = await signUps(7, (index) => ({ client: "203.0.113.7", domain: `d${index}.example` }));
    expect(fromOne).toEqual([null, null, null, null, null, "client", "client"]);
    expect(await spendVisitorShares(storage.db, { client: "203.0.113.8", domain: "d0.example" }, T0)).toBeNull();
    expect(await spendVisitorShares(storage.db, { client: "203.0.113.7", domain: "d9.example" }, T0 + HOUR - 1)).toBe(
      "client",
    );
    expect(await spendVisitorShares(storage.db, { client: "203.0.113.7", domain: "d9.example" }, T0 + HOUR)).toBeNull();
  });

  it("refuse a small domain past 10 mails an hour, a large provider only past 150", async () => {
    const client = (index: number) => `198.51.100.${index}`;
    const small = await signUps(11, (index) => ({ client: client(index), domain: "pyme.example" }));
    expect(small.slice(0, 10)).toEqual(Array(10).fill(null));
    expect(small[10]).toBe("domain");
    // Another domain, from the same clients: untouched.
    expect(await signUps(1, () => ({ client: client(0), domain: "otra.example" }))).toEqual([null]);

    // Gmail from 40 clients, 4 each: 150 pass, then Gmail alone is refused.
    const gmail = await signUps(160, (index) => ({ client: `192.0.2.${index % 40}`, domain: "gmail.com" }));
    expect(gmail.filter((outcome) => outcome === null)).toHaveLength(150);
    expect(gmail.slice(150)).toEqual(Array(10).fill("domain"));
    expect(await budgetsNow(storage.db, MAIL_BUDGETS, T0)).toEqual({
      visitors: 161,
      team: 0,
      spentShares: { visitorClients: 0, domains: 2, teamClients: 0 },
    });
  });

  it("refuse everyone once 200 mails went out in the hour: the ceiling, which takes 40 clients", async () => {
    const forty = await signUps(200, (index) => ({ client: `198.51.100.${index % 40}`, domain: `d${index}.example` }));
    expect(forty.every((outcome) => outcome === null)).toBe(true);
    expect(await spendVisitorShares(storage.db, { client: "203.0.113.200", domain: "nueva.example" }, T0)).toBe("site");
    expect((await budgetsNow(storage.db, MAIL_BUDGETS, T0)).spentShares.visitorClients).toBe(40);
  });

  it("bound the team's mails: 3 from a client, 30 in all", async () => {
    const one = [];
    for (let index = 0; index < 4; index++) one.push(await spendTeamMail(storage.db, "203.0.113.9", T0));
    expect(one).toEqual([null, null, null, "client"]);
    for (let index = 0; index < 27; index++) {
      expect(await spendTeamMail(storage.db, `198.51.100.${Math.floor(index / 3)}`, T0)).toBeNull();
    }
    expect(await spendTeamMail(storage.db, "203.0.113.10", T0)).toBe("site");
    expect(await budgetsNow(storage.db, MAIL_BUDGETS, T0)).toMatchObject({
      team: 30,
      spentShares: { teamClients: 10 },
    });
  });
});
