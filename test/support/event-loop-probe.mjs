/**
 * Preloaded into the app server by tests (NODE_OPTIONS=--import …) to report how long its
 * event loop was blocked: one JSON line per 100 ms window in which the loop lagged > 20 ms.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
setInterval(() => {
  const maxMs = Math.round(histogram.max / 1e6);
  if (maxMs > 20) console.log(JSON.stringify({ event: "test.event-loop-delay", maxMs }));
  histogram.reset();
}, 100).unref();
