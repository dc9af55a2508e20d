/**
 * Every participant's folded search key in one string, so a 100,000-row sheet adds two
 * heap objects instead of 100,000 strings for the garbage collector to trace (see
 * docs/performance.md, "Sheet refresh"). A search is one `indexOf` scan over it.
 */
export interface SearchIndex {
  /** The keys in sheet order, each followed by KEY_END. */
  text: string;
  /** ends[k] is the offset just past key k's KEY_END. */
  ends: Int32Array;
}

/**
 * Closes each key. Folding drops control characters from the query, so a match never runs
 * from one key into the next.
 */
const KEY_END = "\u0001";

/** Keys joined a few hundred at a time, so none of them outlives the refresh's young generation. */
const KEYS_PER_PIECE = 256;

export class SearchIndexBuilder {
  private readonly pieces: string[] = [];
  private pending: string[] = [];
  private readonly ends: number[] = [];
  private length = 0;

  add(key: string): void {
    this.pending.push(key, KEY_END);
    this.length += key.length + KEY_END.length;
    this.ends.push(this.length);
    if (this.pending.length >= 2 * KEYS_PER_PIECE) this.closePiece();
  }

  finish(): SearchIndex {
    this.closePiece();
    return { text: this.pieces.join(""), ends: Int32Array.from(this.ends) };
  }

  private closePiece(): void {
    this.pieces.push(this.pending.join(""));
    this.pending = [];
  }
}

/** The key holding offset `at`: the first whose end lies past it. */
function keyAt(ends: Int32Array, at: number): number {
  let low = 0;
  let high = ends.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ends[middle]! > at) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Sheet-order numbers of the keys containing `needle` (plain text, never a pattern), each once. */
export function keysContaining(index: SearchIndex, needle: string): number[] {
  const keys: number[] = [];
  let from = 0;
  for (let at = index.text.indexOf(needle, from); at >= 0; at = index.text.indexOf(needle, from)) {
    const key = keyAt(index.ends, at);
    keys.push(key);
    from = index.ends[key]!;
  }
  return keys;
}
