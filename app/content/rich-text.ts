/**
 * Copy with links and filled-in values, kept as data so one sentence can feed a page, the
 * FAQ's structured data and a test alike.
 */

/** A link inside a sentence: a path on the site (`/contacto`, `/sorteos#…`) or a `mailto:`. */
interface LinkPart {
  text: string;
  href: string;
}

/**
 * A value the page fills in from its loader: the organizer and the support address come from
 * configuration (and are marked when they are samples), the draw's date from the draw clock.
 */
export type ValueName = "organizerName" | "organizerTaxId" | "organizerAddress" | "contactEmail" | "nextDrawDay";

interface ValuePart {
  value: ValueName;
}

/** A sentence with links only: what the FAQ holds, since structured data must read it as text. */
export type LinkedText = readonly (string | LinkPart)[];

/** A sentence with links and filled-in values. */
export type RichText = readonly (string | LinkPart | ValuePart)[];

/** The words of a linked sentence, without its links: for structured data and plain-text uses. */
export function plainText(text: LinkedText): string {
  return text.map((part) => (typeof part === "string" ? part : part.text)).join("");
}

/** A block of a long page: a paragraph, a list of items, or a notice set apart. */
export type DocumentBlock = { paragraph: RichText } | { list: RichText[] } | { notice: RichText };

export interface DocumentSection {
  /** The section's anchor, so it can be linked to (`/privacidad#derechos`). */
  id: string;
  title: string;
  blocks: DocumentBlock[];
}

/** A page of rules or policy: a title, a lead paragraph and numbered sections. */
export interface LegalDocument {
  title: string;
  lead: RichText;
  sections: DocumentSection[];
}
