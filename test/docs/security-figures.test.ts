/**
 * SECURITY.md's "Limits, with their figures" says what the code does: each row's figure is read
 * from the file and checked against the code's behaviour (the edge's limits as it reads them,
 * the client and network an address counts as, the mail budgets' shares at their default
 * figures, a proof of work's cost). A figure changed on one side only fails here.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientGroup, clientNetwork } from "~/lib/edge/client-address";
import {
  BODY_WITHIN_MS,
  CONNECTION_TIMEOUTS,
  FORM_BODY_LIMITS,
  SEND_DEADLINE_MS,
  TURN_LIMITS,
} from "~/lib/edge/edge.server";
import { SubmissionTurns } from "~/lib/edge/submission-turns";
import { costDoublings, PROOF_COST } from "~/lib/forms/proof-of-work.server";
import { PER_CLIENT } from "~/lib/forms/submission-guard.server";
import { mailBudgets } from "~/lib/mail/mail-budget.server";
import { ROOT } from "../support/app-server";

/** The table's rows, in order: each limit and its figure as written. */
function limits(): [string, string][] {
  const text = readFileSync(path.join(ROOT, "SECURITY.md"), "utf8");
  const section = text.split("## Limits, with their figures")[1]!.split("\n## ")[0]!;
  const rows = section
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| limit") && !line.startsWith("|---"))
    .map((line) => line.split(" | ").map((cell) => cell.replace(/^\| |\s*\|$/g, "").trim()));
  return rows.map(([limit, figure]) => [limit!, figure!]);
}

/** "1,024" → 1024; "4 KB" → 4096; "within 5 s" → 5000 (ms); "1/40" → 1/40. */
const number = (text: string) => Number(/[\d,]+/.exec(text)![0].replaceAll(",", ""));
const fractions = (text: string) =>
  [...text.matchAll(/(\d+)\/(\d+)/g)].map(([, top, bottom]) => Number(top) / Number(bottom));
/** The share of `budget` the `nth` fraction in `text` is, as mail-budget.server.ts rounds it. */
const shareOf = (budget: number, text: string, nth = 0) => Math.max(1, Math.floor(budget * fractions(text)[nth]!));

describe("SECURITY.md's limits", () => {
  const table = limits();
  const figure = (limit: string) => {
    const found = table.find(([name]) => name === limit)?.[1];
    if (found === undefined) throw new Error(`SECURITY.md has no row "${limit}"`);
    return found;
  };

  it("name the client and the network the code counts", () => {
    expect(figure("a client is")).toBe("an IPv4 address, or an IPv6 /56");
    expect(clientGroup("198.51.100.7")).toBe("198.51.100.7");
    expect(clientGroup("2001:db8:1:2aff::1")).toBe(
      `2001:db8:1:2a00::/${/IPv6 \/(\d+)/.exec(figure("a client is"))![1]}`,
    );
    const [ipv4, ipv6] = [...figure("a network is").matchAll(/\/(\d+)/g)].map((match) => match[1]);
    expect(clientNetwork("198.51.100.7")).toBe(`198.51.100.0/${ipv4}`);
    expect(clientNetwork("2001:db8:1:2aff::1")).toBe(`2001:db8:1::/${ipv6}`);
  });

  it("state the edge's bounds as it reads them", () => {
    expect(FORM_BODY_LIMITS.get("/encuesta")).toBe(number(figure("a sign-up's or a mail-link button's body")) * 1024);
    expect(FORM_BODY_LIMITS.get("/avisos/baja")).toBe(FORM_BODY_LIMITS.get("/encuesta"));
    expect(FORM_BODY_LIMITS.get("/contacto")).toBe(number(figure("a `/contacto` message's body")) * 1024);
    expect(BODY_WITHIN_MS).toBe(number(figure("a form's body, after its headers")) * 1000);
    expect(SEND_DEADLINE_MS).toBe(
      number(figure("an answer handed over, read by its client (the send deadline)")) * 1000,
    );
    const requests = number(figure("request headers; a whole request")) * 1000;
    expect([CONNECTION_TIMEOUTS.headersTimeout, CONNECTION_TIMEOUTS.requestTimeout]).toEqual([requests, requests]);
    expect(TURN_LIMITS).toEqual({
      atOnce: number(figure("submissions handled at once")),
      perClient: number(figure("places one client holds (bodies arriving, waiting, handled)")),
      arriving: number(figure("bodies arriving, all clients")),
      waiting: number(figure("whole submissions waiting, all clients")),
    });
    expect(PER_CLIENT).toEqual({
      limit: number(figure("submissions from one client")),
      windowMs: Number(/in (\d+) minutes/.exec(figure("submissions from one client"))![1]) * 60_000,
    });
  });

  it("give one client as many turns at once as they say", () => {
    const turns = new SubmissionTurns(TURN_LIMITS);
    const started: number[] = [];
    for (let index = 0; index < TURN_LIMITS.perClient; index++) {
      const place = turns.admit("198.51.100.7", () => undefined);
      if (typeof place === "string") throw new Error(place);
      place.ready(() => started.push(index));
    }
    expect(started).toHaveLength(number(figure("submissions handled at once for one client")));
  });

  it("state the mail budgets' shares at their default figures", () => {
    const visitors = number(figure("mails to visitors' addresses (`FORM_MAILS_PER_HOUR`)"));
    const team = number(figure("mails to the team from `/contacto` (`CONTACT_MAILS_PER_HOUR`)"));
    const budgets = mailBudgets({ visitors, team });
    const [client, network, domain] = [...section(table, "mails to visitors")].map(([, share]) => share);
    expect(budgets.visitors).toMatchObject({
      perHour: 200,
      perClient: shareOf(visitors, client!),
      perNetwork: shareOf(visitors, network!),
      perDomain: shareOf(visitors, domain!),
      perLargeProvider: shareOf(visitors, domain!, 1),
      burst: shareOf(visitors, figure("mails to visitors' addresses (`FORM_MAILS_PER_HOUR`)")),
      pressureFrom: shareOf(visitors, figure("a form asks for a proof of work from")),
    });
    const teamShares = [...section(table, "mails to the team")].map(([, share]) => share);
    expect(budgets.team).toMatchObject({
      perHour: 30,
      perClient: shareOf(team, teamShares[0]!),
      perNetwork: shareOf(team, teamShares[1]!),
      burst: shareOf(team, figure("mails to the team from `/contacto` (`CONTACT_MAILS_PER_HOUR`)")),
      pressureFrom: shareOf(team, figure("a form asks for a proof of work from")),
    });
  });

  it("state a proof of work's cost as it grows", () => {
    const cost = figure("a proof of work's cost");
    const [tries, iterations] = /^([\d,]+) to [\d,]+ PBKDF2 tries of ([\d,]+) iterations/
      .exec(cost)!
      .slice(1)
      .map(number);
    expect(PROOF_COST).toMatchObject({ baseTries: tries, iterations });
    expect(2 ** PROOF_COST.maxDoublings).toBe(Number(/at most (\d+) times/.exec(cost)![1]));
    // At a quarter of the hour (pressure 1) the base, doubling with it, never past 64 times.
    expect([1, 2, 4, 8, 1_000_000].map((pressure) => 2 ** costDoublings(pressure))).toEqual([1, 2, 4, 8, 64]);
  });
});

/** The rows after the one starting `heading`, while they are its "of which" rows. */
function* section(table: [string, string][], heading: string): Generator<[string, string]> {
  let inside = false;
  for (const [limit, share] of table) {
    if (limit.startsWith(heading)) inside = true;
    else if (inside && limit.startsWith("of which")) yield [limit, share];
    else if (inside) return;
  }
}
