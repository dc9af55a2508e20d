/**
 * Form submissions take turns (docs/decisions/061-places-slow-clients-cannot-hold.md).
 * A sign-up costs several times a page, and without JavaScript the page is rendered again for
 * its answer: a few at once keep `/healthz` and the stored pages answered
 * (docs/decisions/037-submissions-in-turn.md). A submission holds a place in one of two pools:
 * while its body arrives, then, whole, in its client's line for a turn. Neither pool is anyone's
 * to fill: each client holds a bounded share of places, a full pool makes room for a newcomer by
 * dropping the newest place of whoever holds the most, and a free turn goes to the next client
 * in rotation, not to whoever queued most.
 */

export interface TurnLimits {
  /** Submissions the app handles at once. */
  atOnce: number;
  /** Whole submissions kept waiting for a turn, across every client. */
  waiting: number;
  /** Bodies still arriving, across every client. */
  arriving: number;
  /** Places one client may hold: its bodies arriving, waiting or being handled. */
  perClient: number;
}

/** Why a submission got no place (or lost it): its client holds its share, or a pool is full of fair shares. */
export type NoPlace = "client-share" | "busy";

/** A submission's place, from its arrival until its answer is sent (or its client leaves). */
export interface Place {
  /** Its body is in: it joins its client's line, and `start` runs when its turn comes; "busy" if the line has no room. */
  ready(start: () => void): NoPlace | null;
  /** Its answer is out, or its client is gone: the place and any turn it had are freed. Idempotent. */
  leave(): void;
}

interface Entry {
  client: string;
  state: "arriving" | "waiting" | "running" | "left";
  /** Run when its turn comes. */
  start: () => void;
  /** Told when a newcomer took its place: it must be answered "busy". */
  dropped: () => void;
}

type Pool = "arriving" | "waiting";

export class SubmissionTurns {
  private running = 0;
  private readonly held = new Map<string, number>();
  /** Each client's entries in each pool, oldest first; the waiting map's order is the rotation. */
  private readonly pools: Record<Pool, Map<string, Entry[]>> = { arriving: new Map(), waiting: new Map() };
  private readonly sizes: Record<Pool, number> = { arriving: 0, waiting: 0 };

  constructor(private readonly limits: TurnLimits) {}

  /**
   * A place for a newly arrived submission from `client` while its body arrives, or why there is
   * none. `dropped` is called if a newcomer later takes the place over (its client held the most).
   */
  admit(client: string, dropped: () => void): Place | NoPlace {
    if ((this.held.get(client) ?? 0) >= this.limits.perClient) return "client-share";
    if (!this.makeRoom("arriving", client)) return "busy";
    this.held.set(client, (this.held.get(client) ?? 0) + 1);
    const entry: Entry = { client, state: "arriving", start: () => undefined, dropped };
    this.join("arriving", entry);
    return {
      ready: (start) => {
        // Dropped while its body arrived: it was answered then.
        if (entry.state !== "arriving") return "busy";
        this.take("arriving", entry);
        if (!this.makeRoom("waiting", client)) {
          this.release(entry);
          return "busy";
        }
        entry.start = start;
        this.join("waiting", entry);
        this.dispatch();
        return null;
      },
      leave: () => {
        if (entry.state === "left") return;
        if (entry.state === "running") this.running -= 1;
        else this.take(entry.state, entry);
        this.release(entry);
        this.dispatch();
      },
    };
  }

  private join(pool: Pool, entry: Entry): void {
    entry.state = pool;
    const line = this.pools[pool].get(entry.client);
    if (line) line.push(entry);
    else this.pools[pool].set(entry.client, [entry]);
    this.sizes[pool] += 1;
  }

  private take(pool: Pool, entry: Entry): void {
    const line = (this.pools[pool].get(entry.client) ?? []).filter((other) => other !== entry);
    if (line.length === 0) this.pools[pool].delete(entry.client);
    else this.pools[pool].set(entry.client, line);
    this.sizes[pool] -= 1;
  }

  /** The place is given up: its client holds one fewer. */
  private release(entry: Entry): void {
    entry.state = "left";
    const remaining = (this.held.get(entry.client) ?? 1) - 1;
    if (remaining === 0) this.held.delete(entry.client);
    else this.held.set(entry.client, remaining);
  }

  /**
   * Whether `pool` has a place for one more of `client`'s: it has room, or the client holding the
   * most there holds at least two more than `client` and gives up its newest place.
   */
  private makeRoom(pool: Pool, client: string): boolean {
    if (this.sizes[pool] < this.limits[pool]) return true;
    const mine = this.pools[pool].get(client)?.length ?? 0;
    let largest: Entry[] = [];
    for (const line of this.pools[pool].values()) if (line.length > largest.length) largest = line;
    if (largest.length <= mine + 1) return false;
    const newest = largest.at(-1)!;
    this.take(pool, newest);
    this.release(newest);
    newest.dropped();
    return true;
  }

  /** Free turns go round the clients with a submission waiting, one each, oldest first within a client. */
  private dispatch(): void {
    while (this.running < this.limits.atOnce) {
      const next = this.pools.waiting.entries().next();
      if (next.done) return;
      const [client, [entry, ...rest]] = next.value as [string, [Entry, ...Entry[]]];
      // To the back of the rotation, or out of it.
      this.pools.waiting.delete(client);
      if (rest.length > 0) this.pools.waiting.set(client, rest);
      this.sizes.waiting -= 1;
      entry.state = "running";
      this.running += 1;
      entry.start();
    }
  }
}
