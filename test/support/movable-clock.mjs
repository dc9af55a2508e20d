/**
 * Preloaded into the app server by tests that need time to pass (`startAppServer(env,
 * { movableClock: true })`): the server's wall clock (`Date`) and monotonic clock
 * (`performance.now`, which lru-cache reads) run at real speed plus an offset the test moves
 * forward over the IPC channel. A test then waits out a 15 s failure memory or a 60 s back-off
 * in no time, and states those numbers itself (docs/testing.md, "Speed"). A test that steps
 * right up to a limit stops the clocks first: then only its steps move them, however long a
 * busy machine takes between two.
 */
const RealDate = Date;
const realPerformanceNow = performance.now.bind(performance);
let offsetMs = 0;
/** The real instants the clocks stopped at, or null while they run. */
let stopped = null;

const realDateNow = () => stopped?.date ?? RealDate.now();
const realPerfNow = () => stopped?.perf ?? realPerformanceNow();

class MovableDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(realDateNow() + offsetMs);
    else super(...args);
  }

  static now() {
    return realDateNow() + offsetMs;
  }
}

globalThis.Date = MovableDate;
performance.now = () => realPerfNow() + offsetMs;

process.on("message", (message) => {
  if (typeof message?.advanceClockMs === "number") offsetMs += message.advanceClockMs;
  else if (message?.clockRunning === false) stopped ??= { date: RealDate.now(), perf: realPerformanceNow() };
  else if (message?.clockRunning === true) {
    // Resumed from where it stood: the real time it spent stopped does not count.
    if (stopped) offsetMs -= RealDate.now() - stopped.date;
    stopped = null;
  } else return;
  process.send({ clockOffsetMs: offsetMs });
});
// The channel must not keep a stopping server alive.
process.channel?.unref();
