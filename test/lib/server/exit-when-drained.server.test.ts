import { channel } from "node:diagnostics_channel";
import { EventEmitter } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { exitWhenDrainedAfterSignal } from "~/lib/server/exit-when-drained.server";

/** What node:http publishes when a request starts; the test plays the HTTP server. */
const requestStart = channel("http.server.request.start");

class FakeServer extends EventEmitter {
  closeIdleConnections = vi.fn();
}

type Signal = "SIGTERM" | "SIGINT";
let before: Record<Signal, NodeJS.SignalsListener[]>;

/** The handlers this module added for `signal` (vitest's worker has its own). */
function addedListeners(signal: Signal) {
  return process.listeners(signal).filter((listener) => !before[signal].includes(listener));
}

/** Delivers `signal` to this module's handler only, as the process would. */
function deliver(signal: Signal) {
  const [handler] = addedListeners(signal);
  (handler as () => void)();
}

beforeEach(() => {
  // A fresh process: nothing registered yet (the registry is app/lib/server/singleton.server.ts's).
  (globalThis as Record<symbol, Map<string, unknown> | undefined>)[Symbol.for("opinion-labz.singletons")]?.delete(
    "exit-when-drained",
  );
  before = { SIGTERM: process.listeners("SIGTERM"), SIGINT: process.listeners("SIGINT") };
  vi.useFakeTimers();
});

afterEach(() => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    for (const listener of addedListeners(signal)) process.removeListener(signal, listener as () => void);
  }
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function mockExit() {
  return vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
}

describe("exitWhenDrainedAfterSignal", () => {
  it.each(["SIGTERM", "SIGINT"] as const)("after %s, exits with 0 once the server has closed", (signal) => {
    const exit = mockExit();
    exitWhenDrainedAfterSignal();
    const server = new FakeServer();
    requestStart.publish({ server });
    deliver(signal);
    expect(exit, "connections may still be open").not.toHaveBeenCalled();
    server.emit("close");
    expect(exit).toHaveBeenCalledWith(0);
  });

  it("closes idle keep-alive connections every 200 ms while draining", () => {
    mockExit();
    exitWhenDrainedAfterSignal();
    const server = new FakeServer();
    requestStart.publish({ server });
    deliver("SIGTERM");
    expect(server.closeIdleConnections).not.toHaveBeenCalled();
    vi.advanceTimersByTime(199);
    expect(server.closeIdleConnections).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(server.closeIdleConnections).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(400);
    expect(server.closeIdleConnections).toHaveBeenCalledTimes(3);
  });

  it("drains the server that served the first request", () => {
    const exit = mockExit();
    exitWhenDrainedAfterSignal();
    const first = new FakeServer();
    const second = new FakeServer();
    requestStart.publish({ server: first });
    requestStart.publish({ server: second });
    deliver("SIGTERM");
    second.emit("close");
    expect(exit).not.toHaveBeenCalled();
    first.emit("close");
    expect(exit).toHaveBeenCalledWith(0);
  });

  it("leaves a process that served nothing to exit by itself", () => {
    const exit = mockExit();
    exitWhenDrainedAfterSignal();
    deliver("SIGTERM");
    expect(vi.getTimerCount(), "no sweep").toBe(0);
    expect(exit).not.toHaveBeenCalled();
  });

  it("registers once per process however often the build is imported", () => {
    exitWhenDrainedAfterSignal();
    exitWhenDrainedAfterSignal();
    expect(addedListeners("SIGTERM")).toHaveLength(1);
    expect(addedListeners("SIGINT")).toHaveLength(1);
  });

  it("answers a signal once", () => {
    mockExit();
    exitWhenDrainedAfterSignal();
    const [onSignal] = addedListeners("SIGTERM");
    // What process.emit("SIGTERM") would call for this listener, without vitest's own.
    const delivered = process
      .rawListeners("SIGTERM")
      .find((raw) => raw === onSignal || (raw as { listener?: unknown }).listener === onSignal);
    (delivered as () => void)();
    expect(process.listeners("SIGTERM"), "a one-time listener").not.toContain(onSignal);
  });
});
