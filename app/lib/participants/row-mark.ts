import { ROW_MARKS } from "~/content/row-marks";
import { formatMonthOfDay } from "~/lib/draw/countdown";
import type { NotInPlay } from "./entries-in-play";
import type { RowMark } from "./view";

/**
 * The mark of a listed row the next draw (of the day `nextDrawDay`, "yyyy-mm-dd") does not take
 * (docs/product.md, "Participant lists"): beside the date when the date decides it, beside the
 * ID when the ID does.
 */
export function rowMark(why: NotInPlay, nextDrawDay: string): RowMark {
  switch (why.why) {
    case "taken":
    case "earlier":
    case "later":
      return { field: "fecha", text: ROW_MARKS.otherDraw(formatMonthOfDay(why.drawDay, nextDrawDay)) };
    case "unreadable-date":
      return { field: "fecha", text: ROW_MARKS.unreadableDate };
    case "repeated":
      return { field: "id", text: ROW_MARKS.repeated };
    case "refused-id":
      return { field: "id", text: ROW_MARKS.refusedId };
  }
}
