import type { EntryWindow } from "./entry-window";
import type { IdRule } from "./verifiable-draw";

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
 * or with an id the canonical form refuses (null on a list frozen before those were counted).
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
  commitment: string;
  /** When the commitment was first shown (ISO 8601): it must come before the draw. */
  committedAt: string;
  /** When the list was frozen (ISO 8601): it must come before the first beacon round is published. */
  frozenAt: string;
  seed: string;
  rounds: PublishedRound[];
  /** Frozen from the bundled sample sheet: the page says the entries are examples, and its statement claims no days. */
  sample: boolean;
  /** The time-stamp authorities' tokens over its commitment and its list (docs/draw.md, "Witnesses"). */
  witnesses: PublishedWitnesses;
}

/**
 * What the server's own check of a record found (docs/draw.md, "Checking a draw"), checked once
 * per change of the records: `verified` only when every round's value is drand's (its signature
 * verifies against quicknet's key), its witnesses verify and every published value recomputes;
 * else what it is: a rehearsal, a draw among the sample sheet's examples, a real draw no
 * authority witnessed, or one whose published values do not match.
 */
export type DrawVerdict = "verified" | "unwitnessed" | "mismatch" | "rehearsal" | "sample";

/** A recorded draw as the server publishes it. */
export interface RecordedDraw extends PublishedDraw {
  /** When the prize was delivered (ISO 8601), or null while it is not. */
  claimedAt: string | null;
}

/** A recorded draw with the server's verdict on it: what the pages show. */
export interface ShownDraw extends RecordedDraw {
  verdict: DrawVerdict;
}

/** The anchor of a draw's record on /sorteos ("sorteo-2026-12-07"): winner cards link to it. */
export function drawAnchor(drawAt: string): string {
  return `sorteo-${drawAt.slice(0, 10)}`;
}

/** The next draw's commitment: public before its list is frozen, so its seed cannot be chosen later. */
export interface UpcomingCommitment {
  drawAt: string;
  commitment: string;
  committedAt: string;
  /**
   * The drand quicknet round that will draw it: the rule's, or the one the list's first seal
   * moved it to when no authority sealed the list before the rule's round was out (docs/draw.md,
   * "The order, proven").
   */
  beaconRound: number;
  window: EntryWindow;
  /** The authorities' tokens over its commitment, and over its list once frozen. */
  witnesses: PublishedWitnesses;
  /**
   * The authorities (TIMESTAMP_AUTHORITIES) that have not sealed a statement yet and are still
   * asked to: the commitment until the draw instant, the list until it is drawn.
   */
  awaited: Record<keyof PublishedWitnesses, string[]>;
  /** From the draw instant on: the list the winner is drawn from, public before the beacon exists. */
  frozen: {
    frozenAt: string;
    entryCount: number;
    listHash: string;
    listUrl: string;
    leftOut: LeftOut | null;
    /** Frozen from the bundled sample sheet: its entries are examples. */
    sample: boolean;
  } | null;
}

/** One authority's token over a statement, as /sorteos links it (docs/draw.md, "Witnesses"). */
export interface PublishedToken {
  /** The authority that stamped it, as TIMESTAMP_AUTHORITIES names it ("http://timestamp.digicert.com"). */
  authority: string;
  /** Absolute URL of its reply (`.tsr`), beside the ids list. */
  url: string;
  /** The instant it stamped (ISO 8601), as the server read it: the check reads it again from the token. */
  stampedAt: string;
}

/** A statement the authorities stamped, and their tokens: public as soon as they exist. */
export interface PublishedStatement {
  /** Absolute URL of the statement's text (`compromiso.txt`, `lista.txt`). */
  url: string;
  tokens: PublishedToken[];
}

/** A draw's witnesses: null where a statement was never stamped (a record made before witnesses were asked). */
export interface PublishedWitnesses {
  commitment: PublishedStatement | null;
  list: PublishedStatement | null;
}
