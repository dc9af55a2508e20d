import { describe, expect, it } from "vitest";
import { SubmissionTurns, type Place, type TurnLimits } from "~/lib/edge/submission-turns";

/** The edge's limits (docs/operations.md, "Sign-ups and limits"), unless a test says otherwise. */
const LIMITS: TurnLimits = { atOnce: 4, waiting: 256, arriving: 1024, perClient: 8 };

/** Admits a submission from `client` whose body is still arriving; `dropped` records it if it loses its place. */
function arrive(turns: SubmissionTurns, client: string, dropped: string[] = [], label = client): Place {
  const place = turns.admit(client, () => dropped.push(label));
  if (typeof place === "string") throw new Error(`no place: ${place}`);
  return place;
}

/** Admits a submission from `client` that is whole at once, recording when it starts. */
function submit(turns: SubmissionTurns, client: string, started: string[], label = client): Place {
  const place = arrive(turns, client);
  expect(place.ready(() => started.push(label))).toBeNull();
  return place;
}

describe("SubmissionTurns", () => {
  it("runs 4 at once and starts the next as one leaves", () => {
    const turns = new SubmissionTurns(LIMITS);
    const started: string[] = [];
    const places = ["a", "b", "c", "d", "e"].map((client) => submit(turns, client, started));
    expect(started).toEqual(["a", "b", "c", "d"]);
    places[1]!.leave();
    places[1]!.leave();
    expect(started).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("gives free turns round the clients, not to the one that queued most", () => {
    const turns = new SubmissionTurns({ ...LIMITS, atOnce: 1 });
    const started: string[] = [];
    const first = submit(turns, "flood", started, "flood-0");
    const queued = [1, 2, 3].map((index) => submit(turns, "flood", started, `flood-${index}`));
    submit(turns, "visitor", started, "visitor");
    first.leave();
    expect(started).toEqual(["flood-0", "flood-1"]);
    queued[0]!.leave();
    expect(started).toEqual(["flood-0", "flood-1", "visitor"]);
  });

  it("keeps 8 places for one client, arriving or waiting, and frees them as they leave", () => {
    const turns = new SubmissionTurns(LIMITS);
    const flood = Array.from({ length: 8 }, () => arrive(turns, "flood"));
    expect(turns.admit("flood", () => undefined)).toBe("client-share");
    expect(typeof turns.admit("visitor", () => undefined)).toBe("object");
    flood[0]!.leave();
    const again = arrive(turns, "flood");
    // A body that is in still counts against its client until its answer is out.
    again.ready(() => undefined);
    expect(turns.admit("flood", () => undefined)).toBe("client-share");
  });

  it("takes no turn for a body still arriving: bodies that never come hold no one's place in line", () => {
    const turns = new SubmissionTurns({ ...LIMITS, atOnce: 1, waiting: 2 });
    const started: string[] = [];
    // More slow bodies than the line and the turns together.
    for (let client = 0; client < 64; client++) for (let body = 0; body < 8; body++) arrive(turns, `slow-${client}`);
    submit(turns, "visitor-1", started);
    submit(turns, "visitor-2", started);
    submit(turns, "visitor-3", started);
    expect(started).toEqual(["visitor-1"]);
  });

  it("makes room in a full pool of arriving bodies by dropping the newest of whoever holds the most", () => {
    const turns = new SubmissionTurns({ ...LIMITS, arriving: 16 });
    const dropped: string[] = [];
    for (let body = 0; body < 8; body++) arrive(turns, "a", dropped, `a-${body}`);
    for (let body = 0; body < 8; body++) arrive(turns, "b", dropped, `b-${body}`);
    // Full: a newcomer takes a's newest place, the next one b's (which then holds the most), …
    arrive(turns, "visitor-1", dropped);
    arrive(turns, "visitor-2", dropped);
    arrive(turns, "visitor-3", dropped);
    expect(dropped).toEqual(["a-7", "b-7", "a-6"]);
    // … until no one holds two more than the newcomer would: then it is the newcomer who is refused.
    const even = new SubmissionTurns({ ...LIMITS, arriving: 4 });
    for (const client of ["a", "b", "c", "d"]) arrive(even, client);
    expect(even.admit("e", () => undefined)).toBe("busy");
    expect(typeof turns.admit("visitor-1", () => undefined)).toBe("object");
  });

  it("makes room in a full line the same way, and refuses a whole body only when shares are even", () => {
    const turns = new SubmissionTurns({ ...LIMITS, atOnce: 1, waiting: 3 });
    const started: string[] = [];
    const dropped: string[] = [];
    submit(turns, "running", started);
    const flood = [0, 1, 2].map((body) => arrive(turns, "flood", dropped, `flood-${body}`));
    for (const place of flood) expect(place.ready(() => started.push("flood"))).toBeNull();
    // The line is full of one client's: a visitor's whole body takes the newest of them.
    expect(arrive(turns, "visitor").ready(() => started.push("visitor"))).toBeNull();
    expect(dropped).toEqual(["flood-2"]);
    // flood-2's place was given up: leaving again or becoming ready changes nothing.
    flood[2]!.leave();
    expect(flood[2]!.ready(() => started.push("late"))).toBe("busy");
    // Now flood holds 2 and the visitor 1 in line: a third client's whole body takes flood's newest;
    // then shares are even (1, 1, 1) and the next whole body finds no room.
    expect(arrive(turns, "third").ready(() => undefined)).toBeNull();
    expect(dropped).toEqual(["flood-2", "flood-1"]);
    expect(arrive(turns, "fourth").ready(() => undefined)).toBe("busy");
  });

  it("frees the place of a submission that leaves while waiting for its turn, and never starts it", () => {
    const turns = new SubmissionTurns({ ...LIMITS, atOnce: 1 });
    const started: string[] = [];
    const running = submit(turns, "a", started);
    const waiting = submit(turns, "b", started);
    waiting.leave();
    running.leave();
    expect(started).toEqual(["a"]);
    submit(turns, "c", started);
    expect(started).toEqual(["a", "c"]);
  });

  it("counts a place once: a second leave frees nothing more, a second ready starts nothing", () => {
    const turns = new SubmissionTurns({ ...LIMITS, atOnce: 1, perClient: 2 });
    const started: string[] = [];
    const first = submit(turns, "a", started, "a-1");
    first.ready(() => started.push("again"));
    const second = arrive(turns, "a");
    expect(turns.admit("a", () => undefined)).toBe("client-share");
    first.leave();
    first.leave();
    // One place freed, not two: the client holds one (the second) and may take one more.
    expect(typeof turns.admit("a", () => undefined)).toBe("object");
    expect(turns.admit("a", () => undefined)).toBe("client-share");
    second.leave();
    expect(started).toEqual(["a-1"]);
  });

  it("frees a waiting place once its submission starts, so the line's bound counts only those waiting", () => {
    const turns = new SubmissionTurns({ ...LIMITS, atOnce: 1, waiting: 1 });
    const started: string[] = [];
    submit(turns, "a", started);
    submit(turns, "b", started);
    expect(arrive(turns, "c").ready(() => started.push("c"))).toBe("busy");
    expect(started).toEqual(["a"]);
  });

  it("keeps a client's line in order when one of its queued submissions leaves", () => {
    const turns = new SubmissionTurns({ ...LIMITS, atOnce: 1 });
    const started: string[] = [];
    const running = submit(turns, "x", started, "x");
    const queued = ["a-1", "a-2", "a-3"].map((label) => submit(turns, "a", started, label));
    const b = submit(turns, "b", started, "b-1");
    queued[1]!.leave();
    running.leave();
    expect(started).toEqual(["x", "a-1"]);
    queued[0]!.leave();
    expect(started).toEqual(["x", "a-1", "b-1"]);
    // Then a's remaining submission, not the one that left.
    b.leave();
    expect(started).toEqual(["x", "a-1", "b-1", "a-3"]);
  });
});

describe("SubmissionTurns, by client and by network", () => {
  it("gives one client one turn at a time: its other submissions wait while another client's run", () => {
    const turns = new SubmissionTurns(LIMITS);
    const started: string[] = [];
    const first = submit(turns, "one", started, "one-1");
    ["one-2", "one-3", "one-4"].forEach((label) => submit(turns, "one", started, label));
    submit(turns, "visitor", started, "visitor");
    // Four turns, but "one" holds one of them: the visitor's runs, the rest of "one" waits.
    expect(started).toEqual(["one-1", "visitor"]);
    first.leave();
    expect(started).toEqual(["one-1", "visitor", "one-2"]);
  });

  it("makes room in a full pool from the network holding the most, however many clients it splits into", () => {
    const turns = new SubmissionTurns({ ...LIMITS, arriving: 8 });
    const dropped: string[] = [];
    // Eight clients of one network, one body each: no client holds two more than a newcomer…
    for (let client = 0; client < 8; client++) {
      const place = turns.admit(`2001:db8:1:${client}00::/56`, () => dropped.push(`c${client}`), "2001:db8:1::/48");
      expect(typeof place).toBe("object");
    }
    // … but their network does: a visitor from another network takes the newest place.
    expect(typeof turns.admit("198.51.100.7", () => undefined, "198.51.100.0/24")).toBe("object");
    expect(dropped).toEqual(["c7"]);
    // Another client of the full network finds no one holding two more than its network: refused.
    expect(turns.admit("2001:db8:1:900::/56", () => undefined, "2001:db8:1::/48")).toBe("busy");
  });
});
