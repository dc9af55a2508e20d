import type { EntryWindow } from "./entry-window";
import type { DrawRuleTag, IdRule } from "./verifiable-draw";

/**
 * What /sorteos publishes about draws: the server builds these from the records
 * (app/lib/draw-records) and the page's check reads them (components/sorteos/verify-draw.tsx).
 */

/** One round of a published draw: round 0 is the draw, then one per redraw. */
export interface PublishedRound {
  /** The public random value, as its source prints it (hex). */
  beacon: string;
  /** Where the value comes from, e.g. "drand quicknet, ronda 28.012.345"; a rehearsal says it is not drand's. */
  beaconSource: string;
  /** The round on a public drand relay, where anyone can read its signature; null for a rehearsal. */
  beaconUrl: string | null;
  /** The drand quicknet round the value is the randomness of. */
  drandRound: number;
  /** The round's BLS signature (hex), whose SHA-256 is `beacon`; null on a record made before it was kept. */
  signature: string | null;
  /** Checked against a rehearsal key when drawn: the page's check then says the value is not drand's. */
  rehearsal: boolean;
  winnerId: string;
  /** First name and surname initial only. */
  winnerName: string;
  /** The country the winner's entry gave; null on a round drawn before it was kept. */
  winnerCountry: string | null;
}

/**
 * Sheet rows a freeze left out: dated outside the draw's window, with a date that cannot be read,
 * or with an id the canonical form or the organizer's format refuses (null on a list frozen
 * before those were counted).
 */
export interface LeftOut {
  outsideWindow: number;
  unreadableDate: number;
  refusedId: number | null;
}

/** What a draw's record publishes: everything an outsider needs to recompute the winner. */
export interface PublishedDraw {
  /** The draw's instant (ISO 8601). */
  drawAt: string;
  /** The rule it was drawn under (docs/draw.md, "The rule, precisely"): v2 for every new draw. */
  rule: DrawRuleTag;
  entryCount: number;
  /** The days whose entries are in play (docs/draw.md, "The month's entries"). */
  window: EntryWindow;
  /** Null on a list frozen before they were counted. */
  leftOut: LeftOut | null;
  listHash: string;
  /** Absolute URL of the frozen ids list, plain text, exactly the bytes that were hashed. */
  listUrl: string;
  /** The rule the list's ids were written under (docs/draw.md, "Canonical list"): its check parses it so. */
  idRule: IdRule;
  /** Id rule 3: the organizer's format of ids (ID_PATTERN) the list was frozen under; else null. */
  idPattern: string | null;
  /** Rule v1 only: the commitment to its seed, when it was first shown, and the seed revealed. */
  commitment: string | null;
  committedAt: string | null;
  seed: string | null;
  /**
   * When the record says the list was frozen (ISO 8601), as stored: it must fall between the draw
   * instant and the list's first seal (rule v2 also states it in the sealed list statement). The
   * pages show the first seal's instant as the list's closing time, never this.
   */
  frozenAt: string;
  rounds: PublishedRound[];
  /** Frozen from the bundled sample sheet: the page says the entries are examples, and its statement claims no days. */
  sample: boolean;
  /** The time-stamp authorities' tokens over its statements (docs/draw.md, "Witnesses"). */
  witnesses: PublishedWitnesses;
  /**
   * When the record says the prize was claimed (ISO 8601), as stored, or null: it counts only if
   * the claim statement was sealed by two authorities before the next redraw's round.
   */
  claimedAt: string | null;
  /** The round whose winner the claim statement (`reclamo.txt`) names, or null when no claim was made. */
  claimRound: number | null;
  /**
   * Each time a round's winner was mailed the claim link (`draw -- tell-winner`), oldest first,
   * and the reminder 7 days before the deadline (ISO 8601, the server's clock: no seal states them).
   */
  told: { round: number; at: string; remindedAt: string | null }[];
}

/**
 * What the server's own check of a record found (docs/draw.md, "Checking a draw"), checked once
 * per change of the records: `verified` only when every round's value is drand's (its signature
 * verifies against quicknet's key), its witnesses verify and every published value recomputes;
 * else what it is: a rehearsal, a draw among the sample sheet's examples, a record of rule v1 no
 * authority witnessed, or one whose published values do not match.
 */
export type DrawVerdict = "verified" | "unwitnessed" | "mismatch" | "rehearsal" | "sample";

/** A recorded draw with the server's verdict on it: what the pages show. */
export interface ShownDraw extends PublishedDraw {
  verdict: DrawVerdict;
  /**
   * The claim as the server's check reads it from its seals: the first seal's instant when it
   * counts (sealed by two authorities before the next redraw's round), else null.
   */
  claimSealedAt: string | null;
  /** Draw notices mailed at the freeze (the team's included) that left before the round, and how many were queued. */
  notices: NoticeCount | null;
}

/** The draw notices of one list: queued at the freeze, and sent before its drand round was out. */
export interface NoticeCount {
  queued: number;
  sentBeforeRound: number;
}

/**
 * A draw that did not happen (docs/draw.md, "The order, proven"): by its round's publication its
 * list was not frozen, or not sealed by two independent authorities before it. No round counts
 * for that day, ever; its entries go to the next draw.
 */
export interface MissedDraw {
  drawAt: string;
  /** The drand round the rule named for it, and when drand published it (ISO 8601). */
  beaconRound: number;
  beaconAt: string;
  /** Never frozen, or frozen without two seals before the round. */
  reason: "not-frozen" | "not-sealed";
  /** Its frozen list, if any, with the seals it got. */
  frozen: { listHash: string; entryCount: number; listUrl: string } | null;
  witnesses: PublishedWitnesses;
  /** Rounds recorded for it anyway (by hand): they never count, and its record's check says so. */
  roundsIgnored: number;
  /** With such rounds, the record as published, so anyone can run its check and see it fail. */
  record: PublishedDraw | null;
  /** The draw its entries go to (ISO 8601). */
  nextDrawAt: string;
}

/** "Sorteo" for round 0, "Resorteo r" for the r-th redraw. */
export const roundName = (round: number) => (round === 0 ? "Sorteo" : `Resorteo ${round}`);

/** The anchor of a draw's record on /sorteos ("sorteo-2026-12-07"): winner cards link to it. */
export function drawAnchor(drawAt: string): string {
  return `sorteo-${drawAt.slice(0, 10)}`;
}

/** The next draw before it is made: its days, and from the draw instant on its frozen list and seals. */
export interface PendingDraw {
  drawAt: string;
  /** The drand quicknet round that will draw it, fixed by the rule: never another. */
  beaconRound: number;
  window: EntryWindow;
  /** The authorities' tokens over its list once frozen. */
  witnesses: PublishedWitnesses;
  /** The authorities (TIMESTAMP_AUTHORITIES) that have not sealed the list yet and are still asked to, until its round. */
  awaited: string[];
  /** From the draw instant on: the list the winner is drawn from, public before the beacon exists. */
  frozen: {
    /** The list's closing time as its first seal states it (ISO 8601), or null before any seal. */
    sealedAt: string | null;
    entryCount: number;
    listHash: string;
    listUrl: string;
    leftOut: LeftOut | null;
    /** Frozen from the bundled sample sheet: its entries are examples. */
    sample: boolean;
    /** Sealed by two independent authorities before the round: the draw happens. */
    witnessed: boolean;
    notices: NoticeCount;
  } | null;
}

/** One authority's token over a statement, as /sorteos links it (docs/draw.md, "Witnesses"). */
export interface PublishedToken {
  /** The authority asked, as TIMESTAMP_AUTHORITIES named it: the token's file name says it. */
  authority: string;
  /** Absolute URL of its reply (`.tsr`), beside the ids list. */
  url: string;
  /** The instant it stamped (ISO 8601), read from the token; every check reads it again. */
  stampedAt: string;
  /** Who signed it, as the certificate in the token names its organization: how the pages name an authority. */
  signer: string | null;
}

/** A statement the authorities stamped, and their tokens: public as soon as they exist. */
export interface PublishedStatement {
  /** Absolute URL of the statement's text (`lista.txt`, `reclamo.txt`, a v1 record's `compromiso.txt`). */
  url: string;
  tokens: PublishedToken[];
}

/** A draw's witnesses: null where a statement was never stamped (a v2 record has no commitment). */
export interface PublishedWitnesses {
  commitment: PublishedStatement | null;
  list: PublishedStatement | null;
  claim: PublishedStatement | null;
}
