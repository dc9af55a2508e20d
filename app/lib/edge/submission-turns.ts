/**
 * Form submissions take turns (docs/decisions/061-places-slow-clients-cannot-hold.md,
 * docs/decisions/080-no-connection-holds-a-turn-it-does-not-use.md).
 * A sign-up costs several times a page, and without JavaScript the page is rendered again for
 * its answer: a few at once keep `/healthz` and the stored pages answered
 * (docs/decisions/037-submissions-in-turn.md). A submission holds a place in one of two pools:
 * while its body arrives, then, whole, in its client's line for a turn. Neither pool is anyone's
 * to fill: each client holds a bounded share of places, a full pool makes room for a newcomer by
 * dropping the newest place of the network that holds the most, and a free turn goes to the next
 * client in rotation that holds no turn already, not to whoever queued most.
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

/** A submission's place, from its arrival until its answer is handed over (or its client leaves). */
export interface Place {
  /** Its body is in: it joins its client's line, and `start` runs when its turn comes; "busy" if the line has no room. */
  ready(start: () => void): NoPlace | null;
  /** Its answer is handed over, or its client is gone: the place and any turn it had are freed. Idempotent. */
  leave(): void;
}

interface Entry {
  client: string;
  network: string;
  state: "arriving" | "waiting" | "running" | "left";
  /** Run when its turn comes. */
  start: () => void;
  /** Told when a newcomer took its place: it must be answered "busy". */
  dropped: () => void;
}

type Pool = "arriving" | "waiting";

/** Appends `entry` to `key`'s line in `lines`. */
function push(lines: Map<string, Entry[]>, key: string, entry: Entry): void {
  const line = lines.get(key);
  if (line) line.push(entry);
  else lines.set(key, [entry]);
}

/** Takes `entry` out of `key`'s line in `lines`, keeping the line's order and place in the map. */
function remove(lines: Map<string, Entry[]>, key: string, entry: Entry): void {
  const line = (lines.get(key) ?? []).filter((other) => other !== entry);
  if (line.length === 0) lines.delete(key);
  else lines.set(key, line);
}

export class SubmissionTurns {
  private readonly held = new Map<string, number>();
  /** Clients with a submission being handled: one turn each at most. */
  private readonly running = new Set<string>();
  /** Each network's entries in each pool, oldest first: whom a full pool takes a place from. */
  private readonly networks: Record<Pool, Map<string, Entry[]>> = { arriving: new Map(), waiting: new Map() };
  /** Each client's whole submissions waiting, oldest first; the map's order is the rotation. */
  private readonly line = new Map<string, Entry[]>();
  private readonly sizes: Record<Pool, number> = { arriving: 0, waiting: 0 };

  constructor(private readonly limits: TurnLimits) {}

  /**
   * A place for a newly arrived submission from `client` (of `network`) while its body arrives,
   * or why there is none. `dropped` is called if a newcomer later takes the place over (its
   * network held the most).
   */
  admit(client: string, dropped: () => void, network = client): Place | NoPlace {
    if ((this.held.get(client) ?? 0) >= this.limits.perClient) return "client-share";
    if (!this.makeRoom("arriving", network)) return "busy";
    this.held.set(client, (this.held.get(client) ?? 0) + 1);
    const entry: Entry = { client, network, state: "arriving", start: () => undefined, dropped };
    this.join("arriving", entry);
    return {
      ready: (start) => {
        // Dropped while its body arrived: it was answered then.
        if (entry.state !== "arriving") return "busy";
        this.take("arriving", entry);
        if (!this.makeRoom("waiting", network)) {
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
        if (entry.state === "running") this.running.delete(entry.client);
        else this.take(entry.state, entry);
        this.release(entry);
        this.dispatch();
      },
    };
  }

  private join(pool: Pool, entry: Entry): void {
    entry.state = pool;
    push(this.networks[pool], entry.network, entry);
    if (pool === "waiting") push(this.line, entry.client, entry);
    this.sizes[pool] += 1;
  }

  private take(pool: Pool, entry: Entry): void {
    remove(this.networks[pool], entry.network, entry);
    if (pool === "waiting") remove(this.line, entry.client, entry);
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
   * Whether `pool` has a place for one more of `network`'s: it has room, or the network holding
   * the most there holds at least two more than `network` and gives up its newest place. Counted
   * by network, so a pool is full against a visitor only once as many networks as it has places
   * hold one each: 1,100 /56s of a few /48s are a few networks.
   */
  private makeRoom(pool: Pool, network: string): boolean {
    if (this.sizes[pool] < this.limits[pool]) return true;
    const mine = this.networks[pool].get(network)?.length ?? 0;
    let largest: Entry[] = [];
    for (const line of this.networks[pool].values()) if (line.length > largest.length) largest = line;
    if (largest.length <= mine + 1) return false;
    const newest = largest.at(-1)!;
    this.take(pool, newest);
    this.release(newest);
    newest.dropped();
    return true;
  }

  /**
   * Free turns go round the clients with a submission waiting and none being handled, one each,
   * oldest first within a client: four connections of one client never hold the four turns.
   */
  private dispatch(): void {
    while (this.running.size < this.limits.atOnce) {
      const next = [...this.line].find(([client]) => !this.running.has(client));
      if (!next) return;
      const [client, [entry]] = next as [string, [Entry, ...Entry[]]];
      this.take("waiting", entry);
      // To the back of the rotation, or out of it.
      const rest = this.line.get(client);
      if (rest) {
        this.line.delete(client);
        this.line.set(client, rest);
      }
      entry.state = "running";
      this.running.add(client);
      entry.start();
    }
  }
}
