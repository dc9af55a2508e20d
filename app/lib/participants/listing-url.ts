/** Where the whole list of participants is: /sorteos, with its search and pages. */
export const LISTING_PATH = "/sorteos";

/** The /sorteos URL for a search and page; defaults are left out so links stay short. */
export function listingHref(query: string, page: number): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${LISTING_PATH}?${search}` : LISTING_PATH;
}
