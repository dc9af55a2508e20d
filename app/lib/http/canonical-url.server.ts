import { canonicalQuery } from "~/lib/participants/search-text";

/**
 * The page a URL asks for, as the document store keys it: the path (the launcher has already
 * sent every other spelling of it to this one with a 301) and `q` as the search reads it.
 * Every other query key is left out: `utm_*` and the like change nothing on the page. `page`
 * is left out too, because the store's key also holds the page's data, and that holds the page
 * number after clamping: `?page=99` and the last page are one entry (docs/decisions.md, "One
 * stored entry per page").
 */
export function canonicalPage(url: URL): string {
  const query = canonicalQuery(url.searchParams.get("q") ?? "");
  return query ? `${url.pathname}?q=${encodeURIComponent(query)}` : url.pathname;
}
