/**
 * negotiator 0.6.4, as app/lib/http/content-encoding.server.ts uses it. DefinitelyTyped's
 * declaration leaves out `encoding`'s second argument, the server's own order for ties, which
 * negotiator takes since 0.6.4; compression (remix-serve's) passes it the same way.
 */
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | undefined> });
    /** The best of the available encodings the request accepts; equal qualities in `preferred`'s order. */
    encoding(available: readonly string[], preferred: readonly string[]): string | undefined;
  }
}
