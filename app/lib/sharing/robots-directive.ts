import { LISTING_PATH } from "~/lib/participants/listing-url";
import { clampPage } from "~/lib/participants/pagination";
import { normalizeSearchText } from "~/lib/participants/search-text";

/** What search engines are told about one URL, in `<meta name="robots">` and `X-Robots-Tag`. */
export type RobotsDirective = "noindex";

/**
 * Whether a URL stays out of search results. A search on /sorteos, or any page of the
 * listing after the first, is a view of the same list that a crawler would otherwise index
 * and archive name by name; /sorteos itself stays indexable (docs/product.md, "Participant
 * names"). Its data request (`/sorteos.data?…`) is told the same. A `q` that folds to
 * nothing, or a `page` that means 1, is the listing itself.
 */
export function robotsDirectiveFor(url: { pathname: string; search: string }): RobotsDirective | null {
  const pathname = url.pathname.replace(/(?:\.data|\/)$/, "");
  if (pathname !== LISTING_PATH) return null;
  const params = new URLSearchParams(url.search);
  const searched = normalizeSearchText(params.get("q") ?? "") !== "";
  const laterPage = clampPage(params.get("page"), Number.MAX_SAFE_INTEGER) > 1;
  return searched || laterPage ? "noindex" : null;
}
