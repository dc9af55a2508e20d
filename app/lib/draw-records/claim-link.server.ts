import { formatArgentinaInstant } from "~/lib/draw/countdown";
import { drawAnchor } from "~/lib/draw/published-draw";
import { enqueueMail } from "~/lib/mail/outbox.server";
import { sendQueuedMailSoon } from "~/lib/mail/sender.server";
import { renderClaimNoticeMail } from "~/lib/mail/templates/winner-mail.server";
import { DRAW_RECORD_MAIL } from "~/content/mails";
import { env } from "~/lib/server/env.server";
import { storage } from "~/lib/storage/database.server";
import { drawMonth } from "./command-text";
import { DrawRefused } from "./draw-refused";
import { claimDeadline, claimUntil, recordClaim, settleClaim } from "./prize.server";
import { tokenHash, type WinnerNoticeRow } from "./winner-notices.server";
import { witnessNewStatement } from "./witness-timer.server";
import { askMissingWitnesses, witnessConfig } from "./witnesses.server";

/**
 * The winner's click (docs/draw.md, "The winner told"): the claim page's button, with the link's
 * token, records the claim through the organizer's own path (`recordClaim`, then the
 * authorities asked and `settleClaim`), and says plainly what happened. The first press tells the
 * team, Reply-To the winner.
 */

/** What the button did, for the page to say. */
export type ClaimOutcome =
  /** Two authorities sealed the claim before the redraw's round: it counts (`at`, its first seal). */
  | { kind: "sealed"; at: number }
  /** Written, its seals not in yet: the server keeps asking until `until`, when the redraw's round is out. */
  | { kind: "pending"; until: number }
  /** The claim period ended at `until`: the redraw stands. */
  | { kind: "late"; until: number }
  /** No link of ours, or one replaced by a newer mail, or whose address was deleted. */
  | { kind: "unknown" };

const instant = (ms: number) => formatArgentinaInstant(new Date(ms).toISOString());

/** The team's notice of a claim made with the link: who, when told and at what address, and the seals. */
async function queueClaimNotice(telling: WinnerNoticeRow, winnerId: string, sealedAt: number | null, now: number) {
  const mail = await renderClaimNoticeMail({
    siteUrl: env.siteUrl,
    month: drawMonth(telling.draw_at),
    winnerId,
    roundName: DRAW_RECORD_MAIL.roundName(telling.round).toLowerCase(),
    claimedAt: instant(now),
    toldAt: instant(telling.told_at),
    email: telling.email!,
    seals:
      sealedAt === null
        ? { askedUntil: instant(claimDeadline(telling.draw_at, telling.round)) }
        : { sealedAt: instant(sealedAt) },
    recordUrl: new URL(`/sorteos#${drawAnchor(new Date(telling.draw_at).toISOString())}`, env.siteUrl).href,
  });
  // Reply-To the winner: the team answers to deliver, and the mail is filed under their address.
  await enqueueMail(
    storage.db,
    { kind: "winner-claimed", to: env.contactEmail.value, replyTo: telling.email!, ...mail },
    now,
  );
  sendQueuedMailSoon();
}

/**
 * The claim page's button with `token`: the telling it belongs to, if its link still works; the
 * claim written for that round's winner (once: a second press finds it written) and its
 * statement sealed by the authorities now, within their time-out, while the winner waits for the
 * answer; the server's witnesses keep asking where one failed.
 */
export async function claimWithLink(token: string, now: number): Promise<ClaimOutcome> {
  const db = storage.db;
  const telling = await db
    .selectFrom("winner_notices")
    .selectAll()
    .where("token_hash", "=", tokenHash(token))
    .executeTakeFirst();
  if (!telling || telling.email === null) return { kind: "unknown" };
  const draw = await db
    .selectFrom("draws")
    .selectAll()
    .where("draw_at", "=", telling.draw_at)
    .executeTakeFirstOrThrow();
  if (draw.claimed_at !== null && draw.claim_round === telling.round) return { kind: "sealed", at: draw.claimed_at };
  const rounds = await db
    .selectFrom("draw_rounds")
    .select("winner_id")
    .where("draw_at", "=", telling.draw_at)
    .execute();
  const late = { kind: "late", until: claimUntil(telling.draw_at, telling.round) } as const;
  // A redraw drawn since, or its round out: a claim now would not count.
  if (rounds.length !== telling.round + 1 || now >= claimDeadline(telling.draw_at, telling.round)) return late;
  let firstPress = false;
  if (draw.claim_round !== telling.round) {
    try {
      await recordClaim(db, drawMonth(telling.draw_at), now);
      firstPress = true;
    } catch (error) {
      if (error instanceof DrawRefused) return late;
      throw error;
    }
  }
  const statement = await db
    .selectFrom("draws")
    .select("claim_statement")
    .where("draw_at", "=", telling.draw_at)
    .executeTakeFirstOrThrow();
  const asked = await askMissingWitnesses(
    db,
    telling.draw_at,
    "claim",
    statement.claim_statement!,
    witnessConfig(),
    Date.now,
  );
  const sealedAt = await settleClaim(db, telling.draw_at);
  // An authority that failed is asked again by the server's witnesses, with their back-off.
  if (asked.failures.length > 0) witnessNewStatement();
  if (firstPress) await queueClaimNotice(telling, rounds[telling.round]!.winner_id, sealedAt, now);
  return sealedAt === null
    ? { kind: "pending", until: claimDeadline(telling.draw_at, telling.round) }
    : { kind: "sealed", at: sealedAt };
}
