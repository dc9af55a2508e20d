// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  documentRenderInstant,
  RENDER_INSTANT_ATTRIBUTE,
  RenderInstantProvider,
  useRenderInstant,
} from "~/lib/document/render-instant";

const CLOCK = Date.UTC(2026, 10, 22, 12);
const RENDERED = Date.UTC(2026, 10, 22, 11, 59);

beforeEach(() => vi.useFakeTimers({ now: CLOCK, toFake: ["Date"] }));
afterEach(() => {
  vi.useRealTimers();
  document.documentElement.removeAttribute(RENDER_INSTANT_ATTRIBUTE);
});

function ShowInstant() {
  return <output>{useRenderInstant()}</output>;
}

describe("useRenderInstant", () => {
  it("renders from the instant the server chose for the document", () => {
    expect(
      renderToString(
        <RenderInstantProvider value={RENDERED}>
          <ShowInstant />
        </RenderInstantProvider>,
      ),
    ).toBe(`<output>${RENDERED}</output>`);
  });

  it("refuses to render without a provider: every document chooses its instant", () => {
    expect(() => renderToString(<ShowInstant />)).toThrow(/RenderInstantProvider/);
  });
});

describe("documentRenderInstant", () => {
  it("reads back the instant the server wrote on <html>", () => {
    document.documentElement.setAttribute(RENDER_INSTANT_ATTRIBUTE, String(RENDERED));
    expect(documentRenderInstant()).toBe(RENDERED);
  });

  it.each([null, "", "0", "-5", "abc", "Infinity"])(
    "falls back to the clock for a missing or unusable value (%j)",
    (value) => {
      if (value !== null) document.documentElement.setAttribute(RENDER_INSTANT_ATTRIBUTE, value);
      expect(documentRenderInstant()).toBe(CLOCK);
    },
  );
});
