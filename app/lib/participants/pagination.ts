export const PAGE_SIZE = 10;
const MAX_PAGE_LINKS = 5;

export function pageCountFor(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

/** Reads a `page` query value; garbage, negatives and zero mean 1, too large means the last page. */
export function clampPage(raw: string | null | undefined, pageCount: number): number {
  const digits = raw?.trim().replace(/^0+(?=\d)/, "") ?? "";
  if (!/^\d+$/.test(digits)) return 1;
  // Any number past what Number holds exactly is "too large", not garbage.
  const requested = digits.length > 15 ? Number.MAX_SAFE_INTEGER : Number(digits);
  return Math.min(Math.max(1, requested), Math.max(1, pageCount));
}

/** The numbered page links to show: at most MAX_PAGE_LINKS, the current page as central as possible. */
export function pageWindow(current: number, pageCount: number): number[] {
  const count = Math.min(MAX_PAGE_LINKS, pageCount);
  const start = Math.min(Math.max(1, current - Math.floor(MAX_PAGE_LINKS / 2)), pageCount - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
}
