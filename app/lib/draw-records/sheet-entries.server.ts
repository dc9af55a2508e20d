import { loadSheetNow } from "~/lib/participants/participants.server";

/** What the sheet gave at the freeze: valid rows in sheet order, each with its date as written. */
export interface SheetEntries {
  entries: { id: string; name: string; country: string; date: string }[];
  fromSample: boolean;
}

/** The sheet as the server loads it, read only once the draw is known to be due. */
export type LoadEntries = () => Promise<SheetEntries>;

/** The sheet's valid rows in sheet order, loaded now exactly as the server loads it. */
async function entriesNow(keep: boolean): Promise<SheetEntries> {
  // A winner is always published as first name and surname initial: no full name is ever stored.
  const { rows, source } = await loadSheetNow({ keep });
  const entries = rows.map(({ id, nombre, pais, fecha }) => ({ id, name: nombre, country: pais, date: fecha }));
  return { entries, fromSample: source === "sample" };
}

/** The server's freeze: its copy of the sheet becomes the one the pages show, so they hold every entry it takes. */
export const loadServerSheetEntries: LoadEntries = () => entriesNow(true);

/** A command's freeze or run: its process shows no page. */
export const loadSheetEntries: LoadEntries = () => entriesNow(false);
