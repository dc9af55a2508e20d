import { useEffect, useState } from "react";
import { twoDigits } from "~/lib/draw/countdown";
import { ARGENTINA_OFFSET_MS, argentinaWallClock } from "~/lib/draw/next-draw";

/** What the visitor's own clock says of an instant: "16:00", and the day when it is not Argentina's. */
export interface LocalWallClock {
  time: string;
  /** "8/12" where the visitor's day is not Argentina's (Asia after noon there); else null. */
  day: string | null;
}

/**
 * An instant on the visitor's clock, where it differs from Argentina's (UTC−3): null on the
 * server and in the first render in the browser, so hydration meets the server's HTML; set once
 * hydrated, from the device's own offset (`getTimezoneOffset`, no locale data to load). A visitor
 * in Argentina, or anywhere at UTC−3 at that instant, gets null
 * (docs/decisions/104-the-header-without-javascript.md).
 */
export function useLocalWallClock(instant: number): LocalWallClock | null {
  const [local, setLocal] = useState<LocalWallClock | null>(null);
  useEffect(() => {
    const date = new Date(instant);
    if (date.getTimezoneOffset() * 60_000 === -ARGENTINA_OFFSET_MS) {
      setLocal(null);
      return;
    }
    const argentina = argentinaWallClock(instant);
    const sameDay = argentina.getUTCDate() === date.getDate() && argentina.getUTCMonth() === date.getMonth();
    setLocal({
      time: `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`,
      day: sameDay ? null : `${date.getDate()}/${date.getMonth() + 1}`,
    });
  }, [instant]);
  return local;
}
