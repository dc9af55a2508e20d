import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineHashes } from "~/lib/security-headers.server";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inlineHashes", () => {
  it("hashes every inline script and style once, and no external script", () => {
    const html = [
      `<script>window.a=1</script>`,
      `<script type="module" async="">import "/build/x.js";</script>`,
      `<script src="/build/entry.js"></script>`,
      `<style>.b>.c{color:red}</style>`,
      `<STYLE media="print">p{}</STYLE >`,
      `<script>window.a=1</script>`,
      `<script type="application/ld+json">{"@type":"FAQPage","name":"¿Cómo?"}</script>`,
    ].join("");
    expect(inlineHashes(html)).toEqual({
      scriptHashes: [sha256("window.a=1"), sha256(`import "/build/x.js";`), sha256(`{"@type":"FAQPage","name":"¿Cómo?"}`)],
      styleHashes: [sha256(".b>.c{color:red}"), sha256("p{}")],
    });
  });

  it("hashes what the browser hashes: line breaks as the parser normalises them", () => {
    expect(inlineHashes("<script>a\r\nb\rc</script>").scriptHashes).toEqual([sha256("a\nb\nc")]);
  });

  it("ends an element where the parser does, not at a look-alike", () => {
    const html = `<script>var s="</scripts>";</script><p>text</p>`;
    expect(inlineHashes(html).scriptHashes).toEqual([sha256(`var s="</scripts>";`)]);
  });
});
