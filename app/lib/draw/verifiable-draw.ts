/**
 * The rule that picks a draw's winner, shared by the server (which draws) and the browser
 * (which checks a published draw). docs/draw.md states it for outsiders; this file is its
 * reference implementation, so the two must change together (and the tags below with them).
 *
 * Everything is text until hashed: the list is ids one per line, and each attempt's message is
 * one ASCII line. That keeps the rule checkable with `printf … | openssl dgst -sha256`, no
 * hex-to-bytes step. Only Web Crypto (`crypto.subtle`, in browsers and Node 20+) is used, so it
 * runs in both.
 */

/**
 * The rules by name (docs/draw.md, "The rule, precisely"): each message carries its tag, and a
 * changed rule gets a new tag, never a changed meaning. v1 (records before round 6) keyed each
 * message with a seed committed in advance; v2, every new draw's, hashes the message alone: the
 * winner comes from the frozen list and drand's round, nothing anyone chose
 * (docs/decisions/087-no-secret-the-list-and-the-round-alone.md).
 */
export const RULE_V1 = "opinionlabz-draw-v1";
const RULE_V2 = "opinionlabz-draw-v2";
export type DrawRuleTag = typeof RULE_V1 | typeof RULE_V2;
export const CURRENT_RULE: DrawRuleTag = RULE_V2;

/** A record's rule as it names it; none (a record written before rules were named), v1's. */
export function drawRuleTag(tag: string | null | undefined): DrawRuleTag {
  return tag === RULE_V1 || tag === null || tag === undefined ? RULE_V1 : RULE_V2;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;
/** A public random value as its source prints it in hex: drand's `randomness` is 64 digits. */
const BEACON_HEX = /^[0-9a-f]{32,128}$/;
/**
 * What an id may hold once folded (docs/draw.md, "Canonical list"): ASCII letters, digits, `-`,
 * `_` and `.`, nothing that displays as another character or as nothing. Anything else (a
 * Cyrillic О, a Unicode hyphen, a space inside, an invisible mark) would let one person hold
 * entries that look the same.
 */
const ID_CHARACTERS = /^[A-Za-z0-9._-]+$/;
/** A published list's line under rules 2 and 3: an id as `canonicalId` returns it. */
const CANONICAL_ID = /^[A-Z0-9._-]+$/;
/**
 * What a list frozen under rule 1 may not hold on a line: a control or a line or paragraph
 * separator. Looser than that rule's freeze: a list frozen before format characters were
 * refused stays readable.
 */
const FORBIDDEN_IN_RULE_1_LINE = /[\p{Cc}\p{Zl}\p{Zp}]/u;
const WORD_BITS = 32; // Top bits come from a 32-bit word: a list holds at most 2^32 entries.

const utf8 = new TextEncoder();

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Lowercase hex SHA-256 of a text's UTF-8 bytes, or of raw bytes (a downloaded list as served). */
export async function sha256Hex(data: string | Uint8Array<ArrayBuffer>): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", typeof data === "string" ? utf8.encode(data) : data));
}

const isSha256Hex = (value: string) => SHA256_HEX.test(value);

export function isBeaconValue(value: string): boolean {
  return BEACON_HEX.test(value);
}

function assertSeed(seed: string): void {
  if (!isSha256Hex(seed)) throw new RangeError("A seed is 64 lowercase hex characters");
}

/** A v1 record's commitment, published before its draw: SHA-256 of the seed's 64 ASCII characters (not of its 32 bytes). */
export async function commitmentOf(seed: string): Promise<string> {
  assertSeed(seed);
  return sha256Hex(seed);
}

/** What freezing the sheet's rows keeps, what it leaves out and why. */
export interface FrozenEntries<Row = string> {
  /** Entries in sheet order, each canonical id once: the list that is hashed and drawn from. */
  ids: string[];
  /** The row each id comes from (its first), parallel to `ids`: its name and country are the entry's. */
  rows: Row[];
  /** Later rows repeating an id already in `ids`: one person, one chance. */
  duplicates: Row[];
  /** Rows whose id `canonicalId` refuses: it could show as another id, or as nothing. */
  invalid: Row[];
}

/**
 * The rule that turns a sheet's id into a list's id, as each record names it (docs/draw.md,
 * "Canonical list"). 1: Unicode NFC and trimmed, lists frozen before ids were folded; their
 * published text and hash still verify with it. 2: `canonicalId`. 3: `canonicalId`, and the
 * canonical id must match the organizer's format (ID_PATTERN), which the record publishes:
 * what every new freeze uses.
 */
export type IdRule = 1 | 2 | 3;
export const CURRENT_ID_RULE: IdRule = 3;

/** The longest ID_PATTERN taken: a format of ids, not a program. */
const MAX_ID_PATTERN_LENGTH = 200;
/**
 * An id format as a record publishes it (`^OL-[1-9][0-9]*$`), as the regular expression that
 * tests a canonical id; null when it is not one: unanchored (it must start with `^` and end with
 * `$`, so it speaks of the whole id), too long, or not a regular expression.
 */
export function idPatternOf(source: string): RegExp | null {
  if (source.length > MAX_ID_PATTERN_LENGTH || !source.startsWith("^") || !source.endsWith("$")) return null;
  try {
    return new RegExp(source);
  } catch {
    return null;
  }
}

/**
 * An id as draws, the list's search and the check compare it, or null when it cannot be one:
 * Unicode compatibility folding (NFKC, so a full-width Ｏ is O), surrounding white space
 * trimmed, then only ASCII letters, digits, `-`, `_` and `.`, upper-cased ("ol-1001" and
 * "OL-1001" are one entry). Lookalikes that survive folding (a Cyrillic О, U+2010, a space or an
 * invisible mark inside) are refused, never guessed at.
 */
export function canonicalId(raw: string): string | null {
  // Most ids already are canonical: plain ASCII needs no folding (NFKC leaves it as it is).
  if (CANONICAL_ID.test(raw)) return raw;
  const folded = raw.normalize("NFKC").trim();
  return ID_CHARACTERS.test(folded) ? folded.toUpperCase() : null;
}

/**
 * An id as a list of id rule 3 takes it: canonical and of the organizer's format (`pattern`,
 * none: any canonical id), or null. Lookalikes of a format's ids (`0L-3001`, `OL-03001`) are
 * other ids: the format refuses them.
 */
export function formattedId(raw: string, pattern: RegExp | null): string | null {
  const id = canonicalId(raw);
  return id !== null && (pattern === null || pattern.test(id)) ? id : null;
}

/**
 * The entries a draw is made among, from the sheet's rows in sheet order (their ids, or the ids
 * themselves), each id as `formattedId` makes it; the first occurrence keeps its place.
 */
export function freezeEntryIds<Row = string>(
  sheetRows: readonly Row[],
  idOf: (row: Row) => string = String,
  pattern: RegExp | null = null,
): FrozenEntries<Row> {
  const frozen: FrozenEntries<Row> = { ids: [], rows: [], duplicates: [], invalid: [] };
  const seen = new Set<string>();
  for (const row of sheetRows) {
    const id = formattedId(idOf(row), pattern);
    if (id === null) frozen.invalid.push(row);
    else if (seen.has(id)) frozen.duplicates.push(row);
    else {
      seen.add(id);
      frozen.ids.push(id);
      frozen.rows.push(row);
    }
  }
  return frozen;
}

/** The canonical list: every id followed by a line feed (so `wc -l` counts the entries), UTF-8, no BOM. */
export function entryListText(ids: readonly string[]): string {
  return ids.map((id) => `${id}\n`).join("");
}

/** Whether `line` is an id as a list of `rule` writes it (rule 3: of the format `pattern` too). */
function isListId(line: string, rule: IdRule, pattern: RegExp | null): boolean {
  if (rule === 1) return line !== "" && line.normalize("NFC").trim() === line && !FORBIDDEN_IN_RULE_1_LINE.test(line);
  return CANONICAL_ID.test(line) && (rule === 2 || pattern === null || pattern.test(line));
}

/**
 * The ids of a canonical list text under `rule` (the record's) and, for rule 3, its id format, or
 * null when the text is not one: a missing final line feed, a carriage return, an empty line, a
 * repeated id, a stray space, (rule 2 and 3) an id not in canonical form or (rule 3) one outside
 * the format all make it null, since the list that was hashed never holds them.
 */
export function parseEntryList(text: string, rule: IdRule = 2, pattern: RegExp | null = null): string[] | null {
  // An empty text would be a list of no one: never a draw's list.
  if (!text.endsWith("\n")) return null;
  const ids = text.slice(0, -1).split("\n");
  const unique = new Set(ids);
  return unique.size === ids.length && ids.every((id) => isListId(id, rule, pattern)) ? ids : null;
}

/** Bits needed to write `count - 1`: the fewest top bits that can name every index. */
function indexBits(count: number): number {
  return count === 1 ? 0 : (count - 1).toString(2).length;
}

export interface WinnerIndexInput {
  /** The rule the record names: v2 hashes each message; v1 keys it with `seed`. */
  rule: DrawRuleTag;
  /** v1 only: the seed committed before the draw (64 hex). */
  seed?: string | null;
  /** SHA-256 (hex) of the canonical list the draw was frozen with. */
  listHash: string;
  beacon: string;
  /** 0 for the draw, 1 for the first redraw, and so on. */
  round: number;
  /** Entries still in the running this round. */
  count: number;
}

/** The message of one attempt: one ASCII line, fields joined by ":" (none can contain one). */
function drawMessage(rule: DrawRuleTag, listHash: string, beacon: string, round: number, attempt: number) {
  return `${rule}:${listHash}:${beacon}:${round}:${attempt}`;
}

/**
 * The 32-bit word each attempt reads, by the record's rule: v2, the first 4 bytes of SHA-256 of
 * the message; v1, of HMAC-SHA256 keyed with the seed's ASCII text.
 */
async function attemptWords(rule: DrawRuleTag, seed: string | null | undefined) {
  if (rule === RULE_V2) {
    return async (message: string) =>
      new DataView(await crypto.subtle.digest("SHA-256", utf8.encode(message))).getUint32(0);
  }
  assertSeed(seed ?? "");
  const key = await crypto.subtle.importKey("raw", utf8.encode(seed!), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return async (message: string) =>
    new DataView(await crypto.subtle.sign("HMAC", key, utf8.encode(message))).getUint32(0);
}

/**
 * The winner's index among `count` entries, without modulo bias: for attempt 0, 1, 2… read the
 * attempt's 32-bit word (`attemptWords`) as a big-endian unsigned integer and keep its top k
 * bits, k being the bits of `count - 1`; the first value below `count` is the index. Each
 * attempt succeeds with probability above 1/2, and every index is equally likely.
 */
export async function winnerIndex(input: WinnerIndexInput): Promise<{ index: number; attempts: number }> {
  const { rule, seed, listHash, beacon, round, count } = input;
  if (!isSha256Hex(listHash)) throw new RangeError("A list hash is 64 lowercase hex characters");
  if (!isBeaconValue(beacon)) throw new RangeError("A beacon value is 32 to 128 lowercase hex characters");
  if (!Number.isSafeInteger(round) || round < 0) throw new RangeError("A round is a whole number from 0");
  if (!Number.isSafeInteger(count) || count < 1 || count > 2 ** WORD_BITS) {
    throw new RangeError(`A draw needs 1 to 2^${WORD_BITS} entries`);
  }
  const word = await attemptWords(rule, seed);
  const scale = 2 ** (WORD_BITS - indexBits(count));
  for (let attempt = 0; ; attempt += 1) {
    const candidate = Math.floor((await word(drawMessage(rule, listHash, beacon, round, attempt))) / scale);
    if (candidate < count) return { index: candidate, attempts: attempt + 1 };
  }
}

/** One round's result. */
export interface DrawnRound {
  round: number;
  /** Index into the entries remaining this round (the frozen list minus earlier winners, in order). */
  index: number;
  attempts: number;
  id: string;
}

/**
 * Every round of a draw: round 0 picks among all frozen `ids`; round r (a redraw, after a
 * prize went unclaimed) picks among the ids left once the winners of rounds 0…r-1 are
 * removed, with its own beacon. Each round's message carries the frozen list's hash, so a
 * redraw stays bound to the list published at the draw.
 */
export async function drawRounds({
  rule,
  seed = null,
  ids,
  beacons,
  idRule = CURRENT_ID_RULE,
  idPattern = null,
}: {
  rule: DrawRuleTag;
  /** v1 only: the revealed seed. */
  seed?: string | null;
  ids: readonly string[];
  /** One per round, in round order. */
  beacons: readonly string[];
  /** The rule the list was frozen under, and its id format (its record says). */
  idRule?: IdRule;
  idPattern?: RegExp | null;
}): Promise<{ listHash: string; rounds: DrawnRound[] }> {
  if (ids.length === 0) throw new RangeError("A draw needs at least one entry");
  const text = entryListText(ids);
  if (parseEntryList(text, idRule, idPattern) === null) {
    throw new RangeError("The ids are not a frozen list (see freezeEntryIds)");
  }
  if (beacons.length > ids.length) throw new RangeError("More rounds than entries");
  const listHash = await sha256Hex(text);
  const remaining = [...ids];
  const rounds: DrawnRound[] = [];
  for (const [round, beacon] of beacons.entries()) {
    const { index, attempts } = await winnerIndex({ rule, seed, listHash, beacon, round, count: remaining.length });
    const [id] = remaining.splice(index, 1) as [string];
    rounds.push({ round, index, attempts, id });
  }
  return { listHash, rounds };
}
