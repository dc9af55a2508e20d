import { z } from "zod";
import { DEFAULT_TRUSTED_PROXIES, unreadableProxyEntry } from "~/lib/network/trusted-proxies";
import { parseEmailAddress } from "./email-address.server";

/**
 * The kinds of value the environment schema is made of (docs/decisions/042-environment-schema.md):
 * each refusal is the words an operator reads after the variable's name.
 */

/** A variable as the process has it: blank is the same as unset, and the rest is trimmed. */
export const variable = z
  .string()
  .optional()
  .transform((raw) => raw?.trim() || undefined);

/** Refuses the value with `problem`. */
export function refuse(context: z.RefinementCtx, problem: string): typeof z.NEVER {
  context.addIssue({ code: "custom", message: problem });
  return z.NEVER;
}

/** A whole number from `min` to `max`; unset, `fallback`. */
export function wholeNumber(fallback: number, { min, max }: { min: number; max: number }) {
  const outOfRange = {
    error: (issue: { input?: unknown }) => `tiene que estar entre ${min} y ${max}, y es ${String(issue.input)}`,
  };
  return variable
    .pipe(z.string().default(String(fallback)))
    .pipe(
      z.string().regex(/^\d+$/, { error: (issue) => `tiene que ser un número entero, y es "${String(issue.input)}"` }),
    )
    .transform(Number)
    .pipe(z.number().min(min, outOfRange).max(max, outOfRange));
}

/** A value that must match `pattern`, refused in words that never echo it (a URL may hold a password). */
export function matching(pattern: RegExp, problem: string) {
  return variable.pipe(z.string().regex(pattern, problem).optional());
}

/** Comma-separated entries, each trimmed. */
function listOf(raw: string): string[] {
  return raw.split(",").map((entry) => entry.trim());
}

/** A published sheet's URL, or a file's path the configuration resolves from where the server started. */
export const sheetLocation = variable.transform((raw, context) => {
  if (!raw || !/^https?:\/\//i.test(raw)) return raw === undefined ? undefined : { kind: "path" as const, path: raw };
  return URL.canParse(raw)
    ? { kind: "url" as const, url: new URL(raw).href }
    : refuse(context, "no es una URL http(s) válida");
});

/**
 * The public origin. Never derived from a request: a stored page would otherwise carry
 * whatever Host a visitor sent (docs/decisions/013-public-origin-site-url-never-the-requests-host.md). Unset: localhost on PORT.
 */
export const siteUrl = variable.transform((raw, context) => {
  if (!raw) return undefined;
  if (!URL.canParse(raw))
    return refuse(context, `tiene que ser un origen http(s) como https://example.com, y es "${raw}"`);
  const url = new URL(raw);
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return refuse(context, `tiene que empezar con http:// o https://, y es "${raw}"`);
  if (url.username || url.password || url.pathname !== "/" || url.search || url.hash)
    return refuse(
      context,
      `tiene que ser solo un origen (sin ruta, consulta, fragmento ni credenciales), y es "${raw}"`,
    );
  return url.origin;
});

export const participantNames = variable
  .transform((raw) => raw?.toLowerCase() ?? "initial")
  .pipe(
    z.enum(["initial", "full"], {
      error: (issue) => `tiene que ser "initial" o "full", y es "${String(issue.input)}"`,
    }),
  );

/** `someone@example.com` or `Name <someone@example.com>`: the address, or the one in brackets. */
const NAMED_ADDRESS = /^[^<>"\\]*<([^<>]+)>$/;

export const mailFrom = variable.refine((from) => !from || parseEmailAddress(from.match(NAMED_ADDRESS)?.[1] ?? from), {
  error: (issue) => `tiene que ser una dirección o "Nombre <dirección>", y es "${String(issue.input)}"`,
});

/** Comma-separated http(s) origins; unset, drand's own relays. */
export const drandRelays = variable.transform((raw, context) => {
  if (!raw) return null;
  const relays = listOf(raw).map((relay) => relay.replace(/\/+$/, ""));
  const bad = relays.find((relay) => !URL.canParse(relay) || !/^https?:$/.test(new URL(relay).protocol));
  return bad === undefined
    ? relays
    : refuse(context, `tiene que ser URLs http(s) separadas por comas, y una es "${bad}"`);
});

/** Comma-separated http(s) URLs of RFC 3161 time-stamp authorities; unset, the well-known public ones. */
export const timestampAuthorities = variable.transform((raw, context) => {
  if (!raw) return null;
  const authorities = listOf(raw);
  const bad = authorities.find((url) => !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol));
  if (bad !== undefined) return refuse(context, `tiene que ser URLs http(s) separadas por comas, y una es "${bad}"`);
  // A draw happens only with two independent seals of its list (docs/draw.md, "The order, proven").
  return new Set(authorities).size >= 2
    ? authorities
    : refuse(
        context,
        "tiene que nombrar al menos dos autoridades, independientes entre sí: un sorteo necesita los dos sellos",
      );
});

/** The organizer's format of ids, as the draw's rule takes it: docs/draw.md, "Canonical list". */
const DEFAULT_ID_PATTERN = "^OL-[1-9][0-9]*$";

/**
 * ID_PATTERN: a regular expression over the canonical id (upper case, ASCII), anchored at both
 * ends so it speaks of the whole id, at most 200 characters (the same test as the draw's
 * `idPatternOf`, which a published record's format passes too).
 */
export const idPattern = variable.transform((raw, context) => {
  const source = raw ?? DEFAULT_ID_PATTERN;
  let compiles = true;
  try {
    new RegExp(source);
  } catch {
    compiles = false;
  }
  if (source.length <= 200 && source.startsWith("^") && source.endsWith("$") && compiles) return source;
  return refuse(
    context,
    `tiene que ser una expresión regular sobre el ID canónico, anclada (^…$), de hasta 200 caracteres, como ${DEFAULT_ID_PATTERN}; y es "${source}"`,
  );
});

/** The proxies whose X-Forwarded-For is believed, as the edge reads them; "none"; unset, loopback and the private ranges. */
export const trustProxy = variable.transform((raw, context) => {
  if (raw === undefined) return [...DEFAULT_TRUSTED_PROXIES];
  if (raw === "none") return [];
  const entries = listOf(raw);
  const bad = unreadableProxyEntry(entries);
  return bad === null
    ? entries
    : refuse(context, `tiene que ser direcciones IP o CIDR separadas por comas, o "none"; y una es "${bad}"`);
});

/** A secret for the forms' start stamps: long enough that no one guesses it. */
export const formSecret = variable.refine((raw) => raw === undefined || raw.length >= 32, {
  error: "tiene que tener al menos 32 caracteres (por ejemplo: openssl rand -base64 32)",
});

/** An https link visitors follow to the open survey: a mistyped one would send every visitor nowhere. */
export const surveyUrl = variable.refine((raw) => !raw || (URL.canParse(raw) && new URL(raw).protocol === "https:"), {
  error: (issue) => `tiene que ser un link https:// a la encuesta abierta, y es "${String(issue.input)}"`,
});
