import { useSyncExternalStore } from "react";
import { twoDigits } from "~/lib/draw/countdown";
import { ARGENTINA_OFFSET_MS, argentinaWallClock } from "~/lib/draw/next-draw";

/** The device's zone does not change under a page: nothing to subscribe to. */
const noChanges = () => () => undefined;

/**
 * "16:00", or "8/12, 00:00" where the visitor's day is not Argentina's: an instant on the
 * device's clock; null where that clock agrees with Argentina's (UTC−3) at that instant.
 */
function onThisDevice(instant: number): string | null {
  const date = new Date(instant);
  if (date.getTimezoneOffset() * 60_000 === -ARGENTINA_OFFSET_MS) return null;
  const argentina = argentinaWallClock(instant);
  const time = `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
  const sameDay = argentina.getUTCDate() === date.getDate() && argentina.getUTCMonth() === date.getMonth();
  return sameDay ? time : `${date.getDate()}/${date.getMonth() + 1}, ${time}`;
}

/**
 * An instant on the visitor's clock, where it differs from Argentina's: null on the server and
 * while hydrating (React takes the server's snapshot then, so the HTML matches), the device's
 * time right after, from its own offset (`getTimezoneOffset`: no locale data to load)
 * (docs/decisions/104-the-header-without-javascript.md).
 */
export function useLocalWallClock(instant: number): string | null {
  return useSyncExternalStore(
    noChanges,
    () => onThisDevice(instant),
    () => null,
  );
}
