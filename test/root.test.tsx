import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorBoundary, meta } from "~/root";
import { ERROR_SCREEN_TEXT } from "./support/spec-strings";

/** The router error screen as a page whose loader threw `thrown` renders it. */
async function renderThrown(thrown: unknown): Promise<string> {
  const routes = [
    {
      id: "root",
      path: "/",
      loader: () => {
        throw thrown;
      },
      element: <p>page</p>,
      errorElement: <ErrorBoundary />,
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("the loader redirected");
  return renderToString(<StaticRouterProvider router={createStaticRouter(routes, context)} context={context} />);
}

describe("the router error screen", () => {
  it("says 'Unexpected Application Error!' and the status a route answered with", async () => {
    const html = await renderThrown(new Response(null, { status: 405, statusText: "Method Not Allowed" }));
    expect(html).toContain(ERROR_SCREEN_TEXT);
    expect(html).toContain('data-testid="error-detail">405 Method Not Allowed<');
    expect(html).toContain('href="/"');
  });

  it("says the message of an error thrown, and 'Error desconocido' for anything else", async () => {
    expect(await renderThrown(new Error("Se cayó la base"))).toContain(">Se cayó la base<");
    expect(await renderThrown("?")).toContain(">Error desconocido<");
  });
});

describe("the error screen's meta", () => {
  it("titles it 'Error inesperado' and keeps it out of search results", () => {
    const tags = meta({ error: new Error("x") } as Parameters<typeof meta>[0]);
    expect(tags).toContainEqual({ title: "Error inesperado | Opinion Labz" });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
  });
});
