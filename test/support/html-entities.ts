/** The five characters React escapes in text and attributes (the site's markup has no other entity). */
const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
};

/** Markup's entities read back in one pass (so "&amp;lt;" stays "&lt;"), for tests that read served HTML as text. */
export function decodeEntities(markup: string): string {
  return markup.replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity]!);
}
