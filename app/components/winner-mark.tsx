import { UNVERIFIED_MARKS } from "~/content/winner-marks";
import type { DrawVerdict } from "~/lib/draw/published-draw";
import { Icon } from "./icons";

/**
 * What a winner card is: a draw the server's check verified, or what it is instead
 * (docs/product.md, "Winners"; docs/decisions/057-the-verified-badge-is-a-check.md).
 */
export type WinnerMark = DrawVerdict | "example";

/**
 * Beside a winner's name: the verified badge only for a record the server's check verified;
 * any other card says what it is, to the eye (as large as the name) and to a screen reader alike.
 */
export function WinnerMarkBadge({ mark }: { mark: WinnerMark }) {
  if (mark === "verified") {
    return (
      <span className="inline-flex items-center text-brand-600" title="Sorteo verificado">
        <Icon name="badgeCheck" className="h-5 w-5" />
        <span className="sr-only">(sorteo verificado)</span>
      </span>
    );
  }
  const { label, meaning } = UNVERIFIED_MARKS[mark];
  return (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">
      {label}
      <span className="sr-only">: {meaning}</span>
    </span>
  );
}

/** The notice above winner cards: each mark the cards carry, explained, in the order of the cards. */
export function marksExplained(marks: readonly WinnerMark[]): string {
  const shown = [...new Set(marks)].filter((mark): mark is Exclude<WinnerMark, "verified"> => mark !== "verified");
  return shown.map((mark) => UNVERIFIED_MARKS[mark].explained).join(" ");
}
