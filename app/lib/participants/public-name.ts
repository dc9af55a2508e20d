import type { ParticipantNames } from "~/lib/server/parse-env.server";

/**
 * How a participant's name is published: the first word in full plus at most one initial,
 * the last surname's, never a later word in full (docs/product.md, "Participant names"). The sheet holds what
 * people typed when they answered a survey, and most type their full name.
 */

/** What a row shows when its name has no letters at all (a number, an emoji). */
const NAMELESS = "Sin nombre";

/** Words that join a surname ("de la Fuente", "Del Valle"): never the initial shown. */
const PARTICLES = new Set([
  "de",
  "del",
  "la",
  "las",
  "los",
  "y",
  "e",
  "da",
  "das",
  "do",
  "dos",
  "di",
  "du",
  "van",
  "von",
  "der",
  "den",
  "le",
]);

/** What may follow a comma without being a given name: "Juan Pablo D., hijo". */
const SUFFIXES = new Set(["hijo", "h", "jr", "junior", "sr", "senior", "ii", "iii"]);

/** A word: letters and their marks, joined inside by hyphens or apostrophes ("Jean-Pierre", "O'Brien"). */
const WORD = /[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*/gu;
/** "JuanPérez" is two words: a capital after a lower-case letter starts the second. */
const CAMEL_CASE_BOUNDARY = /(?<=\p{Ll})(?=\p{Lu})/u;
/** A word's first letter, with any combining accent it carries. */
const FIRST_LETTER = /^\p{L}\p{M}*/u;

/** The words of a name; digits, dots, "@" and other punctuation separate words and are dropped. */
function wordsOf(text: string): string[] {
  return (text.normalize("NFC").match(WORD) ?? []).flatMap((word) => word.split(CAMEL_CASE_BOUNDARY));
}

const fold = (word: string) => word.toLocaleLowerCase("es");

/** A one-letter first word is itself an initial: it keeps its point ("J. Pérez" → "J. P."). */
function firstWordShown(word: string): string {
  return [...word].length === 1 ? `${word.toLocaleUpperCase("es")}.` : word;
}

/** A capital letter on its own is an initial someone typed ("Felipe Y."), never the particle "y". */
const isInitial = (word: string) => [...word].length === 1 && word !== fold(word);

/** A word that can give the initial: not a particle, not a suffix. */
const isSurname = (word: string) => isInitial(word) || (!PARTICLES.has(fold(word)) && !SUFFIXES.has(fold(word)));

/**
 * The name as the site publishes it: the first given name in full and the initial of the
 * last surname. "Apellido, Nombre" is read surname first, unless what follows the comma is
 * only a suffix such as "hijo". An email address typed as a name loses its domain.
 */
function maskedName(name: string): string {
  const written = name.replace(/@[^]*$/, "");
  const comma = written.indexOf(",");
  const beforeComma = wordsOf(comma < 0 ? written : written.slice(0, comma));
  const afterComma = comma < 0 ? [] : wordsOf(written.slice(comma + 1));
  const surnameFirst = afterComma.some((word) => !SUFFIXES.has(fold(word)));
  const given = surnameFirst ? afterComma : beforeComma;
  const surnames = surnameFirst ? beforeComma : beforeComma.slice(1);
  const first = given[0];
  if (first === undefined) return NAMELESS;
  const initial = surnames.filter(isSurname).at(-1)?.match(FIRST_LETTER)?.[0];
  return initial ? `${firstWordShown(first)} ${initial.toLocaleUpperCase("es")}.` : firstWordShown(first);
}

/** The name a participant is shown and searched by under the configured rule. */
export function shownName(name: string, names: ParticipantNames): string {
  return names === "full" ? name : maskedName(name);
}
