// First: the public origin is https for this file (HSTS depends on it).
import "../../support/https-public-origin";
import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapXml } from "~/lib/sharing/crawler-files.server";
import { env } from "~/lib/server/env.server";

describe("robots.txt", () => {
  it("lets every crawler in and points it to the sitemap on the public origin", () => {
    const file = robotsTxt();
    expect(file.contentType).toBe("text/plain; charset=utf-8");
    expect(file.body).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${env.siteUrl}/sitemap.xml\n`);
  });
});

describe("sitemap.xml", () => {
  it("lists the six public pages once, by their absolute URLs, in the sitemaps.org format", () => {
    const { body, contentType } = sitemapXml();
    expect(contentType).toBe("application/xml; charset=utf-8");
    expect(body).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...["/", "/sorteos", "/encuesta", "/bases-y-condiciones", "/privacidad", "/contacto"].map(
          (path) => `  <url><loc>${env.siteUrl}${path}</loc></url>`,
        ),
        "</urlset>",
        "",
      ].join("\n"),
    );
  });
});
