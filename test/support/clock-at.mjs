/**
 * Preloaded (`--import`) into a command a test runs (test/support/ops-command.ts): its wall
 * clock (`Date`) starts at CLOCK_AT (an ISO 8601 instant) and runs at real speed from there,
 * so a command that reads "now" (the stats' weeks, a receipt's date) prints what the test
 * states. The monotonic clock and timers are left alone.
 */
const RealDate = Date;
const at = Date.parse(process.env.CLOCK_AT ?? "");
if (Number.isNaN(at)) throw new Error(`CLOCK_AT must be an ISO 8601 instant, got ${process.env.CLOCK_AT}`);
const offsetMs = at - RealDate.now();

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offsetMs);
    else super(...args);
  }

  static now() {
    return RealDate.now() + offsetMs;
  }
}

globalThis.Date = ShiftedDate;
