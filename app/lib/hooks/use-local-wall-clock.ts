import { useSyncExternalStore } from "react";
import { twoDigits } from "~/lib/draw/countdown";
import { ARGENTINA_OFFSET_MS, argentinaWallClock } from "~/lib/draw/next-draw";

/** The device's zone does not change under a page: nothing to subscribe to. */
const noChanges = () => () => undefined;

/**
 * An instant on the visitor's clock ("16:00", or "8/12, 00:00" where the visitor's day is not
 * Argentina's), where it differs from Argentina's (UTC−3); else null. Null on the server and
 * while hydrating (React takes the server's snapshot then, so the HTML matches), the device's
 * right after, from its own offset (`getTimezoneOffset`: no locale data to load)
 * (docs/decisions/079-the-header-without-javascript.md).
 */
export function useLocalWallClock(instant: number): string | null {
  return useSyncExternalStore(
    noChanges,
    () => {
      const date = new Date(instant);
      if (date.getTimezoneOffset() * -60_000 === ARGENTINA_OFFSET_MS) return null;
      const time = `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
      return argentinaWallClock(instant).getUTCDate() === date.getDate()
        ? time
        : `${date.getDate()}/${date.getMonth() + 1}, ${time}`;
    },
    () => null,
  );
}
