import { INDEXED_PAGES } from "~/content/pages";
import { env } from "../server/env.server";
import { CRAWLER_FILE_CACHE_CONTROL } from "../http/cache-control.server";
import { applySecurityHeaders, NO_INLINE_SOURCES } from "../http/security-headers.server";

function crawlerFile(request: Request, body: string, contentType: string): Response {
  const headers = new Headers({ "Content-Type": contentType, "Cache-Control": CRAWLER_FILE_CACHE_CONTROL });
  applySecurityHeaders(headers, request, NO_INLINE_SOURCES);
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
