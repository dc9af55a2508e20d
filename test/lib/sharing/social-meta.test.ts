import type { MetaDescriptor } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { SHARE_IMAGE, SITE_NAME, type PageSummary } from "~/content/site";
import { DRAWS_PAGE } from "~/content/pages/draws";
import { HOME_PAGE, homePage } from "~/content/pages/home";
import { metaFor, unlistedPageMeta } from "~/lib/sharing/social-meta";

const page: PageSummary = { path: "/sorteos", title: "Sorteos | Opinion Labz", description: "Quiénes participan." };
const SITE = "https://opinionlabz.example";

const AT_HOME = { pathname: "/", search: "", hash: "", state: null, key: "default" };

/** The tags a route's `meta` gives `summary` when the root loader passed the public origin. */
const pageMeta = (summary: PageSummary, siteUrl: string) =>
  metaFor(summary)({ matches: [{ id: "root", data: { siteUrl } }] as never, location: AT_HOME });

/** The tags as a crawler reads them: one value per name or property. */
function tags(meta: MetaDescriptor[]) {
  const byKey = new Map<string, string>();
  for (const tag of meta as Record<string, string>[]) {
    const key = tag.title !== undefined ? "title" : (tag.rel ?? tag.name ?? tag.property);
    expect(key, `a tag with no name: ${JSON.stringify(tag)}`).toBeDefined();
    expect(byKey.has(key!), `${key} appears twice`).toBe(false);
    const value = tag.title ?? tag.content ?? tag.href;
    expect(value, `${key} has no value`).toBeDefined();
    byKey.set(key!, value!);
  }
  return Object.fromEntries(byKey);
}

describe("a page's meta tags", () => {
  it("gives search engines and link previews the page's title, description and absolute URLs", () => {
    expect(tags(pageMeta(page, SITE))).toEqual({
      title: page.title,
      description: page.description,
      canonical: `${SITE}/sorteos`,
      "og:type": "website",
      "og:site_name": SITE_NAME,
      "og:locale": "es_AR",
      "og:title": page.title,
      "og:description": page.description,
      "og:url": `${SITE}/sorteos`,
      "og:image": `${SITE}/og-image.png`,
      "og:image:type": "image/png",
      "og:image:width": "1200",
      "og:image:height": "630",
      "og:image:alt": SHARE_IMAGE.alt,
      "twitter:card": "summary_large_image",
      "twitter:title": page.title,
      "twitter:description": page.description,
      "twitter:image": `${SITE}/og-image.png`,
      "twitter:image:alt": SHARE_IMAGE.alt,
    });
  });

  it("renders the canonical URL as a <link>, everything else as <meta>", () => {
    const links = (pageMeta(page, SITE) as Record<string, string>[]).filter((tag) => tag.tagName === "link");
    expect(links).toEqual([{ tagName: "link", rel: "canonical", href: `${SITE}/sorteos` }]);
  });
});

describe("metaFor", () => {
  it("takes the origin from the root loader's data, never from elsewhere", () => {
    const meta = metaFor(HOME_PAGE);
    const matches = [
      { id: "routes/_index", data: { siteUrl: "https://wrong.example" } },
      { id: "root", data: { siteUrl: SITE } },
    ] as never;
    expect(tags(meta({ matches, location: AT_HOME })).canonical).toBe(`${SITE}/`);
  });

  it("falls back to relative URLs when the root loader gave nothing", () => {
    const meta = metaFor(HOME_PAGE);
    expect(tags(meta({ matches: [{ id: "root", data: undefined }] as never, location: AT_HOME })).canonical).toBe("/");
    expect(tags(meta({ matches: [] as never, location: AT_HOME }))["og:image"]).toBe("/og-image.png");
  });

  it("adds noindex to a search or a later page of /sorteos, and only there", () => {
    const meta = metaFor(DRAWS_PAGE);
    const matches = [{ id: "root", data: { siteUrl: SITE } }] as never;
    const at = (search: string) => tags(meta({ matches, location: { ...AT_HOME, pathname: "/sorteos", search } }));
    expect(at("?q=ana").robots).toBe("noindex");
    expect(at("?page=2").robots).toBe("noindex");
    // The canonical URL stays the listing's, so what a crawler keeps is the first page.
    expect(at("?page=2").canonical).toBe(`${SITE}/sorteos`);
    expect(at("").robots).toBeUndefined();
    expect(at("?page=1").robots).toBeUndefined();
  });
});

describe("unlistedPageMeta", () => {
  it("keeps the page out of search results", () => {
    expect(tags(unlistedPageMeta("Página no encontrada"))).toEqual({
      title: "Página no encontrada",
      robots: "noindex",
    });
  });
});

describe("the home page's description", () => {
  const meta = metaFor<{ real: boolean }>((data) => homePage(data?.real ?? false));
  const shown = (real: boolean) => tags(meta({ matches: [] as never, location: AT_HOME, data: { real } }));

  it("claims real winners only once a real draw exists, in every tag that describes it", () => {
    for (const name of ["description", "og:description", "twitter:description"]) {
      expect(shown(false)[name]).toContain("con un sorteo que cualquiera puede verificar");
      expect(shown(false)[name]).not.toMatch(/ganadores reales/i);
      expect(shown(true)[name]).toContain("con ganadores reales");
    }
  });
});
