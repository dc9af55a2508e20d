/** Longest query we look at; anything longer cannot match a name or an id anyway. */
export const MAX_QUERY_LENGTH = 100;

/**
 * Folds text for matching: lower case, accents and control characters removed,
 * so "jose" finds "José" and "ARGENTINA" equals "Argentina".
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\p{M}\p{Cc}\p{Cf}]/gu, "")
    .toLowerCase()
    .trim();
}
