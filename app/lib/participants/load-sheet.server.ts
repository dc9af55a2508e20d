import type { SheetSource } from "~/lib/env.server";
import { fetchSheet } from "./fetch-sheet.server";
import { parseSheet } from "./parse-sheet.server";
import { SnapshotBuilder, type SheetSnapshot } from "./snapshot.server";
import { validateParticipant } from "./validate-participant.server";

/**
 * A body that is already buffered is parsed entirely in microtasks, which would keep
 * every other request waiting; handing the event loop back every this many rows keeps
 * a 100,000-row refresh from stalling the server.
 */
const ROWS_BETWEEN_YIELDS = 250;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface LoadedSheet {
  snapshot: SheetSnapshot;
  status: number | null;
}

/** fetch → parse → validate, as one bounded refresh of the sheet. */
export async function loadSheet(
  source: SheetSource,
  { timeoutMs, now }: { timeoutMs: number; now: () => number },
): Promise<LoadedSheet> {
  const signal = AbortSignal.timeout(timeoutMs);
  const { body, status } = await fetchSheet(source, signal);
  const parsed = parseSheet(body);
  const builder = new SnapshotBuilder();
  let invalid = 0;
  let rows = 0;
  for await (const record of parsed.records) {
    rows += 1;
    if (rows % ROWS_BETWEEN_YIELDS === 0) await yieldToEventLoop();
    const participant = validateParticipant(record);
    if (participant) builder.add(participant);
    else invalid += 1;
  }
  return { snapshot: builder.finish(now(), invalid + parsed.unreadable()), status };
}
