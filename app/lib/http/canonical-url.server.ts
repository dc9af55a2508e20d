import { canonicalQuery } from "~/lib/participants/search-text";
import { robotsDirectiveFor } from "~/lib/sharing/robots-directive";

/**
 * The page a URL asks for, as the document store keys it: the path (the launcher has already
 * sent every other spelling of it to this one with a 301) and `q` as the search reads it.
 * Every other query key is left out: `utm_*` and the like change nothing on the page. `page`
 * is left out too, because the store's key also holds the page's data, and that holds the page
 * number after clamping: `?page=99` and the last page are one entry (docs/decisions/025-one-stored-entry-per-page.md). What the page tells search engines is part of its bytes (its robots
 * meta tag comes from the URL), so it is part of the key: `/sorteos?page=2` with one page of
 * rows has the data of `/sorteos` but must never lend it a noindex.
 */
export function canonicalPage(url: URL): string {
  const query = canonicalQuery(url.searchParams.get("q") ?? "");
  const page = query ? `${url.pathname}?q=${encodeURIComponent(query)}` : url.pathname;
  const robots = robotsDirectiveFor(url);
  return robots ? `${page}\n${robots}` : page;
}
