import type { MetaArgs, MetaDescriptor } from "@remix-run/node";
import { SHARE_IMAGE, SITE_NAME, type PageSummary } from "~/content/site";
import { robotsDirectiveFor } from "./robots-directive";
import { siteUrlFromMatches } from "./site-url";

/**
 * Title, description, canonical URL, Open Graph and Twitter card tags for a page. URLs
 * are absolute on the configured public origin, never the request's host, so a page kept
 * by a CDN carries no host a visitor chose.
 */
function pageMeta(page: PageSummary, siteUrl: string): MetaDescriptor[] {
  const url = `${siteUrl}${page.path}`;
  const image = `${siteUrl}${SHARE_IMAGE.path}`;
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "es_AR" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(SHARE_IMAGE.width) },
    { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    { property: "og:image:alt", content: SHARE_IMAGE.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: SHARE_IMAGE.alt },
  ];
}

/**
 * A route's `meta` export for the page it renders; a URL that must stay out of search
 * results (a search on /sorteos, a later page) adds its robots directive. `page` may depend on
 * the route's data (the home page claims real winners only once a real draw exists).
 */
export function metaFor<Data>(page: PageSummary | ((data: Data | undefined) => PageSummary)) {
  return ({
    matches,
    location,
    data,
  }: Pick<MetaArgs, "matches" | "location"> & { data?: unknown }): MetaDescriptor[] => {
    const robots = robotsDirectiveFor(location);
    const summary = typeof page === "function" ? page(data as Data | undefined) : page;
    const tags = pageMeta(summary, siteUrlFromMatches(matches));
    return robots ? [...tags, { name: "robots", content: robots }] : tags;
  };
}

/** Pages that must stay out of search results (the 404 page, the error screen). */
export function unlistedPageMeta(title: string): MetaDescriptor[] {
  return [{ title }, { name: "robots", content: "noindex" }];
}
