/**
 * Clients that hold form POSTs whose body never comes, as the attack of
 * docs/decisions/061-places-slow-clients-cannot-hold.md: for test/server/slow-bodies.test.ts and
 * `npm run bench`. The app under attack trusts only 127.0.0.1 as its proxy (TRUST_PROXY).
 */
import { connect, type Socket } from "node:net";

export interface SlowClient {
  /** The address its POSTs connect from: the proxy's, or its own loopback address. */
  localAddress: string;
  /** The X-Forwarded-For its `index`th POST carries. */
  forwardedFor: (index: number) => string;
}

/** The proxy the app trusts: start it with TRUST_PROXY set to this. */
export const TRUSTED_PROXY = "127.0.0.1";

const randomPort = () => 1024 + Math.floor(Math.random() * 60_000);

/**
 * `count` clients, a half behind the proxy as IPv6 /56s (each POST from another of its /64s, every
 * other one written `[address]:port`), a quarter behind it as IPv4 sources written `address:port`
 * (a new port each time, as a load balancer writes the one it saw), and a quarter straight to the
 * server from their own loopback addresses, as to a container published with nothing in front,
 * what they write in X-Forwarded-For counting for nothing.
 */
export function slowClients(count: number): SlowClient[] {
  const quarter = count / 4;
  return [
    ...Array.from({ length: 2 * quarter }, (_, client) => ({
      localAddress: TRUSTED_PROXY,
      forwardedFor: (index: number) => {
        // 2001:db8:<client>:ab00::/56, each POST from another of its 256 /64s.
        const address = `2001:db8:${client + 1}:${(0xab00 | (index % 256)).toString(16)}::${index + 1}`;
        return index % 2 === 0 ? address : `[${address}]:${randomPort()}`;
      },
    })),
    ...Array.from({ length: quarter }, (_, client) => ({
      localAddress: TRUSTED_PROXY,
      forwardedFor: () => `203.0.113.${client + 1}:${randomPort()}`,
    })),
    ...Array.from({ length: quarter }, (_, client) => ({
      localAddress: `127.0.0.${client + 2}`,
      forwardedFor: () => "198.51.100.1",
    })),
  ];
}

function post(origin: string, client: SlowClient, index: number, framingAndBody: string): Socket {
  const { hostname, port } = new URL(origin);
  const socket = connect({ host: hostname, port: Number(port), localAddress: client.localAddress });
  socket.on("error", () => undefined);
  socket.write(
    `POST /encuesta HTTP/1.1\r\nHost: ${hostname}:${port}\r\nX-Forwarded-For: ${client.forwardedFor(index)}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\n${framingAndBody}`,
  );
  return socket;
}

/**
 * Keeps `perClient` slow POSTs from each client open: each sends its headers and the start of its
 * body, reads whatever the server answers, and is sent again as soon as the server cuts it.
 * Returns what stops them.
 */
export function holdSlowBodies(origin: string, clients: SlowClient[], perClient: number): { stop: () => void } {
  let holding = true;
  const sockets = new Set<Socket>();
  const hold = (client: SlowClient, index: number) => {
    if (!holding) return;
    const socket = post(origin, client, index, "Content-Length: 200\r\n\r\nemail=");
    sockets.add(socket);
    // Reading the answer is what lets it see the server close the connection.
    socket.resume();
    socket.once("close", () => {
      sockets.delete(socket);
      hold(client, index + perClient);
    });
  };
  for (const client of clients) for (let index = 0; index < perClient; index++) hold(client, index);
  return {
    stop: () => {
      holding = false;
      for (const socket of sockets) socket.destroy();
    },
  };
}

/**
 * One whole, worthless POST from `client`: its status, "429" at once while the client's share is
 * held, or the app's own answer otherwise.
 */
export function probe(origin: string, client: SlowClient, index: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = post(origin, client, index, "Content-Length: 3\r\nConnection: close\r\n\r\nx=1");
    let answer = "";
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("latin1");
      if (answer.includes("\r\n")) socket.destroy();
    });
    socket.once("close", () => resolve(answer.slice(9, 12) || "closed"));
  });
}
