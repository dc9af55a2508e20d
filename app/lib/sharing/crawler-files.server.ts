import { INDEXED_PAGES } from "~/content/pages/indexed";
import { env } from "~/lib/server/env.server";

/** A file for crawlers: its text and its media type. */
export interface CrawlerFile {
  body: string;
  contentType: string;
}

export function robotsTxt(): CrawlerFile {
  const body = ["User-agent: *", "Allow: /", "", `Sitemap: ${env.siteUrl}/sitemap.xml`, ""].join("\n");
  return { body, contentType: "text/plain; charset=utf-8" };
}

export function sitemapXml(): CrawlerFile {
  const urls = INDEXED_PAGES.map((page) => `  <url><loc>${env.siteUrl}${page.path}</loc></url>`);
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return { body, contentType: "application/xml; charset=utf-8" };
}
