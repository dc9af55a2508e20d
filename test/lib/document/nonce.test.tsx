import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NonceProvider, useNonce } from "~/lib/document/nonce";

function ShowNonce() {
  const nonce = useNonce();
  return <output>{nonce === undefined ? "no nonce" : `nonce ${nonce}`}</output>;
}

describe("useNonce", () => {
  it("gives a streamed page's elements the response's nonce", () => {
    expect(
      renderToString(
        <NonceProvider value="r4nd0m">
          <ShowNonce />
        </NonceProvider>,
      ),
    ).toContain("nonce r4nd0m");
  });

  it("gives no nonce on a stored page (empty value) or without a provider", () => {
    expect(
      renderToString(
        <NonceProvider value="">
          <ShowNonce />
        </NonceProvider>,
      ),
    ).toContain("no nonce");
    expect(renderToString(<ShowNonce />)).toContain("no nonce");
  });
});
