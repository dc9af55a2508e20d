import { channel } from "node:diagnostics_channel";
import { EventEmitter } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { exitWhenDrainedAfterSignal, onStop } from "~/lib/server/exit-when-drained.server";

/** What node:net and node:http publish per connection, request and response; the test plays the server. */
const socketOpened = channel("net.server.socket");
const requestStart = channel("http.server.request.start");
const responseFinish = channel("http.server.response.finish");

class FakeServer extends EventEmitter {}

class FakeSocket extends EventEmitter {
  destroy = vi.fn(() => this.emit("close"));
  constructor(readonly server: FakeServer) {
    super();
  }
}

/** A connection the server accepted, as node:net announces it. */
function connection(server: FakeServer): FakeSocket {
  const socket = new FakeSocket(server);
  socketOpened.publish({ socket });
  return socket;
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
  const singletons = (globalThis as Record<symbol, Map<string, unknown> | undefined>)[
    Symbol.for("opinion-labz.singletons")
  ];
  singletons?.delete("exit-when-drained");
  singletons?.delete("stop-work");
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
    connection(server);
    deliver(signal);
    expect(exit, "connections may still be open").not.toHaveBeenCalled();
    server.emit("close");
    expect(exit).toHaveBeenCalledWith(0);
  });

  it("waits for the work registered to be done on stopping (the server's last report), at most 2 s", async () => {
    const exit = mockExit();
    exitWhenDrainedAfterSignal();
    let finish = () => {};
    onStop(() => new Promise<void>((resolve) => (finish = resolve)));
    const server = new FakeServer();
    connection(server);
    deliver("SIGTERM");
    server.emit("close");
    await vi.advanceTimersByTimeAsync(1000);
    expect(exit, "the work is not done").not.toHaveBeenCalled();
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(exit).toHaveBeenCalledWith(0);

    // Work that never ends holds the exit 2 s, no longer.
    exit.mockClear();
    (globalThis as Record<symbol, Map<string, unknown>>)[Symbol.for("opinion-labz.singletons")]!.delete(
      "exit-when-drained",
    );
    for (const listener of addedListeners("SIGTERM")) process.removeListener("SIGTERM", listener as () => void);
    exitWhenDrainedAfterSignal();
    onStop(() => new Promise(() => undefined));
    const stuck = new FakeServer();
    connection(stuck);
    deliver("SIGTERM");
    stuck.emit("close");
    await vi.advanceTimersByTimeAsync(1999);
    expect(exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(exit).toHaveBeenCalledWith(0);
  });

  it("closes every 200 ms the connections that owe no response, and the others once answered", () => {
    mockExit();
    exitWhenDrainedAfterSignal();
    const server = new FakeServer();
    const idle = connection(server);
    const stillSendingHeaders = connection(server);
    const answering = connection(server);
    requestStart.publish({ socket: answering });
    const answeredBefore = connection(server);
    requestStart.publish({ socket: answeredBefore });
    responseFinish.publish({ socket: answeredBefore });
    deliver("SIGTERM");
    vi.advanceTimersByTime(199);
    expect(idle.destroy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    for (const socket of [idle, stillSendingHeaders, answeredBefore]) expect(socket.destroy).toHaveBeenCalledTimes(1);
    expect(answering.destroy, "its response is still owed").not.toHaveBeenCalled();
    vi.advanceTimersByTime(400);
    expect(answering.destroy).not.toHaveBeenCalled();
    responseFinish.publish({ socket: answering });
    vi.advanceTimersByTime(200);
    expect(answering.destroy).toHaveBeenCalledTimes(1);
  });

  it("exits with 0 after 12 s whatever clients do, closing what is left", () => {
    const exit = mockExit();
    exitWhenDrainedAfterSignal();
    const server = new FakeServer();
    const neverAnswered = connection(server);
    requestStart.publish({ socket: neverAnswered });
    deliver("SIGTERM");
    vi.advanceTimersByTime(11_999);
    expect(exit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(neverAnswered.destroy).toHaveBeenCalled();
    expect(exit).toHaveBeenCalledWith(0);
  });

  it("drains the server that accepted the first connection", () => {
    const exit = mockExit();
    exitWhenDrainedAfterSignal();
    const first = new FakeServer();
    const second = new FakeServer();
    connection(first);
    connection(second);
    deliver("SIGTERM");
    second.emit("close");
    expect(exit).not.toHaveBeenCalled();
    first.emit("close");
    expect(exit).toHaveBeenCalledWith(0);
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
