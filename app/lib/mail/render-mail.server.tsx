import { renderToStaticMarkup } from "react-dom/server";

/** A part of a mail: a paragraph (with a link under it), or text kept as written. */
export type MailBlock = { paragraph: string; link?: string } | { preformatted: string; monospace?: boolean };

function MailDocument({ blocks }: { blocks: MailBlock[] }) {
  return (
    <html lang="es">
      <body style={{ fontFamily: "sans-serif", lineHeight: 1.5 }}>
        {blocks.map((block, index) =>
          "preformatted" in block ? (
            <pre key={index} style={{ whiteSpace: "pre-wrap", fontFamily: block.monospace ? "monospace" : "inherit" }}>
              {block.preformatted}
            </pre>
          ) : (
            <p key={index}>
              {block.paragraph}
              {block.link ? (
                <>
                  <br />
                  <a href={block.link}>{block.link}</a>
                </>
              ) : null}
            </p>
          ),
        )}
      </body>
    </html>
  );
}

/**
 * Both parts of a mail from one list of blocks. The HTML is rendered by React, so every text
 * and attribute is escaped by construction: a name, a message or a link cannot become markup
 * (docs/decisions/043-mail-rendering.md).
 */
export function renderMail(blocks: MailBlock[]): { text: string; html: string } {
  const text = blocks
    .map((block) =>
      "preformatted" in block ? block.preformatted : block.link ? `${block.paragraph}\n${block.link}` : block.paragraph,
    )
    .join("\n\n");
  return { text, html: `<!doctype html>${renderToStaticMarkup(<MailDocument blocks={blocks} />)}` };
}
