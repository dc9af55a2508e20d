/** The page a mail's confirm link opens; its button confirms (a POST: mail scanners open links). */
export const CONFIRM_PATH = "/avisos/confirmar";
/** The one-click unsubscribe target (RFC 8058) and the page whose button deletes the address. */
export const LEAVE_PATH = "/avisos/baja";
