import { describe, expect, it } from "vitest";
import { renderMail } from "~/lib/mail/render-mail.server";

describe("renderMail", () => {
  it("writes paragraphs and their links in both parts", () => {
    const { text, html } = renderMail([
      { paragraph: "¡Hola!" },
      { paragraph: "Confirmá acá:", link: "https://opinionlabz.com/avisos/confirmar?token=a&b=c" },
    ]);
    expect(text).toBe("¡Hola!\n\nConfirmá acá:\nhttps://opinionlabz.com/avisos/confirmar?token=a&b=c");
    expect(html).toMatch(/^<!doctype html><html lang="es">/);
    expect(html).toContain(
      '<p>Confirmá acá:<br/><a href="https://opinionlabz.com/avisos/confirmar?token=a&amp;b=c">https://opinionlabz.com/avisos/confirmar?token=a&amp;b=c</a></p>',
    );
  });

  it("escapes every text and attribute: nothing given becomes markup", () => {
    const hostile = `"><script>alert(1)</script> & 'x'`;
    const { text, html } = renderMail([
      { paragraph: hostile, link: `https://example.com/" onmouseover="alert(1)` },
      { preformatted: `<b>${hostile}</b>\nsegunda línea` },
    ]);
    expect(text).toContain(hostile);
    expect(text).toContain("<b>");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<b>");
    expect(html).not.toMatch(/" onmouseover=/);
    expect(html).toContain("&quot; onmouseover=&quot;alert(1)");
    expect(html).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#x27;x&#x27;");
  });

  it("keeps preformatted text's lines, in monospace where asked", () => {
    const { html } = renderMail([{ preformatted: "id 1\nid 2", monospace: true }]);
    expect(html).toContain('<pre style="white-space:pre-wrap;font-family:monospace">id 1\nid 2</pre>');
  });
});
