import { singleton } from "./singleton.server";

/**
 * A count of the changes of what the pages show from outside their code: the participants'
 * snapshot and the draw records. Their modules move it on every change; the page store answers
 * a page from memory only while it has not moved since the page's data was last read
 * (docs/decisions/071-stored-pages-answered-before-the-routes.md).
 */
const changes = singleton("shown-data-changes", () => ({ count: 0 }));

/** Says that data a page shows has changed: pages answered from memory are read again. */
export function noteShownDataChanged(): void {
  changes.count += 1;
}

/** The number of changes so far: equal between two moments when nothing shown changed between them. */
export function shownDataVersion(): number {
  return changes.count;
}
