import { createCookie, data } from "@remix-run/node";
import { seeOtherResponse } from "~/lib/http/finish-response.server";
import { env } from "~/lib/server/env.server";
import { TOKEN_PARAMETER } from "~/content/pages/mail-link-paths";
import { formFields, UNREADABLE_SUBMISSION } from "./submission-guard.server";

/** Longer than any token we make (32 characters); a longer one is no link of ours and is not carried. */
const MAX_CARRIED_TOKEN = 256;
/** Long enough to read the page and press its button; the page itself then holds the token in its form. */
const CARRIED_FOR_SECONDS = 60 * 60;
/** Marks the second step of a link's arrival, where the cookie must have come back. */
const CHECK_PARAMETER = "c";
/**
 * Whether the loader is rendering the answer to a POST: Remix runs the loaders with a copy of
 * the POST's headers, and a POST declares its body (a browser's and a mail client's alike; a
 * fetch without a body sends `Content-Length: 0`). Such a request is never redirected: the
 * action's outcome would be lost. A GET that declares a body is answered in place too.
 */
const answersAPost = (request: Request) =>
  request.headers.has("content-length") || request.headers.has("transfer-encoding");

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
 * A mail link's page data, for this visitor only (its route is kept as "personal"). The link the
 * mail gave (`pathname?t=…`) is answered in two steps: a redirect that sets a cookie with the
 * token, to `pathname?t=…&c=1`; there, with the cookie back, a redirect to `pathname`, whose page
 * reads the token from the cookie. So the address bar, the history and a shared screenshot never
 * show it, and the page at that address, the same for anyone without the cookie, may be listed by
 * search engines. A browser or a CDN that does not return the cookie gets the page at the link's
 * own address instead, as before, kept out of search results by its `X-Robots-Tag`.
 */
export async function mailLinkPageData(request: Request, pathname: string): Promise<{ token: string | null }> {
  const url = new URL(request.url);
  const fromLink = url.searchParams.get(TOKEN_PARAMETER);
  const cookie = carriedToken(pathname);
  const parsed: unknown = await cookie.parse(request.headers.get("Cookie"));
  const carried = typeof parsed === "string" ? parsed : null;
  if (fromLink === null) return { token: carried };
  if (answersAPost(request) || fromLink.length > MAX_CARRIED_TOKEN) return { token: fromLink };
  if (!url.searchParams.has(CHECK_PARAMETER)) {
    const check = `${pathname}?${new URLSearchParams({ [TOKEN_PARAMETER]: fromLink, [CHECK_PARAMETER]: "1" })}`;
    throw seeOtherResponse(check, await cookie.serialize(fromLink));
  }
  if (carried === fromLink) throw seeOtherResponse(pathname);
  return { token: fromLink };
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

/** The answer to a mail link's button: the link is spent, and so is the cookie that carried it. */
export async function mailLinkAnswer<Answer>(pathname: string, answer: Answer, status = 200) {
  const spent = await carriedToken(pathname).serialize("", { maxAge: 0 });
  return data(answer, { status, headers: { "Set-Cookie": spent } });
}
