/**
 * Preloaded into the app server by tests that need time to pass (`startAppServer(env,
 * { movableClock: true })`): the server's wall clock (`Date`) and monotonic clock
 * (`performance.now`, which lru-cache reads) run at real speed plus an offset the test moves
 * forward over the IPC channel. A test then waits out a 15 s failure memory or a 60 s back-off
 * in no time, and states those numbers itself (docs/testing.md, "Speed").
 */
const RealDate = Date;
const realPerformanceNow = performance.now.bind(performance);
let offsetMs = 0;

class MovableDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offsetMs);
    else super(...args);
  }

  static now() {
    return RealDate.now() + offsetMs;
  }
}

globalThis.Date = MovableDate;
performance.now = () => realPerformanceNow() + offsetMs;

process.on("message", (message) => {
  if (typeof message?.advanceClockMs !== "number") return;
  offsetMs += message.advanceClockMs;
  process.send({ clockOffsetMs: offsetMs });
});
// The channel must not keep a stopping server alive.
process.channel?.unref();
