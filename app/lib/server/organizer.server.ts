import type { z } from "zod";
import { parseEmailAddress } from "./email-address.server";
import { refuse, variable } from "./env-values.server";

/**
 * The organizer's details and the support address, as the rules, the privacy policy and the
 * contact page show them: each the operator's value once checked, or a sample the pages mark
 * "Datos de ejemplo" until then (docs/operations.md, "Configuration").
 */

/** A value the pages show, and whether it is the built-in sample the pages must mark as such. */
export interface ShownSetting {
  value: string;
  sample: boolean;
}

/** Who runs the draw, as the rules and the privacy policy name them. */
export interface Organizer {
  name: ShownSetting;
  /** The CUIT, written XX-XXXXXXXX-X. */
  taxId: ShownSetting;
  address: ShownSetting;
}

/**
 * Values the site shows until the operator sets their own. Each is marked "Datos de
 * ejemplo" on the page, and production start-up names the unset variables.
 */
const SAMPLE_VALUES = {
  ORGANIZER_NAME: "Opinion Labz S.A.S.",
  ORGANIZER_TAX_ID: "30-00000000-7",
  ORGANIZER_ADDRESS: "Calle de Ejemplo 123, Ciudad Autónoma de Buenos Aires, Argentina",
  CONTACT_EMAIL: "soporte@opinionlabz.example",
} as const;

type ShownVariable = keyof typeof SAMPLE_VALUES;

/** Longer than any real name or address, short enough to lay out on a phone. */
const MAX_TEXT_LENGTH = 200;

/** A text the pages show: the sample while unset; a set value is checked by `check`, which may rewrite it. */
function shownText(name: ShownVariable, check: (value: string, context: z.RefinementCtx) => string = (value) => value) {
  return variable.transform((raw, context): ShownSetting => {
    if (!raw) return { value: SAMPLE_VALUES[name], sample: true };
    if (raw.length > MAX_TEXT_LENGTH)
      return refuse(context, `tiene que tener como mucho ${MAX_TEXT_LENGTH} caracteres, y tiene ${raw.length}`);
    if (/[\p{Cc}\p{Cf}]/u.test(raw)) return refuse(context, "no puede tener caracteres de control");
    return { value: check(raw, context), sample: false };
  });
}

/** AFIP's prefixes: 20, 23, 24, 25, 26 and 27 for people, 30, 33 and 34 for companies. */
const CUIT_PREFIXES = new Set(["20", "23", "24", "25", "26", "27", "30", "33", "34"]);
const CUIT_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** The check digit of a CUIT's first ten digits (modulo 11), or null where none exists. */
function cuitCheckDigit(firstTen: string): number | null {
  const sum = CUIT_WEIGHTS.reduce((total, weight, index) => total + weight * Number(firstTen[index]), 0);
  const digit = 11 - (sum % 11);
  if (digit === 11) return 0;
  // AFIP never issues a CUIT whose check digit would be 10: it changes the prefix instead.
  return digit === 10 ? null : digit;
}

/** A CUIT: its shape, an AFIP prefix and its check digit; written XX-XXXXXXXX-X. */
function cuit(value: string, context: z.RefinementCtx): string {
  const match = /^(\d{2})-?(\d{8})-?(\d)$/.exec(value);
  if (!match) return refuse(context, `tiene que ser un CUIT escrito XX-XXXXXXXX-X o como 11 dígitos, y es "${value}"`);
  const [, prefix, body, check] = match as unknown as [string, string, string, string];
  if (!CUIT_PREFIXES.has(prefix))
    return refuse(context, `tiene que empezar con 20, 23, 24, 25, 26, 27, 30, 33 o 34, y empieza con "${prefix}"`);
  if (cuitCheckDigit(prefix + body) !== Number(check))
    return refuse(context, `tiene mal el dígito verificador: "${value}" no es un CUIT válido`);
  return `${prefix}-${body}-${check}`;
}

/** The support address, as mail is sent to it (the one address parser). */
function contactAddress(value: string, context: z.RefinementCtx): string {
  return (
    parseEmailAddress(value) ??
    refuse(context, `tiene que ser una dirección de email como soporte@example.com, y es "${value}"`)
  );
}

/** The schema's entries for the shown variables. */
export const organizerName = shownText("ORGANIZER_NAME");
export const organizerTaxId = shownText("ORGANIZER_TAX_ID", cuit);
export const organizerAddress = shownText("ORGANIZER_ADDRESS");
export const contactEmail = shownText("CONTACT_EMAIL", contactAddress);

/** The variables still showing their sample value, in the order the README lists them. */
export function unsetShownVariables({
  organizer,
  contactEmail: contact,
}: {
  organizer: Organizer;
  contactEmail: ShownSetting;
}): ShownVariable[] {
  const settings: [ShownVariable, ShownSetting][] = [
    ["ORGANIZER_NAME", organizer.name],
    ["ORGANIZER_TAX_ID", organizer.taxId],
    ["ORGANIZER_ADDRESS", organizer.address],
    ["CONTACT_EMAIL", contact],
  ];
  return settings.filter(([, setting]) => setting.sample).map(([name]) => name);
}
