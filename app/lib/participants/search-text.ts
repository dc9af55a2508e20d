/** Longest query we look at; anything longer cannot match a name or an id anyway. */
export const MAX_QUERY_LENGTH = 100;

/**
 * The query as the page echoes it: composed (NFC, as typed on most keyboards), cut to what is
 * searched, without surrounding spaces. Every spelling that searches alike is one page, stored
 * once (docs/decisions/025-one-stored-entry-per-page.md).
 */
export function canonicalQuery(raw: string): string {
  return raw.normalize("NFC").slice(0, MAX_QUERY_LENGTH).trim();
}

/**
 * Folds text for matching: compatibility forms folded as ids are (docs/draw.md, "Canonical
 * list": a full-width "ＯＬ" is "ol"), lower case, accents and control characters removed, so
 * "jose" finds "José" and "ARGENTINA" equals "Argentina".
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\p{M}\p{Cc}\p{Cf}]/gu, "")
    .toLowerCase()
    .trim();
}
