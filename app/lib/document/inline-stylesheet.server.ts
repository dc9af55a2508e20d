import { readFileSync } from "node:fs";
import stylesheetHref from "~/tailwind.css";

/**
 * The built stylesheet, read once when the server starts: every document carries the same
 * bytes, so a stored page's hash stays valid and nothing is read per request.
 * The server bundle lives in build/, the assets in public/build/.
 */
export const STYLESHEET_TEXT = readFileSync(new URL(`../public${stylesheetHref}`, import.meta.url), "utf8");
