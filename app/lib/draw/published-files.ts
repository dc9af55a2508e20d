import type { PublishedStatement, PublishedWitnesses } from "./published-draw";
import type { StatementFiles, WitnessFiles } from "./witness-checks";

/**
 * A record's published files as a checker downloads them (the page from its own origin, `npm run
 * draw -- verify` from the site): the ids list, each statement and its seals, and the public roots
 * the seals are checked against. A file that cannot be downloaded is told apart from one that
 * does not match.
 */

/** A published file's bytes as downloaded, or why there are none. */
export type ListDownload = { bytes: Uint8Array<ArrayBuffer> } | { problem: string };

/** A published file at `url` ("la lista de IDs", "el sello…"), as bytes, or why it cannot be used. */
async function downloadFile(url: string, what: string): Promise<ListDownload> {
  try {
    const response = await fetch(url, { cache: "no-store" });
    if (!response.ok) {
      return { problem: `No pudimos descargar ${what} (el servidor respondió ${response.status}).` };
    }
    return { bytes: new Uint8Array(await response.arrayBuffer()) };
  } catch {
    // A network failure, before the answer or in the middle of its body.
    return { problem: `No pudimos descargar ${what}: revisá tu conexión y probá de nuevo.` };
  }
}

/** The frozen list at `url`, as bytes, or why it cannot be used. */
export function downloadList(url: string): Promise<ListDownload> {
  return downloadFile(url, "la lista de IDs");
}

/**
 * A record's witness files (each statement and its tokens), downloaded from where `locate` puts
 * each published URL (the page: its own origin); one that cannot be downloaded is null.
 */
export async function downloadWitnessFiles(
  witnesses: PublishedWitnesses,
  locate: (url: string) => string,
): Promise<WitnessFiles> {
  const bytes = async (url: string) => {
    const download = await downloadFile(locate(url), url);
    return "bytes" in download ? download.bytes : null;
  };
  const files = async (statement: PublishedStatement | null): Promise<StatementFiles | null> =>
    statement && {
      statement: await bytes(statement.url),
      tokens: await Promise.all(
        statement.tokens.map(async (token) => ({ authority: token.authority, reply: await bytes(token.url) })),
      ),
    };
  const [commitment, list, claim] = await Promise.all([
    files(witnesses.commitment),
    files(witnesses.list),
    files(witnesses.claim),
  ]);
  return { commitment, list, claim };
}

/**
 * The public roots a seal must lead to, as the site serves them at /sorteos/raices.pem: Node's own
 * set (`tls.rootCertificates`, Mozilla's), the one every verdict uses (docs/draw.md, "Checking a
 * draw"); null when they cannot be downloaded.
 */
export async function downloadRoots(url: string): Promise<string | null> {
  const download = await downloadFile(url, "las raíces");
  return "bytes" in download ? new TextDecoder().decode(download.bytes) : null;
}
