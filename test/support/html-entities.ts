/** The five characters React escapes in text and attributes, and the no-break space the copy writes. */
const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
  "&nbsp;": "\u00a0",
};

/** Markup's entities read back in one pass (so "&amp;lt;" stays "&lt;"), for tests that read served HTML as text. */
export function decodeEntities(markup: string): string {
  return markup.replace(/&(?:amp|lt|gt|quot|#x27|nbsp);/g, (entity) => ENTITIES[entity]!);
}
