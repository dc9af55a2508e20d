import { createRequire } from "node:module";

type Decode = (stream: ReadableStream<Uint8Array>) => Promise<{ value: unknown; done: Promise<void> }>;

/**
 * Remix's single-fetch format is turbo-stream, a dependency of Remix rather than of the app
 * (docs/decisions/045-route-keeping-declared-in-headers.md): tests decode `.data` answers
 * with the very copy Remix's server runtime encodes them with, as the browser's copy would.
 */
const { decode } = createRequire(createRequire(import.meta.url).resolve("@remix-run/server-runtime"))(
  "turbo-stream",
) as { decode: Decode };

/** A single-fetch answer: each route's data keyed by route id (a loader's), or `{ data }` (an action's). */
export async function decodeSingleFetch<Decoded>(body: ReadableStream<Uint8Array>): Promise<Decoded> {
  const decoded = await decode(body);
  return decoded.value as Decoded;
}
