import type { Kysely } from "kysely";
import { getDomain } from "tldts";
import { env } from "~/lib/server/env.server";
import { countNow, countOne } from "~/lib/storage/rate-limit.server";
import type { Tables } from "~/lib/storage/schema";
import { counterKey } from "~/lib/storage/site-key.server";

/**
 * The hour's mail budgets and who may spend how much of them (docs/decisions/062-mail-budgets-by-share.md,
 * docs/decisions/081-shares-by-network-and-registrable-domain.md). Two budgets a visitor can
 * spend: mails to addresses visitors type (confirmations, contact acknowledgements;
 * FORM_MAILS_PER_HOUR) and mails to the team from /contacto (CONTACT_MAILS_PER_HOUR). Of each,
 * one client (an IPv4 address, or the IPv6 /56 the edge groups) and one network (an IPv4 /24, an
 * IPv6 /48) spend a share at most: past it, only that client or network is refused. What others
 * share (the whole hour, a recipient's registrable domain) never refuses anyone: the outbox paces
 * it, serving networks in turn (fair-queue.server.ts), and the forms ask for a proof of work while
 * the hour is under pressure (docs/decisions/083-proof-of-work-under-pressure.md).
 */

const HOUR_MS = 60 * 60_000;

/** A share of `budget`: a whole number of mails, at least one. */
const share = (budget: number, fraction: number) => Math.max(1, Math.floor(budget * fraction));

/**
 * The consumer providers most visitors write from. A domain share small enough to protect a
 * company's or a university's mail server would make every Gmail visitor wait behind strangers
 * writing to fresh Gmail addresses: these get three quarters of the hour.
 */
const LARGE_PROVIDERS = new Set([
  "gmail.com",
  "hotmail.com",
  "hotmail.com.ar",
  "hotmail.es",
  "outlook.com",
  "outlook.com.ar",
  "outlook.es",
  "live.com",
  "live.com.ar",
  "live.com.mx",
  "msn.com",
  "yahoo.com",
  "yahoo.com.ar",
  "yahoo.com.mx",
  "yahoo.es",
  "icloud.com",
  "me.com",
]);

/** Each budget's shares, for its hourly figures: what the forms spend, `npm run status` prints and the docs size. */
export function mailBudgets({ visitors, team }: { visitors: number; team: number }) {
  return {
    visitors: {
      perHour: visitors,
      /** 1/40: it takes 40 clients spending their whole share to reach the hour. */
      perClient: share(visitors, 1 / 40),
      /** 1/10: forty addresses of one /24 (or 256 /56s of one /48) are one network, a tenth of the hour. */
      perNetwork: share(visitors, 1 / 10),
      /** 1/20 an hour to one registrable domain, paced: a small domain's mail server is not flooded. */
      perDomain: share(visitors, 1 / 20),
      perLargeProvider: share(visitors, 3 / 4),
      /** Sent at once before the pace starts: a tenth of the hour; the rest is spread over it. */
      burst: share(visitors, 1 / 10),
      /** From this many mails queued in the hour, the forms ask for a proof of work: a quarter of it. */
      pressureFrom: share(visitors, 1 / 4),
    },
    team: {
      perHour: team,
      /** 1/10: a person writes once or twice. */
      perClient: share(team, 1 / 10),
      /** 1/5: the people of one network write a few times. */
      perNetwork: share(team, 1 / 5),
      /**
       * Half the hour at once: a few people writing together are read within minutes, whatever
       * came before them; the other half spread over the hour.
       */
      burst: share(team, 1 / 2),
      pressureFrom: share(team, 1 / 4),
    },
  };
}

export type MailBudgets = ReturnType<typeof mailBudgets>;

/** This server's budgets (FORM_MAILS_PER_HOUR, CONTACT_MAILS_PER_HOUR). */
export const MAIL_BUDGETS: MailBudgets = mailBudgets({
  visitors: env.mail.formMailsPerHour,
  team: env.mail.contactMailsPerHour,
});

/** The counters' rules: the key of a client's or a network's share names its rule first (counter-key.ts). */
const RULE = {
  visitorsSite: "mail-site",
  visitorsClient: "mail-client",
  visitorsNetwork: "mail-network",
  teamSite: "team-site",
  teamClient: "team-client",
  teamNetwork: "team-network",
} as const;

/**
 * The registrable domain of an address's domain (the Public Suffix List, through tldts): what a
 * domain's share counts, so 200 subdomains of one domain are one domain. A name the list does not
 * cover is its own.
 */
export function registrableDomain(domain: string): string {
  return getDomain(domain) ?? domain;
}

/** The share of the visitors' hour one registrable domain is sent (the outbox paces it). */
export function domainShare(domain: string): number {
  return LARGE_PROVIDERS.has(domain) ? MAIL_BUDGETS.visitors.perLargeProvider : MAIL_BUDGETS.visitors.perDomain;
}

/** Counts one under a client's or a network's share; whether it is still within it. */
async function spendShare(db: Kysely<Tables>, rule: string, subject: string, limit: number, now: number) {
  return (await countOne(db, await counterKey(db, rule, subject), HOUR_MS, now)) <= limit;
}

/** Who ran out: the client's own share, or its network's. Never anyone else's. */
export type BudgetRefusal = "client" | "network";

/** Who a submission comes from, as the edge names them. */
export interface Sender {
  client: string;
  network: string;
}

/**
 * Before a form may mail a visitor's address: counted against the client's share, then its
 * network's (a client past its share spends nothing of its network's). Spent whether or not the
 * address is then mailed, so a refusal never tells whether an address is known. The domain's
 * share and the hour refuse no one: the outbox paces them. Two submissions racing on the last
 * place may both pass: a mail or two over changes nothing.
 */
export async function spendVisitorShares(
  db: Kysely<Tables>,
  { client, network }: Sender,
  now: number,
): Promise<BudgetRefusal | null> {
  if (!(await spendShare(db, RULE.visitorsClient, client, MAIL_BUDGETS.visitors.perClient, now))) return "client";
  if (!(await spendShare(db, RULE.visitorsNetwork, network, MAIL_BUDGETS.visitors.perNetwork, now))) return "network";
  return null;
}

/** Counts one mail queued to a visitor's address in the hour (in the transaction that queues it): the pressure. */
export async function countVisitorMail(db: Kysely<Tables>, now: number): Promise<void> {
  await countOne(db, RULE.visitorsSite, HOUR_MS, now);
}

/**
 * Before /contacto stores a message and mails it to the team: counted against the client's
 * share, then its network's; counted in the team's hour when accepted. Past the hour nothing is
 * refused: the outbox paces the team's mails, networks in turn.
 */
export async function spendTeamMail(db: Kysely<Tables>, { client, network }: Sender, now: number) {
  if (!(await spendShare(db, RULE.teamClient, client, MAIL_BUDGETS.team.perClient, now))) return "client";
  if (!(await spendShare(db, RULE.teamNetwork, network, MAIL_BUDGETS.team.perNetwork, now))) return "network";
  await countOne(db, RULE.teamSite, HOUR_MS, now);
  return null;
}

/**
 * How far into its budget this hour is: 0 below the figure at which the forms ask for a proof
 * of work (a quarter of the hour), else the mails queued in the hour over that figure (1 at a
 * quarter, 4 at the whole hour, more past it).
 */
export async function pressure(db: Kysely<Tables>, budget: "visitors" | "team", now: number): Promise<number> {
  const queued = await countNow(db, budget === "visitors" ? RULE.visitorsSite : RULE.teamSite, now);
  const { pressureFrom } = MAIL_BUDGETS[budget];
  return queued < pressureFrom ? 0 : queued / pressureFrom;
}

export interface BudgetsNow {
  /** Mails counted this hour against each budget. */
  visitors: number;
  team: number;
  /** Clients and networks whose share of this hour is spent (their keys are HMACs: only counted). */
  spentShares: { visitorClients: number; networks: number; teamClients: number };
}

/** How much of this hour's `budgets` is spent: for `npm run status`. */
export async function budgetsNow(db: Kysely<Tables>, budgets: MailBudgets, now: number): Promise<BudgetsNow> {
  const spentUnder = async (rule: string, over: number) => {
    const row = await db
      .selectFrom("rate_limits")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("key", "like", `${rule}:%`)
      .where("expires_at", ">", now)
      .where("count", ">=", over)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  return {
    visitors: await countNow(db, RULE.visitorsSite, now),
    team: await countNow(db, RULE.teamSite, now),
    spentShares: {
      visitorClients: await spentUnder(RULE.visitorsClient, budgets.visitors.perClient),
      networks:
        (await spentUnder(RULE.visitorsNetwork, budgets.visitors.perNetwork)) +
        (await spentUnder(RULE.teamNetwork, budgets.team.perNetwork)),
      teamClients: await spentUnder(RULE.teamClient, budgets.team.perClient),
    },
  };
}
