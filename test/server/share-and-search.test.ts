/**
 * Link previews, canonical URLs, robots.txt, the sitemap, JSON-LD and the home-screen
 * icons, over HTTP against the built server (issue 11).
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAQ_ITEMS } from "~/content/faq";
import { startAppServer, type AppServer } from "../support/app-server";
import { BROWSER_USER_AGENT } from "../support/browser";
import { decodeEntities } from "../support/html-entities";

const SITE_URL = "https://opinionlabz.example";
/** What a visitor (or a cache-poisoning attacker) might send instead of the real host. */
const HOSTILE_HEADERS = {
  Host: "evil.example",
  "X-Forwarded-Host": "evil.example",
  "X-Forwarded-Proto": "http",
  "user-agent": BROWSER_USER_AGENT,
};

let app: AppServer;
beforeAll(async () => {
  app = await startAppServer({ SITE_URL });
});
afterAll(() => app.stop());

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with the hostile headers. `fetch` refuses to set Host, so this uses node:http. */
function hostileRequest(path: string, method = "GET"): Promise<RawResponse> {
  const { hostname, port } = new URL(app.origin);
  return new Promise((resolve, reject) => {
    const outgoing = request({ hostname, port, path, method, headers: HOSTILE_HEADERS }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

async function page(path: string, method = "GET"): Promise<string> {
  return (await hostileRequest(path, method)).body;
}

/** The content of `<meta property|name="key">`, decoding the entities React writes. */
function metaContent(html: string, key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`));
  return tag?.[1] === undefined ? undefined : decodeEntities(tag[1]);
}

function canonical(html: string): string | undefined {
  return html.match(/<link rel="canonical" href="([^"]*)"/)?.[1];
}

function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map((match) =>
    JSON.parse(match[1]!),
  );
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

async function png(path: string) {
  const response = await fetch(`${app.origin}${path}`);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/png");
  return pngSize(new Uint8Array(await response.arrayBuffer()));
}

describe.each([
  ["/", "Opinion Labz | Encuestas confidenciales y un sorteo mensual de US$200"],
  ["/sorteos", "Sorteos mensuales de US$200 | Opinion Labz"],
  ["/encuesta", "Encuestas: próximamente | Opinion Labz"],
  ["/bases-y-condiciones", "Bases y condiciones del sorteo | Opinion Labz"],
  ["/privacidad", "Política de privacidad | Opinion Labz"],
  ["/contacto", "Contacto | Opinion Labz"],
])("link preview of %s", (path, title) => {
  it("carries every Open Graph and Twitter tag, with absolute URLs on SITE_URL whatever Host says", async () => {
    // With a query too: the canonical URL is the page's, not this request's. (A `page` above
    // 1 would make /sorteos noindex: participant-names.test.ts.)
    const html = await page(`${path}?utm_source=whatsapp`);
    expect(html).not.toContain("evil.example");
    expect(html).toContain(`<title>${title}</title>`);
    expect(canonical(html)).toBe(`${SITE_URL}${path}`);
    const description = metaContent(html, "description");
    expect(description?.length).toBeGreaterThan(50);
    expect({
      type: metaContent(html, "og:type"),
      siteName: metaContent(html, "og:site_name"),
      locale: metaContent(html, "og:locale"),
      title: metaContent(html, "og:title"),
      description: metaContent(html, "og:description"),
      url: metaContent(html, "og:url"),
      image: metaContent(html, "og:image"),
      imageWidth: metaContent(html, "og:image:width"),
      imageHeight: metaContent(html, "og:image:height"),
      card: metaContent(html, "twitter:card"),
      twitterImage: metaContent(html, "twitter:image"),
    }).toEqual({
      type: "website",
      siteName: "Opinion Labz",
      locale: "es_AR",
      title,
      description,
      url: `${SITE_URL}${path}`,
      image: `${SITE_URL}/og-image.png`,
      imageWidth: "1200",
      imageHeight: "630",
      card: "summary_large_image",
      twitterImage: `${SITE_URL}/og-image.png`,
    });
    expect(metaContent(html, "og:image:alt")).toMatch(/^Opinion Labz: .{40,}/);
    expect(html).not.toContain('content="noindex"');
  });
});

describe("pages kept out of search results", () => {
  it("marks the 404 page noindex, with its English texts in lang=en", async () => {
    const html = await page("/no-existe");
    expect(html).toContain("<title>Página no encontrada | Opinion Labz</title>");
    expect(metaContent(html, "robots")).toBe("noindex");
    expect(html).toMatch(/<p lang="en"[^>]*>Oops! Page not found<\/p>/);
    expect(html).toMatch(/<a [^>]*lang="en"[^>]*>Return to Home<\/a>/);
  });
});

describe("files for crawlers", () => {
  it("serves robots.txt that allows crawling and names the sitemap on SITE_URL, cacheable for hours", async () => {
    const { status, headers, body } = await hostileRequest("/robots.txt");
    expect(status).toBe(200);
    expect(headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(headers["cache-control"]).toMatch(/^public, max-age=3600, s-maxage=86400/);
    expect(body.split("\n")).toEqual(["User-agent: *", "Allow: /", "", `Sitemap: ${SITE_URL}/sitemap.xml`, ""]);
  });

  it("serves a sitemap of the six pages on SITE_URL", async () => {
    const { status, headers, body } = await hostileRequest("/sitemap.xml");
    expect(status).toBe(200);
    expect(headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(headers["cache-control"]).toMatch(/^public, max-age=3600, s-maxage=86400/);
    expect(body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect([...body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1])).toEqual([
      `${SITE_URL}/`,
      `${SITE_URL}/sorteos`,
      `${SITE_URL}/encuesta`,
      `${SITE_URL}/bases-y-condiciones`,
      `${SITE_URL}/privacidad`,
      `${SITE_URL}/contacto`,
    ]);
  });
});

describe("structured data", () => {
  it("describes the Organization on / with name, URL and logo on SITE_URL", async () => {
    expect(jsonLd(await page("/"))).toEqual([
      {
        "@context": "https://schema.org",
        "@type": "Organization",
        name: "Opinion Labz",
        url: `${SITE_URL}/`,
        logo: `${SITE_URL}/icon-512.png`,
      },
    ]);
    expect((await png("/icon-512.png")).width).toBe(512);
  });

  it("marks up /sorteos as a FAQPage with exactly the questions and answers the accordion shows", async () => {
    const html = await page("/sorteos");
    const [faq, ...rest] = jsonLd(html) as {
      "@type": string;
      mainEntity: { "@type": string; name: string; acceptedAnswer: { "@type": string; text: string } }[];
    }[];
    expect(rest).toEqual([]);
    expect(faq!["@type"]).toBe("FAQPage");
    // An answer may hold a link (the support one does): its text is what the markup must say.
    const textOf = (markup: string) => decodeEntities(markup.replace(/<[^>]*>/g, ""));
    const shown = [
      // The FAQ's accordion (the header's menu without JavaScript is another <details>).
      ...html.matchAll(
        /<details name="faq"[^>]*><summary[^>]*>([^<]*)<svg[\s\S]*?<\/summary><p[^>]*>([\s\S]*?)<\/p><\/details>/g,
      ),
    ].map((match) => ({ question: match[1], answer: textOf(match[2]!) }));
    expect(shown).toHaveLength(FAQ_ITEMS.length);
    expect(
      faq!.mainEntity.map((entry) => ({
        type: entry["@type"],
        question: entry.name,
        answerType: entry.acceptedAnswer["@type"],
        answer: entry.acceptedAnswer.text,
      })),
    ).toEqual(
      shown.map((item) => ({ type: "Question", question: item.question, answerType: "Answer", answer: item.answer })),
    );
  });

  it("escapes < inside the JSON so no text can close the script element", async () => {
    const html = await page("/sorteos");
    const script = html.match(/<script type="application\/ld\+json"[^>]*>([^]*?)<\/script>/)![1]!;
    expect(script).not.toContain("<");
  });
});

describe("home-screen install", () => {
  it("links a web manifest with name, colours and 192, 512 and maskable icons of the sizes it claims", async () => {
    const html = await page("/");
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>');
    const response = await fetch(`${app.origin}/manifest.webmanifest`);
    expect(response.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: expect.stringContaining("Opinion Labz"),
      short_name: "Opinion Labz",
      start_url: "/",
      display: "standalone",
      theme_color: "#4f46e5",
      background_color: "#ffffff",
    });
    expect(html).toContain(`<meta name="theme-color" content="${manifest.theme_color}"/>`);
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of icons) {
      const { width, height } = await png(icon.src);
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
    expect(await png("/apple-touch-icon.png")).toEqual({ width: 180, height: 180 });
    expect(await png("/og-image.png")).toEqual({ width: 1200, height: 630 });
  });
});
