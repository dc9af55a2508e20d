import type { ReactElement } from "react";

/** A mail's words in both parts, ready for the outbox. */
export interface RenderedMail {
  subject: string;
  /** The HTML part. */
  html: string;
  /** The plain-text part: the same words, links written out in full. */
  text: string;
}

/**
 * How the HTML becomes the plain-text part: headings keep their case, and text kept as written
 * (a visitor's message) keeps its lines. Images and the preheader are left out; a link is its
 * words followed by its address (react-email's defaults), except the site's name in the foot,
 * which is its address already.
 */
const TEXT_OPTIONS = {
  selectors: [
    { selector: "h1", options: { uppercase: false } },
    { selector: "h2", options: { uppercase: false } },
    { selector: "a.mail-site", format: "anchor", options: { ignoreHref: true } },
  ],
};

/**
 * The one renderer of every mail (docs/decisions/069-mails-built-with-react-email.md): React
 * renders the template through react-email, so every text and attribute is escaped by
 * construction (a name, a message or a link cannot become markup), and the plain-text part is
 * written from that same HTML, so the two parts never say different things.
 */
export async function renderMail(subject: string, template: ReactElement): Promise<RenderedMail> {
  // Imported with the first mail, not with the server: its HTML and text parsers are about 30 ms
  // of CPU that a start without mail never spends (docs/decisions/073-the-server-start-carries-its-es-modules.md).
  const { render, toPlainText } = await import("@react-email/render");
  const html = await render(template);
  return { subject, html, text: toPlainText(html, TEXT_OPTIONS) };
}

/** Where a merged mail's own link goes until each copy gets it: a host that never resolves (RFC 6761). */
const STAND_IN_LINK = "https://mail-merge.invalid/link";
/** What React escapes in an attribute: a link holding none of these reads the same in the HTML. */
const ESCAPED_IN_HTML = /[&<>"']/;

/**
 * One mail for many recipients whose copies differ in one link only (a survey notice's way out):
 * rendered once with a stand-in link, then each copy gets its own, the way mailing software
 * merges a list. Rendering the whole template for each of 50,000 addresses costs about 2 ms
 * apiece, inside the transaction that claims them (docs/decisions/069-mails-built-with-react-email.md).
 * The escaping guarantee holds: a link with anything React would escape is rendered whole, and
 * the stand-in must appear exactly once in each part, or the template is refused.
 */
export async function mergedMail(
  render: (link: string) => Promise<RenderedMail>,
): Promise<(link: string) => Promise<RenderedMail>> {
  const template = await render(STAND_IN_LINK);
  const [html, text] = [template.html.split(STAND_IN_LINK), template.text.split(STAND_IN_LINK)];
  if (html.length !== 2 || text.length !== 2) {
    throw new Error("A merged mail names its own link once in each part");
  }
  return async (link) =>
    ESCAPED_IN_HTML.test(link)
      ? render(link)
      : { subject: template.subject, html: html.join(link), text: text.join(link) };
}
