import { existsSync, readdirSync } from "node:fs";
import type { ServerResponse } from "node:http";
import path from "node:path";
import { IMAGES_IN_MAILS } from "~/content/mail-images";
import type { EdgeHandler } from "./edge-request";

/** express.static's signature, as remix-serve calls it for /build and public/. */
export type ServeStatic = (
  root: string,
  options: { setHeaders?: (res: ServerResponse, file: string) => void; [option: string]: unknown },
) => EdgeHandler;

/**
 * Static files are no documents, but a browser must not sniff them into one nor embed them
 * elsewhere; except the images mails show, which the reader's mail client loads from its own
 * origin (docs/decisions/075-mail-images-cross-origin.md).
 */
function staticFileHeaders(root: string): (res: ServerResponse, file: string) => void {
  const forMails = new Set(IMAGES_IN_MAILS.map((image) => path.join(path.resolve(root), image)));
  return (res, file) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cross-Origin-Resource-Policy", forMails.has(path.resolve(file)) ? "cross-origin" : "same-origin");
  };
}

/**
 * express.static for `root`, with the headers above, looked up on disk only for paths under a
 * name the directory held at start-up. express.static looks every request up, a stat in libuv's
 * thread pool, before Remix sees it: `/`, `/sorteos` and `/healthz` too, queued behind whatever
 * the pool is compressing (docs/decisions/039-answers-sent-whole-a-length-on-short-answers-one.md).
 * The names are read once, after the build wrote them; a file added to public/ while the server
 * runs is served after a restart.
 */
export function staticFiles(serveStatic: ServeStatic, root: string, options: Record<string, unknown>): EdgeHandler {
  const serve = serveStatic(root, { ...options, setHeaders: staticFileHeaders(root) });
  const topLevel = new Set(existsSync(root) ? readdirSync(root) : []);
  return (req, res, next) => {
    const [, first = ""] = req.path.split("/", 2);
    let name: string;
    try {
      name = decodeURIComponent(first);
    } catch {
      // Undecodable: express.static answers it as it always has.
      return serve(req, res, next);
    }
    return topLevel.has(name) ? serve(req, res, next) : next();
  };
}
