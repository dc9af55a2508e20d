/**
 * Loader data for a value that is usually ready at once (the sheet is cached) but may
 * take a while (a cold or slow sheet). If the promise settles within the current turn
 * the value is sent with the page, readable without JavaScript; otherwise the promise
 * itself is sent and Remix streams it in behind the page's skeleton.
 */
export async function streamUnlessReady<T>(promise: Promise<T>): Promise<{ value: T | Promise<T> }> {
  const pending = Symbol("pending");
  const first = await Promise.race([promise, new Promise<typeof pending>((resolve) => setImmediate(resolve, pending))]);
  return { value: first === pending ? promise : (first as T) };
}
