/**
 * The hour's mail budgets and their shares, on a real embedded database with the clock passed
 * in, at the default figures (FORM_MAILS_PER_HOUR 200, CONTACT_MAILS_PER_HOUR 30): a client
 * spends 5 of the 200 and its network (/24, /48) 20; a client 3 of the team's 30 and its network
 * 6; a spent share refuses only its own client or network, for the rest of its hour. A domain is
 * its registrable domain; the hour and a domain's share refuse no one (the outbox paces them:
 * fair-queue.server.test.ts), and a quarter of the hour is where the pressure starts.
 */
import { describe, expect, it } from "vitest";
import {
  budgetsNow,
  countVisitorMail,
  MAIL_BUDGETS,
  pressure,
  registrableDomain,
  spendTeamMail,
  spendVisitorShares,
} from "~/lib/mail/mail-budget.server";
import { useTemporaryStorage } from "../../support/temporary-storage";

const storage = useTemporaryStorage("budgets-");
const T0 = Date.UTC(2026, 10, 26, 12);
const HOUR = 60 * 60_000;

/** Spends the visitors' budget as a form that queues its mail does; what each attempt got. */
async function signUps(count: number, who: (index: number) => { client: string; network: string }, now = T0) {
  const outcomes: (string | null)[] = [];
  for (let index = 0; index < count; index++) {
    const refused = await spendVisitorShares(storage.db, who(index), now);
    if (!refused) await countVisitorMail(storage.db, now);
    outcomes.push(refused);
  }
  return outcomes;
}

describe("mail budgets", () => {
  it("are sized from the hourly figures: a client 1/40, a network 1/10, a domain 1/20 (large providers 3/4)", () => {
    expect(MAIL_BUDGETS).toEqual({
      visitors: {
        perHour: 200,
        perClient: 5,
        perNetwork: 20,
        perDomain: 10,
        perLargeProvider: 150,
        burst: 20,
        pressureFrom: 50,
      },
      team: { perHour: 30, perClient: 3, perNetwork: 6, burst: 15, pressureFrom: 7 },
    });
  });

  it("refuse a client past 5 mails an hour, and only that client, until its hour is over", async () => {
    const net = "203.0.113.0/24";
    const fromOne = await signUps(7, () => ({ client: "203.0.113.7", network: net }));
    expect(fromOne).toEqual([null, null, null, null, null, "client", "client"]);
    expect(await spendVisitorShares(storage.db, { client: "203.0.113.8", network: net }, T0)).toBeNull();
    expect(await spendVisitorShares(storage.db, { client: "203.0.113.7", network: net }, T0 + HOUR - 1)).toBe("client");
    expect(await spendVisitorShares(storage.db, { client: "203.0.113.7", network: net }, T0 + HOUR)).toBeNull();
  });

  it("refuse a network past 20 mails an hour, however many clients it splits into, and no other network", async () => {
    const forty = await signUps(40, (index) => ({ client: `198.51.100.${index + 1}`, network: "198.51.100.0/24" }));
    expect(forty.filter((outcome) => outcome === null)).toHaveLength(20);
    expect(forty.slice(20)).toEqual(Array(20).fill("network"));
    expect(await spendVisitorShares(storage.db, { client: "198.51.101.1", network: "198.51.101.0/24" }, T0)).toBeNull();
    expect(await budgetsNow(storage.db, MAIL_BUDGETS, T0)).toEqual({
      visitors: 20,
      team: 0,
      spentShares: { visitorClients: 0, networks: 1, teamClients: 0 },
    });
  });

  it("count the pressure from a quarter of the hour, and never refuse anyone for the hour spent by others", async () => {
    await signUps(49, (index) => ({ client: `10.${index}.0.1`, network: `10.${index}.0.0/24` }));
    expect(await pressure(storage.db, "visitors", T0)).toBe(0);
    const rest = await signUps(151, (index) => ({
      client: `10.${index + 100}.0.1`,
      network: `10.${index + 100}.0.0/24`,
    }));
    expect(rest.every((outcome) => outcome === null)).toBe(true);
    // The whole hour queued: 4 × the quarter, and a new network still passes (the outbox paces it).
    expect(await pressure(storage.db, "visitors", T0)).toBe(4);
    expect(await spendVisitorShares(storage.db, { client: "203.0.113.200", network: "203.0.113.0/24" }, T0)).toBeNull();
    expect(await pressure(storage.db, "visitors", T0 + HOUR)).toBe(0);
  });

  it("bound the team's mails by client (3) and network (6), and refuse no one past the hour", async () => {
    const one = [];
    for (let index = 0; index < 4; index++) {
      one.push(await spendTeamMail(storage.db, { client: "203.0.113.9", network: "203.0.113.0/24" }, T0));
    }
    expect(one).toEqual([null, null, null, "client"]);
    const network = [];
    for (let index = 0; index < 5; index++) {
      network.push(
        await spendTeamMail(storage.db, { client: `203.0.113.${20 + index}`, network: "203.0.113.0/24" }, T0),
      );
    }
    expect(network).toEqual([null, null, null, "network", "network"]);
    for (let index = 0; index < 40; index++) {
      expect(
        await spendTeamMail(storage.db, { client: `10.${index}.0.1`, network: `10.${index}.0.0/24` }, T0),
      ).toBeNull();
    }
    expect(await budgetsNow(storage.db, MAIL_BUDGETS, T0)).toMatchObject({ team: 46, spentShares: { teamClients: 1 } });
  });
});

describe("registrableDomain", () => {
  it("counts a domain by what the Public Suffix List says is registrable: 200 subdomains are one domain", () => {
    const subdomains = new Set(
      Array.from({ length: 200 }, (_, index) => registrableDomain(`s${index}.pyme.example.com`)),
    );
    expect([...subdomains]).toEqual(["example.com"]);
    expect(registrableDomain("alumnos.uba.ar")).toBe("uba.ar");
    expect(registrableDomain("mail.empresa.com.ar")).toBe("empresa.com.ar");
    expect(registrableDomain("correo.ministerio.gob.ar")).toBe("ministerio.gob.ar");
    expect(registrableDomain("gmail.com")).toBe("gmail.com");
    expect(registrableDomain("hotmail.com.ar")).toBe("hotmail.com.ar");
    expect(registrableDomain("xn--and-6ma2c.example")).toBe("xn--and-6ma2c.example");
  });
});
