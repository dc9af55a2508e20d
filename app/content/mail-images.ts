/**
 * The images a mail loads from the site (app/lib/mail/templates/): the reader's mail client
 * fetches them from another origin, so the edge serves these, and only these, with
 * `Cross-Origin-Resource-Policy: cross-origin` (app/lib/edge/static-files.ts;
 * docs/decisions/075-mail-images-cross-origin.md).
 */
export const MAIL_LOGO_PATH = "/icon-192.png";

export const IMAGES_IN_MAILS: readonly string[] = [MAIL_LOGO_PATH];
