import { describe, expect, it } from "vitest";
import { mergedMail, renderMail } from "~/lib/mail/render-mail.server";

describe("renderMail", () => {
  it("writes the plain-text part from the HTML: headings as written, links in full, images and the preheader left out", async () => {
    const { subject, html, text } = await renderMail(
      "Asunto",
      <html lang="es">
        <body>
          <div data-skip-in-text="true" style={{ display: "none" }}>
            Lo que muestra la bandeja
          </div>
          <img src="https://opinionlabz.com/icon-192.png" alt="Logo" />
          <h1>Confirmá tu email</h1>
          <h2>Qué hacer ahora</h2>
          <p>
            Tocá <a href="https://opinionlabz.com/avisos/confirmar?t=a&amp;b=c">Confirmar</a>.
          </p>
          <p>
            <a className="mail-site" href="https://opinionlabz.com/">
              opinionlabz.com
            </a>
          </p>
        </body>
      </html>,
    );
    expect(subject).toBe("Asunto");
    expect(html).toMatch(/^<!DOCTYPE html PUBLIC "-\/\/W3C\/\/DTD XHTML 1\.0 Transitional\/\/EN"/);
    expect(text).toBe(
      [
        "Confirmá tu email",
        "",
        // A section's heading is set apart by one more line.
        "",
        "Qué hacer ahora",
        "",
        "Tocá Confirmar https://opinionlabz.com/avisos/confirmar?t=a&b=c.",
        "",
        // The site's name in the foot is its address already.
        "opinionlabz.com",
      ].join("\n"),
    );
  });

  it("keeps the lines of text kept as written", async () => {
    const { text } = await renderMail("Asunto", <pre>{"Línea uno\n\nLínea  tres"}</pre>);
    expect(text).toBe("Línea uno\n\nLínea  tres");
  });

  it("escapes every text and attribute: nothing given becomes markup", async () => {
    const hostile = `"><script>alert(1)</script> & 'x'`;
    const { text, html } = await renderMail(
      hostile,
      <p>
        {hostile}
        <a href={`https://example.com/" onmouseover="alert(1)`}>{`<b>${hostile}</b>`}</a>
      </p>,
    );
    expect(text).toContain(hostile);
    expect(text).toContain("<b>");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<b>");
    expect(html).not.toMatch(/" onmouseover=/);
    expect(html).toContain("&quot; onmouseover=&quot;alert(1)");
    expect(html).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#x27;x&#x27;");
  });
});

describe("mergedMail", () => {
  const letter = (link: string) =>
    renderMail(
      "Aviso",
      <p>
        Hola. <a href={link}>Borrá tu dirección</a>
      </p>,
    );

  it("gives each copy its own link, exactly as rendering it whole would", async () => {
    const copyFor = await mergedMail(letter);
    const link = "https://opinionlabz.com/avisos/baja?t=uno_-9";
    expect(await copyFor(link)).toEqual(await letter(link));
    const [first, second] = [await copyFor("https://a.example/?t=1"), await copyFor("https://a.example/?t=2")];
    expect(first.html).not.toContain("t=2");
    expect(second.text).toBe("Hola. Borrá tu dirección https://a.example/?t=2");
    // A replacement pattern in a link is the link's own characters.
    expect((await copyFor("https://a.example/$1/$`")).html).toContain('href="https://a.example/$1/$`"');
  });

  it("renders whole a link holding what HTML escapes", async () => {
    const copyFor = await mergedMail(letter);
    const link = 'https://a.example/?t=1&b="x"';
    expect(await copyFor(link)).toEqual(await letter(link));
    expect((await copyFor(link)).html).toContain('href="https://a.example/?t=1&amp;b=&quot;x&quot;"');
  });

  it("refuses a template that names its link other than once in each part", async () => {
    const twice = (link: string) =>
      renderMail(
        "Aviso",
        <p>
          <a href={link}>uno</a> <a href={link}>dos</a>
        </p>,
      );
    await expect(mergedMail(twice)).rejects.toThrow("once in each part");
    // Written out as its own words: once in the plain text, twice in the HTML.
    const asWords = (link: string) => renderMail("Aviso", <a href={link}>{link}</a>);
    await expect(mergedMail(asWords)).rejects.toThrow("once in each part");
    // Kept out of the plain text: in the HTML only.
    const htmlOnly = (link: string) =>
      renderMail(
        "Aviso",
        <p>
          Hola.{" "}
          <a href={link} data-skip-in-text="true">
            Borrá tu dirección
          </a>
        </p>,
      );
    await expect(mergedMail(htmlOnly)).rejects.toThrow("once in each part");
    await expect(mergedMail(() => renderMail("Aviso", <p>sin enlace</p>))).rejects.toThrow("once in each part");
  });
});
