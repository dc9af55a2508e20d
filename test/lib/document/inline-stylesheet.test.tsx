import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DocumentTextsProvider } from "~/lib/document/document-texts";
import { InlineStylesheet } from "~/lib/document/inline-stylesheet";
import { NonceProvider } from "~/lib/document/nonce";

describe("InlineStylesheet", () => {
  const css = "body{color:red}.a>.b{margin:0}";

  it("puts the stylesheet's text, unescaped, in a <style> with the page's nonce", () => {
    const html = renderToString(
      <NonceProvider value="n1">
        <DocumentTextsProvider value={{ stylesheet: css, heldScriptsStarter: "" }}>
          <InlineStylesheet />
        </DocumentTextsProvider>
      </NonceProvider>,
    );
    expect(html).toBe(`<style nonce="n1">${css}</style>`);
  });

  it("has no nonce attribute on a stored page, and is empty without text", () => {
    expect(
      renderToString(
        <DocumentTextsProvider value={{ stylesheet: css, heldScriptsStarter: "" }}>
          <InlineStylesheet />
        </DocumentTextsProvider>,
      ),
    ).toBe(`<style>${css}</style>`);
    expect(renderToString(<InlineStylesheet />)).toBe("<style></style>");
  });
});
