import { COUNTRY_NAMES } from "~/content/countries";
import { normalizeSearchText } from "./search-text";

/** Each canonical name by every spelling of it, folded as searches fold text ("mexico", "méjico"). */
const CANONICAL = new Map(
  COUNTRY_NAMES.flatMap(({ name, also = [] }) =>
    [name, ...also].map((spelling) => [normalizeSearchText(spelling), name] as const),
  ),
);

/** Words Spanish writes in lower case inside a country's name ("Trinidad y Tobago"). */
const LOWER_CASE_WORDS = new Set(["de", "del", "la", "las", "los", "y", "e"]);

/**
 * A country as the site shows it (docs/product.md, "Countries"): its canonical Spanish name
 * when it is one the site knows in any case and accents ("argentina", "PERU" → "Argentina",
 * "Perú"); else as written, its words capitalized when it is only words typed in one case.
 */
export function countryName(written: string): string {
  const trimmed = written.trim();
  const known = CANONICAL.get(normalizeSearchText(trimmed));
  if (known) return known;
  const oneCase = trimmed === trimmed.toLocaleLowerCase("es") || trimmed === trimmed.toLocaleUpperCase("es");
  // Only words are recased: anything else a cell holds is shown exactly as written.
  if (!oneCase || !/^[\p{L}\s.'-]+$/u.test(trimmed)) return trimmed;
  return trimmed
    .toLocaleLowerCase("es")
    .split(/(\s+)/)
    .map((word, index) =>
      index > 0 && LOWER_CASE_WORDS.has(word) ? word : word.charAt(0).toLocaleUpperCase("es") + word.slice(1),
    )
    .join("");
}
