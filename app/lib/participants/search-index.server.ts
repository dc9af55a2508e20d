/**
 * Every participant's folded search key in one string, so a 100,000-row sheet adds two
 * heap objects instead of 100,000 strings for the garbage collector to trace (see
 * docs/performance.md, "Sheet refresh"). A search is one `indexOf` scan over it.
 */
export interface SearchIndex {
  /** The keys in sheet order, each field of each followed by FIELD_END. */
  text: string;
  /** ends[k] is the offset just past key k's last FIELD_END. */
  ends: Int32Array;
}

/**
 * Closes each field of a key. Folding drops control characters from the query, so a match
 * never runs from one field, or one key, into the next.
 */
const FIELD_END = "\u0001";

/** Keys joined a few hundred at a time, so none of them outlives the refresh's young generation. */
const KEYS_PER_PIECE = 256;

export class SearchIndexBuilder {
  private readonly pieces: string[] = [];
  private pending: string[] = [];
  private readonly ends: number[] = [];
  private length = 0;

  /** Adds the next key, made of `fields` (already folded), each searched on its own. */
  add(...fields: string[]): void {
    for (const field of fields) {
      this.pending.push(field, FIELD_END);
      this.length += field.length + FIELD_END.length;
    }
    this.ends.push(this.length);
    if (this.ends.length % KEYS_PER_PIECE === 0) this.closePiece();
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
