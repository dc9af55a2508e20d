import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "~/lib/storage/open-storage.server";
import type { Tables } from "~/lib/storage/schema";
import { counterKey } from "~/lib/storage/site-key.server";
import { domainShare, MAIL_BUDGETS, registrableDomain } from "./mail-budget.server";

/**
 * The outbox's fair queue (docs/decisions/082-fair-outbox-by-network.md). Mails to addresses
 * visitors type and mails to the team are paced at their hourly budget (a burst, then the rest of
 * the hour spread over it: no hour sends more than the budget), and each recipient domain at its
 * share; when more
 * wait than the pace lets out, networks are served in turn: the next mail goes to the network
 * sent the fewest in the last hour, so each network's next mail goes before any network's
 * second, and a visitor from a quiet network waits for one slot, not behind a flood.
 */

/** The budgets that pace mail: to visitors' addresses, and to the team. */
export type PacedBudget = "visitors" | "team";

const HOUR_MS = 60 * 60_000;

/** What a paced mail stores on its outbox row. */
export interface Pacing {
  paced: PacedBudget;
  network: string;
  domain: string | null;
}

/** The rule a network is keyed under on the outbox (counter-key.ts): no row holds an address. */
const NETWORK_RULE = "outbox-network";

/** The pacing of a mail from `network` (the edge's name for it) to `recipient` under `budget`. */
export async function pacing(
  db: Kysely<Tables>,
  budget: PacedBudget,
  network: string,
  recipientDomain: string | null,
): Promise<Pacing> {
  return {
    paced: budget,
    network: await counterKey(db, NETWORK_RULE, network),
    domain: recipientDomain === null ? null : registrableDomain(recipientDomain),
  };
}

/**
 * Whether `network` already has its share of the hour waiting under `budget`: each network's
 * queue is bounded by what it may spend in an hour, so a flood waits as one network's backlog.
 */
export async function networkQueueFull(db: Kysely<Tables>, budget: PacedBudget, network: string): Promise<boolean> {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("paced", "=", budget)
    .where("network", "=", await counterKey(db, NETWORK_RULE, network))
    .where("sent_at", "is", null)
    .where("gave_up_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count) >= MAIL_BUDGETS[budget].perNetwork;
}

interface Pace {
  key: string;
  intervalMs: number;
  burst: number;
}

/** `perHour` an hour at most, in any hour: `burst` at once, the rest spread over the hour. */
const paceOf = (key: string, perHour: number, burst: number): Pace => ({
  key,
  intervalMs: HOUR_MS / Math.max(1, perHour - burst),
  burst,
});

const budgetPace = (budget: PacedBudget): Pace =>
  paceOf(budget, MAIL_BUDGETS[budget].perHour, MAIL_BUDGETS[budget].burst);

const domainPace = (domain: string): Pace => {
  const perHour = domainShare(domain);
  return paceOf(`domain:${domain}`, perHour, Math.max(1, Math.floor(perHour / 10)));
};

/** When `pace`'s next mail is due (its theoretical arrival time; 0 if it never sent). Locked on PostgreSQL. */
async function nextAt(db: Kysely<Tables>, kind: DatabaseKind, pace: Pace): Promise<number> {
  const row = await db
    .selectFrom("mail_pace")
    .select("next_at")
    .where("key", "=", pace.key)
    .$if(kind === "postgres", (query) => query.forUpdate())
    .executeTakeFirst();
  return Number(row?.next_at ?? 0);
}

/** The generic cell rate algorithm: a mail may go while the next one is due no further ahead than the burst allows. */
const paceAllows = (next: number, pace: Pace, now: number) => next - now <= (pace.burst - 1) * pace.intervalMs;

async function spendPace(db: Kysely<Tables>, pace: Pace, next: number, now: number): Promise<void> {
  // Whole milliseconds: PostgreSQL's bigint takes no fraction.
  const next_at = Math.round(Math.max(next, now) + pace.intervalMs);
  await db
    .insertInto("mail_pace")
    .values({ key: pace.key, next_at })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ next_at }))
    .execute();
}

/**
 * Claims the next paced mail of `budget` that its pace lets out, fairly across networks, or none.
 * In one transaction: on PostgreSQL the budget's pace row is locked, so replicas take turns.
 */
async function claimNext(db: Kysely<Tables>, kind: DatabaseKind, budget: PacedBudget, now: number, claimUntil: number) {
  return db.transaction().execute(async (trx) => {
    const hourPace = budgetPace(budget);
    if (kind === "postgres") {
      await trx
        .insertInto("mail_pace")
        .values({ key: hourPace.key, next_at: 0 })
        .onConflict((c) => c.doNothing())
        .execute();
    }
    const hourNext = await nextAt(trx, kind, hourPace);
    if (!paceAllows(hourNext, hourPace, now)) return [];
    const heads = await trx
      .selectFrom((eb) =>
        eb
          .selectFrom("outbox")
          .select([
            "id",
            "network",
            "domain",
            "created_at",
            sql<number>`row_number() over (partition by network order by created_at, id)`.as("place"),
          ])
          .where("paced", "=", budget)
          .where("sent_at", "is", null)
          .where("gave_up_at", "is", null)
          .where("next_attempt_at", "<=", now)
          .where((where) => where.or([where("claimed_until", "is", null), where("claimed_until", "<", now)]))
          .as("waiting"),
      )
      .selectAll()
      .where("place", "=", 1)
      .execute();
    if (heads.length === 0) return [];
    const sent = await trx
      .selectFrom("outbox")
      .select(["network", (eb) => eb.fn.countAll<number>().as("count")])
      .where("paced", "=", budget)
      .where("sent_at", ">", now - HOUR_MS)
      .groupBy("network")
      .execute();
    const sentBy = new Map(sent.map((row) => [row.network, Number(row.count)]));
    heads.sort(
      (a, b) =>
        (sentBy.get(a.network) ?? 0) - (sentBy.get(b.network) ?? 0) || Number(a.created_at) - Number(b.created_at),
    );
    for (const head of heads) {
      const domain = head.domain === null ? null : domainPace(head.domain);
      const domainNext = domain ? await nextAt(trx, kind, domain) : 0;
      if (domain && !paceAllows(domainNext, domain, now)) continue;
      const claimed = await trx
        .updateTable("outbox")
        .set({ claimed_until: claimUntil })
        .where("id", "=", head.id)
        .returningAll()
        .execute();
      await spendPace(trx, hourPace, hourNext, now);
      if (domain) await spendPace(trx, domain, domainNext, now);
      return claimed;
    }
    return [];
  });
}

/** The next paced mail any budget lets out now, the team's first (a few an hour), or none. */
export async function claimPacedMail(db: Kysely<Tables>, kind: DatabaseKind, now: number, claimUntil: number) {
  for (const budget of ["team", "visitors"] as const) {
    const rows = await claimNext(db, kind, budget, now, claimUntil);
    if (rows.length > 0) return rows;
  }
  return [];
}
