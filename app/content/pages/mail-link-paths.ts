/** The page a mail's confirm link opens; its button confirms (a POST: mail scanners open links). */
export const CONFIRM_PATH = "/avisos/confirmar";
/** The one-click unsubscribe target (RFC 8058) and the page whose button deletes the address. */
export const LEAVE_PATH = "/avisos/baja";
/** The query parameter both links carry the address's token in, and the field their pages post it in. */
export const TOKEN_PARAMETER = "t";
