// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  documentRenderInstant,
  RENDER_INSTANT_ATTRIBUTE,
  RenderInstantProvider,
  SIGNED_RENDER_INSTANT_ATTRIBUTE,
  useRenderInstant,
  useSignedRenderInstant,
} from "~/lib/document/render-instant";

const CLOCK = Date.UTC(2026, 10, 22, 12);
const RENDERED = Date.UTC(2026, 10, 22, 11, 59);

beforeEach(() => vi.useFakeTimers({ now: CLOCK, toFake: ["Date"] }));
afterEach(() => {
  vi.useRealTimers();
  document.documentElement.removeAttribute(RENDER_INSTANT_ATTRIBUTE);
  document.documentElement.removeAttribute(SIGNED_RENDER_INSTANT_ATTRIBUTE);
});

function ShowInstant() {
  return (
    <output>
      {useRenderInstant()} {useSignedRenderInstant()}
    </output>
  );
}

describe("useRenderInstant", () => {
  it("renders from the instant the server chose for the document", () => {
    expect(
      renderToString(
        <RenderInstantProvider value={{ at: RENDERED, signed: `${RENDERED}.firma` }}>
          <ShowInstant />
        </RenderInstantProvider>,
      ),
    ).toBe(`<output>${RENDERED}<!-- --> <!-- -->${RENDERED}.firma</output>`);
  });

  it("refuses to render without a provider: every document chooses its instant", () => {
    expect(() => renderToString(<ShowInstant />)).toThrow(/RenderInstantProvider/);
  });
});

describe("documentRenderInstant", () => {
  it("reads back the instant and its signature the server wrote on <html>", () => {
    document.documentElement.setAttribute(RENDER_INSTANT_ATTRIBUTE, String(RENDERED));
    document.documentElement.setAttribute(SIGNED_RENDER_INSTANT_ATTRIBUTE, `${RENDERED}.firma`);
    expect(documentRenderInstant()).toEqual({ at: RENDERED, signed: `${RENDERED}.firma` });
  });

  it.each([null, "", "0", "-5", "abc", "Infinity"])(
    "falls back to the clock for a missing or unusable value (%j)",
    (value) => {
      if (value !== null) document.documentElement.setAttribute(RENDER_INSTANT_ATTRIBUTE, value);
      expect(documentRenderInstant()).toEqual({ at: CLOCK, signed: "" });
    },
  );
});
