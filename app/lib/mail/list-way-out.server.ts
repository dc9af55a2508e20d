import { LEAVE_PATH, TOKEN_PARAMETER } from "~/content/pages/mail-link-paths";

/**
 * The way out every mail to the list carries (docs/product.md, "Encuesta"): RFC 8058 one-click in
 * its headers, and the delete link in its foot, both the address's own token on /avisos/baja.
 */
export function listWayOut(siteUrl: string, token: string): { leave: string; headers: Record<string, string> } {
  const leave = new URL(`${LEAVE_PATH}?${new URLSearchParams({ [TOKEN_PARAMETER]: token })}`, siteUrl).href;
  return {
    leave,
    headers: { "List-Unsubscribe": `<${leave}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
