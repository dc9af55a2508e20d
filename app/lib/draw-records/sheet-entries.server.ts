import { loadSheet } from "~/lib/participants/load-sheet.server";
import { env } from "~/lib/server/env.server";

/** What the sheet gave at the freeze: valid rows in sheet order, each with its date as written. */
export interface SheetEntries {
  entries: { id: string; name: string; country: string; date: string }[];
  fromSample: boolean;
}

/** The sheet as the server loads it, read only once the draw is known to be due. */
export type LoadEntries = () => Promise<SheetEntries>;

/** The sheet's valid rows in sheet order, loaded exactly as the server loads it. */
export async function loadSheetEntries(): Promise<SheetEntries> {
  // A winner is always published as first name and surname initial, whatever PARTICIPANT_NAMES
  // says for the lists: the snapshot is loaded masked, so no full name is ever stored.
  const { snapshot } = await loadSheet(env.sheetSource, { timeoutMs: env.timeoutMs, now: Date.now, names: "initial" });
  // The snapshot lists the newest first; the canonical list keeps sheet order.
  const entries = [...snapshot.participants]
    .reverse()
    .map(({ id, nombre, pais, fecha }) => ({ id, name: nombre, country: pais, date: fecha }));
  return { entries, fromSample: snapshot.source === "sample" };
}
