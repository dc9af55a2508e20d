/**
 * What the edge reads off a request line before anything else sees it (docs/operations.md,
 * "Hostile requests"): a Host that is a plain host[:port], a target that is a path no longer than
 * any URL of this site, written in its one spelling. Pure functions; the edge answers.
 */

/**
 * The longest request target served. The site's longest real URL is a search: `q` is read up
 * to 100 characters (at most 900 bytes percent-encoded) plus `page` and whatever tracking keys
 * a shared link collects. Anything longer is not a page of this site; refusing it before
 * routing bounds the work and the log line of every request.
 */
const MAX_TARGET_BYTES = 4096;

/** A DNS name or an IPv4 or bracketed IPv6 address, with an optional port: what browsers send. */
const PLAIN_HOST = /^(?:[a-z0-9_.-]{1,253}|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/** Percent-encoded unreserved characters (RFC 3986, 2.3): the same path as the character itself. */
const ENCODED_UNRESERVED = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[de]|5f|7e)/gi;

/** Hashed asset names are case-sensitive; every other path of the site is lower case. */
const CASE_SENSITIVE_PREFIX = "/build/";

/**
 * The search text, and a mail link's token (whoever holds it can confirm or delete that
 * address), in any spelling the app would read as `q` or `t` (URLSearchParams decodes names).
 */
const PRIVATE_PARAMETERS = new Set(["q", "t"]);

/** What the edge does with a request line. */
export type TargetVerdict =
  | { kind: "pass"; path: string }
  /** The path spelled another way than its one spelling: a 301 there. */
  | { kind: "moved"; location: string }
  /** A path no route can match: handed on escaped, so the catch-all route answers it with the 404 page. */
  | { kind: "unroutable"; target: string }
  | { kind: "refused"; status: 400 | 414; reason: "host" | "target" | "target-length" | "data-request" };

function isPlainHost(host: string): boolean {
  return PLAIN_HOST.test(host) && URL.canParse(`http://${host}/`);
}

/**
 * The one spelling of a path: unreserved characters unescaped, letters in lower case outside
 * /build/, no repeated or trailing slash. Remix matches routes without regard to case or a
 * trailing slash, so each variant would otherwise be a page of its own to render and store
 * (docs/decisions/025-one-stored-entry-per-page.md).
 */
function canonicalPath(path: string): string {
  const unescaped = path.replace(ENCODED_UNRESERVED, (escape) => decodeURIComponent(escape));
  // Escapes keep their spelling: only the site's routes are stored, and their paths are ASCII.
  const folded = unescaped.startsWith(CASE_SENSITIVE_PREFIX)
    ? unescaped
    : unescaped.replace(/%[0-9a-f]{2}|[A-Z]+/gi, (part) => (part.startsWith("%") ? part : part.toLowerCase()));
  // Collapsing slashes also keeps a Location from ever reading as another host ("//x").
  return folded.replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1");
}

/**
 * Whether the router can match the path at all: it decodes the path first (invalid UTF-8 made
 * Express answer 400 with a stack trace in the log) and its patterns stop at line terminators
 * (`/sorteos%0ax` reached the error screen instead of the catch-all route).
 */
function routable(path: string): boolean {
  try {
    return !/[\n\r\u2028\u2029]/.test(decodeURIComponent(path));
  } catch {
    return false;
  }
}

/**
 * Remix v1's data requests (`?_data=`): single fetch has replaced them, and Remix answers one
 * with an error and a stack trace in the log. No page of this site has the parameter.
 */
function isDataRequest(query: string): boolean {
  return query !== "" && new URLSearchParams(query).has("_data");
}

/** The verdict on a request's Host header and target. */
export function inspectTarget(host: string | undefined, target: string): TargetVerdict {
  if (host !== undefined && !isPlainHost(host)) return { kind: "refused", status: 400, reason: "host" };
  // A raw backslash is no browser's (they send it as "/"); left in, a 301 to one spelling would
  // read as another host ("/\\evil.example/x").
  if (!target.startsWith("/") || target.includes("\\")) return { kind: "refused", status: 400, reason: "target" };
  if (Buffer.byteLength(target) > MAX_TARGET_BYTES) return { kind: "refused", status: 414, reason: "target-length" };
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const rest = target.slice(path.length);
  if (isDataRequest(rest.slice(1))) return { kind: "refused", status: 400, reason: "data-request" };
  const canonical = canonicalPath(path);
  if (canonical !== path) return { kind: "moved", location: canonical + rest };
  // With its percent signs escaped the path reads as typed, which no route or file has.
  if (!routable(path)) return { kind: "unroutable", target: path.replaceAll("%", "%25") + rest };
  return { kind: "pass", path };
}

/** A URL as the logs may show it: the search text and a mail link's token replaced. */
export function withoutPrivateValues(url: string): string {
  const queryAt = url.indexOf("?");
  if (queryAt === -1) return url;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  for (const name of new Set(params.keys())) {
    if (PRIVATE_PARAMETERS.has(name)) params.set(name, "REDACTED");
  }
  const query = params.toString();
  return url.slice(0, queryAt) + (query ? `?${query}` : "");
}
