import { INDEXED_PAGES } from "~/content/pages";
import { env } from "./env.server";
import { applySecurityHeaders } from "./security-headers.server";

/**
 * robots.txt and the sitemap change only when the site is deployed: browsers and CDNs
 * may keep them for a day, and serve a stale copy for a week while they refresh it.
 */
const CRAWLER_FILE_CACHE_CONTROL = "public, max-age=3600, s-maxage=86400, stale-while-revalidate=604800";

function crawlerFile(request: Request, body: string, contentType: string): Response {
  const headers = new Headers({ "Content-Type": contentType, "Cache-Control": CRAWLER_FILE_CACHE_CONTROL });
  applySecurityHeaders(headers, request, null);
  return new Response(body, { headers });
}

export function robotsTxt(request: Request): Response {
  const body = ["User-agent: *", "Allow: /", "", `Sitemap: ${env.siteUrl}/sitemap.xml`, ""].join("\n");
  return crawlerFile(request, body, "text/plain; charset=utf-8");
}

export function sitemapXml(request: Request): Response {
  const urls = INDEXED_PAGES.map((page) => `  <url><loc>${env.siteUrl}${page.path}</loc></url>`);
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return crawlerFile(request, body, "application/xml; charset=utf-8");
}
