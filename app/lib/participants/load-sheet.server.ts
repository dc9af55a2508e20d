import { setImmediate as nextMacrotask } from "node:timers/promises";
import type { ParticipantNames, SheetSource } from "~/lib/server/parse-env.server";
import { fetchSheet } from "./fetch-sheet.server";
import { parseSheet } from "./parse-sheet.server";
import { SheetError } from "./errors.server";
import { sheetSourceKind } from "./sheet-source.server";
import { SnapshotBuilder, type SheetSnapshot } from "./snapshot.server";
import { validateParticipant } from "./validate-participant.server";

/**
 * Records handled between two turns of the event loop. When the body arrives faster than it
 * is parsed (a large sheet on a fast link), the stream → parser → loop chain runs on promise
 * jobs alone and would never let a request in until the whole sheet is done.
 */
const RECORDS_PER_TURN = 250;

/**
 * The most participants a sheet may hold: three times the largest sheet benchmarked (100,000).
 * A snapshot holds 125 to 500 bytes of heap per row depending on its shape; within this cap
 * and the 20 MB body limit the worst shape holds about 72 MB, so two (during a refresh) fit the
 * 512 MB heap ceiling with room to spare. Without it, 20 MB of minimal rows is 1.5 M rows and
 * 185 MB (docs/performance.md, "Sheet size"). A longer sheet is refused whole, as invalid: the
 * last good copy stays.
 */
const MAX_ROWS = 300_000;

export interface LoadedSheet {
  snapshot: SheetSnapshot;
  status: number | null;
}

/** fetch → parse → validate, as one bounded refresh of the sheet; names as `names` publishes them. */
export async function loadSheet(
  source: SheetSource,
  { timeoutMs, now, names }: { timeoutMs: number; now: () => number; names: ParticipantNames },
): Promise<LoadedSheet> {
  const signal = AbortSignal.timeout(timeoutMs);
  const { body, status } = await fetchSheet(source, signal);
  const parsed = parseSheet(body);
  const builder = new SnapshotBuilder(names);
  let invalid = 0;
  let valid = 0;
  let sinceLastTurn = 0;
  for await (const record of parsed.records) {
    if (++sinceLastTurn >= RECORDS_PER_TURN) {
      sinceLastTurn = 0;
      await nextMacrotask();
    }
    const participant = validateParticipant(record);
    if (!participant) invalid += 1;
    else if (++valid > MAX_ROWS) throw new SheetError("invalid", `more than ${MAX_ROWS} participants`);
    else builder.add(participant);
  }
  return { snapshot: builder.finish(now(), invalid + parsed.unreadable(), sheetSourceKind(source)), status };
}
