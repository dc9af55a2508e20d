import type { Kysely } from "kysely";
import { env } from "~/lib/server/env.server";
import { countNow, countOne } from "~/lib/storage/rate-limit.server";
import type { Tables } from "~/lib/storage/schema";
import { counterKey } from "~/lib/storage/site-key.server";

/**
 * The hour's mail budgets and who may spend how much of them (docs/decisions/062-mail-budgets-by-share.md).
 * Two budgets a visitor can spend: mails to addresses visitors type (confirmations, contact
 * acknowledgements; FORM_MAILS_PER_HOUR) and mails to the team from /contacto
 * (CONTACT_MAILS_PER_HOUR). Of each, one client (an IPv4 address, or the IPv6 block the edge
 * groups) spends a small share, and of the first, one recipient domain too; when a share is
 * spent only that client or domain is refused. The site-wide figure stays as the last guard,
 * reached only by many clients at once.
 */

const HOUR_MS = 60 * 60_000;

/** A share of `budget`: a whole number of mails, at least one. */
const share = (budget: number, fraction: number) => Math.max(1, Math.floor(budget * fraction));

/**
 * The consumer providers most visitors write from. A domain share small enough to protect a
 * company's or a university's mail server would let a stranger writing to fresh Gmail addresses
 * lock out every Gmail visitor: these get three quarters of the hour, the ceiling and the client
 * shares doing the rest.
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
      /** 1/40: it takes 40 clients spending their whole share to reach the ceiling. */
      perClient: share(visitors, 1 / 40),
      /** 1/20: a small domain's mail server is not flooded by two clients. */
      perDomain: share(visitors, 1 / 20),
      perLargeProvider: share(visitors, 3 / 4),
    },
    team: {
      perHour: team,
      /** 1/10: a person writes once or twice; ten clients at their share reach the bound. */
      perClient: share(team, 1 / 10),
    },
  };
}

export type MailBudgets = ReturnType<typeof mailBudgets>;

/** This server's budgets (FORM_MAILS_PER_HOUR, CONTACT_MAILS_PER_HOUR). */
export const MAIL_BUDGETS: MailBudgets = mailBudgets({
  visitors: env.mail.formMailsPerHour,
  team: env.mail.contactMailsPerHour,
});

/** The counters' rules: the key of a client's or a domain's share names its rule first (counter-key.ts). */
const RULE = {
  visitorsSite: "mail-site",
  visitorsClient: "mail-client",
  visitorsDomain: "mail-domain",
  visitorsProvider: "mail-provider",
  teamSite: "team-site",
  teamClient: "team-client",
} as const;

/** The rule a domain counts under, and the share it may spend of the visitors' budget. */
function domainShare(domain: string): { rule: string; limit: number } {
  return LARGE_PROVIDERS.has(domain)
    ? { rule: RULE.visitorsProvider, limit: MAIL_BUDGETS.visitors.perLargeProvider }
    : { rule: RULE.visitorsDomain, limit: MAIL_BUDGETS.visitors.perDomain };
}

/** Counts one under a client's or a domain's share; whether it is still within it. */
async function spendShare(db: Kysely<Tables>, rule: string, subject: string, limit: number, now: number) {
  return (await countOne(db, await counterKey(db, rule, subject), HOUR_MS, now)) <= limit;
}

/** Who ran out: the whole site this hour, the client's share, or the domain's. */
export type BudgetRefusal = "site" | "client" | "domain";

/**
 * Before a form may mail a visitor's address: refused when the hour's site-wide figure is spent,
 * else counted against the client's share, then the domain's (in that order: a client past its
 * share spends nothing of the domain's). A refusal depends on the counters only, never on
 * whether the address is known. Two submissions racing on the last place may both pass: a mail
 * or two over changes nothing.
 */
export async function spendVisitorShares(
  db: Kysely<Tables>,
  { client, domain }: { client: string; domain: string },
  now: number,
): Promise<BudgetRefusal | null> {
  if ((await countNow(db, RULE.visitorsSite, now)) >= MAIL_BUDGETS.visitors.perHour) return "site";
  if (!(await spendShare(db, RULE.visitorsClient, client, MAIL_BUDGETS.visitors.perClient, now))) return "client";
  const { rule, limit } = domainShare(domain);
  if (!(await spendShare(db, rule, domain, limit, now))) return "domain";
  return null;
}

/** Counts one mail queued to a visitor's address against the site-wide figure (in the transaction that queues it). */
export async function countVisitorMail(db: Kysely<Tables>, now: number): Promise<void> {
  await countOne(db, RULE.visitorsSite, HOUR_MS, now);
}

/**
 * Before /contacto stores a message and mails it to the team: refused when the hour's bound is
 * reached, else counted against the client's share of it; counted site-wide when accepted.
 */
export async function spendTeamMail(
  db: Kysely<Tables>,
  client: string,
  now: number,
): Promise<"site" | "client" | null> {
  if ((await countNow(db, RULE.teamSite, now)) >= MAIL_BUDGETS.team.perHour) return "site";
  if (!(await spendShare(db, RULE.teamClient, client, MAIL_BUDGETS.team.perClient, now))) return "client";
  await countOne(db, RULE.teamSite, HOUR_MS, now);
  return null;
}

export interface BudgetsNow {
  /** Mails counted this hour against each budget. */
  visitors: number;
  team: number;
  /** Clients and domains whose share of this hour is spent (their keys are HMACs: only counted). */
  spentShares: { visitorClients: number; domains: number; teamClients: number };
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
      domains:
        (await spentUnder(RULE.visitorsDomain, budgets.visitors.perDomain)) +
        (await spentUnder(RULE.visitorsProvider, budgets.visitors.perLargeProvider)),
      teamClients: await spentUnder(RULE.teamClient, budgets.team.perClient),
    },
  };
}
