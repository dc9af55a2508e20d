import type { ServerResponse } from "node:http";

/**
 * When an answer is handed over, and how long its client may take to read it
 * (docs/decisions/080-no-connection-holds-a-turn-it-does-not-use.md). An answer is handed over
 * when the app has written its last byte (`res.end`): from then on it is the client's to read,
 * and nothing of ours (a turn, a place in line) waits on it. Remix's adapter writes an answer
 * whole without waiting for the socket to drain, so `res.end` comes as soon as the answer is made.
 */

const handedOver = new WeakMap<ServerResponse, (() => void)[]>();

/** Calls `listener` once `res`'s whole answer is handed over (at once if it already was). */
export function whenHandedOver(res: ServerResponse, listener: () => void): void {
  if (res.writableEnded) return listener();
  let listeners = handedOver.get(res);
  if (!listeners) {
    const waiting: (() => void)[] = [];
    listeners = waiting;
    handedOver.set(res, waiting);
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = ((...args: unknown[]) => {
      const ended = end(...args);
      for (const each of waiting.splice(0)) each();
      return ended;
    }) as ServerResponse["end"];
  }
  listeners.push(listener);
}

/**
 * Closes `res`'s connection if its answer, handed over, is not drained to the client within
 * `deadlineMs`: a client that never reads (a receive window of a few bytes) holds a socket and
 * its buffered answer for that long, never longer. `late` is told first, for the log.
 */
export function closeIfNotDrained(res: ServerResponse, deadlineMs: number, late: () => void): void {
  whenHandedOver(res, () => {
    if (res.writableFinished) return;
    const timer = setTimeout(() => {
      late();
      // A reset, not a close: a close would leave the kernel holding the answer for the client.
      res.socket?.resetAndDestroy();
    }, deadlineMs);
    timer.unref();
    const drained = () => clearTimeout(timer);
    res.once("finish", drained);
    res.once("close", drained);
  });
}
