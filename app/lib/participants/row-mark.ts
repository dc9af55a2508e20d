import { ROW_MARKS } from "~/content/row-marks";
import { formatMonthOfDay } from "~/lib/draw/countdown";
import type { RowOutcome } from "./draws-that-took";
import type { RowMark } from "./view";

/**
 * The mark of a listed row the next draw (of the day `nextDrawDay`, "yyyy-mm-dd") does not take
 * (docs/product.md, "Participant lists"): beside the date when the date decides it, beside the
 * ID when the ID does. It names only a draw that took the row (or a later one, still ahead),
 * never a day that had no draw.
 */
export function rowMark(outcome: RowOutcome, nextDrawDay: string): RowMark {
  switch (outcome.why) {
    case "entered": {
      const month = formatMonthOfDay(outcome.draw.day, nextDrawDay);
      return { field: "fecha", text: outcome.wonRound === null ? ROW_MARKS.otherDraw(month) : ROW_MARKS.won(month) };
    }
    case "later":
      return { field: "fecha", text: ROW_MARKS.otherDraw(formatMonthOfDay(outcome.drawDay, nextDrawDay)) };
    case "not-in-list":
    case "before":
      return { field: "fecha", text: ROW_MARKS.earlierDate };
    case "unreadable-date":
      return { field: "fecha", text: ROW_MARKS.unreadableDate };
    case "repeated":
      return { field: "id", text: ROW_MARKS.repeated };
    case "refused-id":
      return { field: "id", text: ROW_MARKS.refusedId };
  }
}
