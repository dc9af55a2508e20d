// First: the public origin is https for this file (HSTS depends on it).
import "../../support/https-public-origin";
import { describe, expect, it } from "vitest";
import { INDEXED_PAGES } from "~/content/pages";
import { robotsTxt, sitemapXml } from "~/lib/sharing/crawler-files.server";
import { env } from "~/lib/server/env.server";

const request = new Request("https://opinionlabz.example/robots.txt");

describe("robots.txt", () => {
  it("lets every crawler in and points it to the sitemap on the public origin", async () => {
    const response = robotsTxt(request);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${env.siteUrl}/sitemap.xml\n`);
  });
});

describe("sitemap.xml", () => {
  it("lists every indexed page once, by its absolute URL, in the sitemaps.org format", async () => {
    const response = sitemapXml(request);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const body = await response.text();
    expect(body).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...INDEXED_PAGES.map((page) => `  <url><loc>${env.siteUrl}${page.path}</loc></url>`),
        "</urlset>",
        "",
      ].join("\n"),
    );
    expect(body).toContain(`<loc>${env.siteUrl}/sorteos</loc>`);
  });
});

describe("both crawler files", () => {
  it.each([robotsTxt, sitemapXml])("may be kept by browsers and CDNs and carry the security headers (%o)", (answer) => {
    const headers = answer(request).headers;
    expect(headers.get("Cache-Control")).toMatch(/^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Content-Security-Policy")).toContain("script-src 'self';");
    expect(headers.get("Strict-Transport-Security"), "SITE_URL is https").not.toBeNull();
  });
});
