/** The page a mail's confirm link opens; its button confirms (a POST: mail scanners open links). */
export const CONFIRM_PATH = "/avisos/confirmar";
/** The one-click unsubscribe target (RFC 8058) and the page whose button deletes the address. */
export const LEAVE_PATH = "/avisos/baja";
/** The page a winner's mail links to, whose button claims the prize (docs/draw.md, "The winner told"). */
export const CLAIM_PATH = "/avisos/premio";
/** The query parameter every mail link carries its token in, and the field its page posts it in. */
export const TOKEN_PARAMETER = "t";
