import { createCookie, data, redirect } from "@remix-run/node";
import { env } from "~/lib/server/env.server";
import { TOKEN_PARAMETER } from "./fields";
import { formFields, UNREADABLE_SUBMISSION } from "./submission-guard.server";

/** Longer than any token we make (32 characters); a longer one is no link of ours and is not carried. */
const MAX_CARRIED_TOKEN = 256;
/** Long enough to read the page and press its button; the page itself then holds the token in its form. */
const CARRIED_FOR_SECONDS = 60 * 60;

/**
 * The cookie that carries a mail link's token from the address the mail gave to the page's own
 * address (docs/decisions/072-mail-link-tokens-out-of-the-address-bar.md): only to the mail
 * links' pages, never to a script, and only over HTTPS where the site is served so.
 */
const carriedToken = (pathname: string) =>
  createCookie(`aviso-${pathname.split("/").pop()}`, {
    path: "/avisos",
    httpOnly: true,
    sameSite: "lax",
    secure: env.siteUrl.startsWith("https:"),
    maxAge: CARRIED_FOR_SECONDS,
  });

/**
 * A mail link's page data, for this visitor only (its route is kept as "personal"). The link
 * the mail gave (`pathname?t=…`) is answered with a redirect to `pathname` that leaves the token
 * in a cookie, so the address bar, the history and a shared screenshot never show it, and the
 * page at that address can be listed by search engines: it shows nothing to anyone without it.
 */
export async function mailLinkPageData(request: Request, pathname: string): Promise<{ token: string | null }> {
  const fromLink = new URL(request.url).searchParams.get(TOKEN_PARAMETER);
  const cookie = carriedToken(pathname);
  // After a POST to the link itself (a one-click unsubscribe), Remix renders the answer with
  // the POST's headers: a request that carried a body is answered in place, not redirected.
  const arrival = !request.headers.has("content-length") && !request.headers.has("transfer-encoding");
  if (fromLink !== null && arrival) {
    const headers = new Headers({ "Cache-Control": "no-store" });
    if (fromLink.length <= MAX_CARRIED_TOKEN) headers.set("Set-Cookie", await cookie.serialize(fromLink));
    throw redirect(pathname, { status: 303, headers });
  }
  const token: unknown = await cookie.parse(request.headers.get("Cookie"));
  return { token: typeof token === "string" ? token : null };
}

/**
 * What a mail link's POST sends, or null when its body cannot be read. The page's own form
 * sends the token as a field; a mail client's one-click unsubscribe (RFC 8058, either form
 * encoding) and a POST with no body at all send it in the address, as the mail gave it.
 */
export async function mailLinkPost(request: Request): Promise<{ token: string; fields: FormData } | null> {
  const fields = request.headers.get("content-type") ? await formFields(request) : new FormData();
  if (!fields) return null;
  const posted = fields.get(TOKEN_PARAMETER);
  const token = typeof posted === "string" ? posted : new URL(request.url).searchParams.get(TOKEN_PARAMETER);
  return { token: token ?? "", fields };
}

/** The answer to a mail link's POST whose body cannot be read: the page keeps its button. */
export function unreadableMailLinkPost() {
  return data({ message: UNREADABLE_SUBMISSION.answer.message }, { status: UNREADABLE_SUBMISSION.status });
}
