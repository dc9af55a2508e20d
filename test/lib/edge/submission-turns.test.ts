import { describe, expect, it } from "vitest";
import { SubmissionTurns, type Place } from "~/lib/edge/submission-turns";

/** Admits a submission from `client` that is ready at once, recording when it starts. */
function submit(turns: SubmissionTurns, client: string, started: string[], label = client): Place {
  const place = turns.admit(client);
  if (typeof place === "string") throw new Error(`no place: ${place}`);
  place.ready(() => started.push(label));
  return place;
}

describe("SubmissionTurns", () => {
  it("runs 4 at once and starts the next as one leaves", () => {
    const turns = new SubmissionTurns({ atOnce: 4, waiting: 256, perClient: 8 });
    const started: string[] = [];
    const places = ["a", "b", "c", "d", "e"].map((client) => submit(turns, client, started));
    expect(started).toEqual(["a", "b", "c", "d"]);
    places[1]!.leave();
    places[1]!.leave();
    expect(started).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("gives free turns round the clients, not to the one that queued most", () => {
    const turns = new SubmissionTurns({ atOnce: 1, waiting: 256, perClient: 8 });
    const started: string[] = [];
    const first = submit(turns, "flood", started, "flood-0");
    const queued = [1, 2, 3].map((index) => submit(turns, "flood", started, `flood-${index}`));
    submit(turns, "visitor", started, "visitor");
    first.leave();
    expect(started).toEqual(["flood-0", "flood-1"]);
    queued[0]!.leave();
    expect(started).toEqual(["flood-0", "flood-1", "visitor"]);
  });

  it("keeps 8 places for one client and 256 in all, and frees them as they leave", () => {
    const turns = new SubmissionTurns({ atOnce: 4, waiting: 256, perClient: 8 });
    // Admitted but never ready: bodies still arriving.
    const flood = Array.from({ length: 8 }, () => turns.admit("flood") as Place);
    expect(turns.admit("flood")).toBe("client-share");
    expect(typeof turns.admit("visitor")).toBe("object");
    flood[0]!.leave();
    expect(typeof turns.admit("flood")).toBe("object");

    const crowd = new SubmissionTurns({ atOnce: 4, waiting: 256, perClient: 8 });
    const waiting = Array.from({ length: 256 }, (_, index) => crowd.admit(`client-${index}`) as Place);
    expect(crowd.admit("one-more")).toBe("busy");
    waiting[0]!.leave();
    expect(typeof crowd.admit("one-more")).toBe("object");
  });

  it("frees the place of a submission that leaves while waiting for its turn, and never starts it", () => {
    const turns = new SubmissionTurns({ atOnce: 1, waiting: 256, perClient: 8 });
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
    const turns = new SubmissionTurns({ atOnce: 1, waiting: 256, perClient: 2 });
    const started: string[] = [];
    const first = submit(turns, "a", started, "a-1");
    first.ready(() => started.push("again"));
    const second = turns.admit("a") as Place;
    expect(turns.admit("a")).toBe("client-share");
    first.leave();
    first.leave();
    // One place freed, not two: the client holds one (the second) and may take one more.
    expect(typeof turns.admit("a")).toBe("object");
    expect(turns.admit("a")).toBe("client-share");
    second.leave();
    expect(started).toEqual(["a-1"]);
  });

  it("frees a waiting place once its submission starts, so the bound counts only those waiting", () => {
    const turns = new SubmissionTurns({ atOnce: 1, waiting: 2, perClient: 8 });
    const started: string[] = [];
    const a = turns.admit("a") as Place;
    turns.admit("b");
    expect(turns.admit("c")).toBe("busy");
    a.ready(() => started.push("a"));
    expect(started).toEqual(["a"]);
    expect(typeof turns.admit("c")).toBe("object");
    expect(turns.admit("d")).toBe("busy");
  });

  it("keeps a client's line in order when one of its queued submissions leaves", () => {
    const turns = new SubmissionTurns({ atOnce: 1, waiting: 256, perClient: 8 });
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
