/**
 * Form submissions take turns (docs/decisions/049-the-edge-in-typed-modules.md).
 * A sign-up costs several times a page, and without JavaScript the page is rendered again for
 * its answer: a few at once keep `/healthz` and the stored pages answered
 * (docs/decisions/037-submissions-in-turn.md). Fair: each client holds a bounded share of the
 * places, and a free turn goes to the next client in rotation, not to whoever queued most.
 */

export interface TurnLimits {
  /** Submissions the app handles at once. */
  atOnce: number;
  /** Submissions kept waiting (for their body, or for a turn) across every client. */
  waiting: number;
  /** Places one client may hold: reading, waiting or running. */
  perClient: number;
}

/** A submission's place, from its arrival until its answer is sent (or its client leaves). */
export interface Place {
  /** Its body is in: it joins its client's line, and `start` runs when its turn comes. */
  ready(start: () => void): void;
  /** Its answer is out, or its client is gone: the place and any turn it had are freed. Idempotent. */
  leave(): void;
}

/** Why a newcomer got no place: its client holds its share, or every place is taken. */
export type NoPlace = "client-share" | "busy";

export class SubmissionTurns {
  private running = 0;
  private waitingCount = 0;
  private readonly placesByClient = new Map<string, number>();
  /** Each client's ready submissions, in arrival order; the map's order is the rotation. */
  private readonly lines = new Map<string, (() => void)[]>();

  constructor(private readonly limits: TurnLimits) {}

  /** A place for a newly arrived submission from `client`, or why there is none. */
  admit(client: string): Place | NoPlace {
    const held = this.placesByClient.get(client) ?? 0;
    if (held >= this.limits.perClient) return "client-share";
    if (this.waitingCount >= this.limits.waiting) return "busy";
    this.placesByClient.set(client, held + 1);
    this.waitingCount += 1;
    let state: "waiting" | "queued" | "running" | "left" = "waiting";
    let queued: (() => void) | undefined;
    return {
      ready: (start) => {
        if (state !== "waiting") return;
        state = "queued";
        queued = () => {
          state = "running";
          this.waitingCount -= 1;
          this.running += 1;
          start();
        };
        this.lines.set(client, [...(this.lines.get(client) ?? []), queued]);
        this.dispatch();
      },
      leave: () => {
        if (state === "left") return;
        if (state === "running") this.running -= 1;
        else this.waitingCount -= 1;
        if (state === "queued") this.removeFromLine(client, queued!);
        state = "left";
        const remaining = (this.placesByClient.get(client) ?? 1) - 1;
        if (remaining === 0) this.placesByClient.delete(client);
        else this.placesByClient.set(client, remaining);
        this.dispatch();
      },
    };
  }

  private removeFromLine(client: string, entry: () => void): void {
    const line = (this.lines.get(client) ?? []).filter((queued) => queued !== entry);
    if (line.length === 0) this.lines.delete(client);
    else this.lines.set(client, line);
  }

  /** Free turns go round the clients with a submission ready, one each, oldest first within a client. */
  private dispatch(): void {
    while (this.running < this.limits.atOnce) {
      const next = this.lines.entries().next();
      if (next.done) return;
      const [client, [start, ...rest]] = next.value as [string, [() => void, ...(() => void)[]]];
      // To the back of the rotation, or out of it.
      this.lines.delete(client);
      if (rest.length > 0) this.lines.set(client, rest);
      start();
    }
  }
}
