import type { ParticipantsView } from "~/lib/participants/view";
import { loaderFindingInit } from "./route-keeping.server";

/**
 * Loader data for a participants view that is usually ready at once (the sheet is cached)
 * but may take a while (a cold or slow sheet). If the promise settles within the current
 * turn the view is sent with the page, readable without JavaScript; otherwise the promise
 * itself is sent and Remix streams it in behind the page's skeleton. `init` is what the
 * loader answers with, so the page's `headers` know which of the two it was, and whether
 * the view shows the sheet's error (docs/decisions/045-route-keeping-declared-in-headers.md).
 */
export async function streamUnlessReady<T extends ParticipantsView>(
  promise: Promise<T>,
): Promise<{ value: T | Promise<T>; init: ResponseInit }> {
  const pending = Symbol("pending");
  const first = await Promise.race([promise, new Promise<typeof pending>((resolve) => setImmediate(resolve, pending))]);
  if (first === pending) return { value: promise, init: loaderFindingInit("pending") };
  return { value: first, init: loaderFindingInit(first.error === null ? null : "sheet-error") };
}
