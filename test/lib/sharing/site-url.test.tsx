import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { siteUrlFromMatches, useSiteUrl, type SiteData } from "~/lib/sharing/site-url";

function ShowSiteUrl() {
  return <output>{`[${useSiteUrl()}]`}</output>;
}

/** Renders a page under a root route whose loader returns `rootData`, as Remix's router does. */
async function renderUnderRoot(rootData: SiteData | null): Promise<string> {
  const handler = createStaticHandler([{ id: "root", path: "/", loader: () => rootData, Component: ShowSiteUrl }]);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

describe("useSiteUrl", () => {
  it("reads the public origin from the root loader's data", async () => {
    expect(await renderUnderRoot({ siteUrl: "https://opinionlabz.example" })).toContain(
      "[https://opinionlabz.example]",
    );
  });

  it("is empty when the root loader gave no origin", async () => {
    expect(await renderUnderRoot(null)).toContain("[]");
  });
});

describe("siteUrlFromMatches", () => {
  it("takes the root route's origin, not another route's", () => {
    const matches = [
      { id: "routes/sorteos", data: { siteUrl: "https://other.example" } },
      { id: "root", data: { siteUrl: "https://opinionlabz.example" } },
    ];
    expect(siteUrlFromMatches(matches as never)).toBe("https://opinionlabz.example");
    expect(siteUrlFromMatches([matches[0]] as never)).toBe("");
    expect(siteUrlFromMatches([{ id: "root", data: null }] as never)).toBe("");
  });
});
