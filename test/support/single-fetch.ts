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

/** The data of each route in a single-fetch answer, keyed by route id. */
export async function decodeSingleFetch(body: ReadableStream<Uint8Array>): Promise<Record<string, { data?: unknown }>> {
  const decoded = await decode(body);
  return decoded.value as Record<string, { data?: unknown }>;
}
