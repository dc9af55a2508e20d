import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchRoundSignature } from "~/lib/draw/drand.server";
import { rehearsalChain, startStandInRelay, type RelayBehaviour, type StandInRelay } from "../../support/drand-relay";

/** A relay on loopback giving `answers` in turn, whatever round is asked. */
async function startJsonRelay(answers: object[]): Promise<{ url: string; close: () => Promise<void> }> {
  let next = 0;
  const server = http.createServer((_, response) => {
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answers[next++]));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe("fetchRoundSignature, from stand-in relays on loopback", () => {
  const chain = rehearsalChain();
  let relays: StandInRelay[] = [];
  beforeAll(async () => {
    relays = await Promise.all([startStandInRelay(chain), startStandInRelay(chain)]);
  });
  afterAll(async () => {
    await Promise.all(relays.map((relay) => relay.close()));
  });
  const urls = () => relays.map((relay) => relay.url);
  const answering = (first: RelayBehaviour, second: RelayBehaviour) => {
    relays[0]!.behaviour = first;
    relays[1]!.behaviour = second;
  };

  it("takes the round's signature when the relays agree, or when one has it and the other does not", async () => {
    answering("drand", "drand");
    expect(await fetchRoundSignature(4_242, urls(), 2_000)).toBe(chain.sign(4_242).signature);
    answering("not-found", "drand");
    expect(await fetchRoundSignature(4_243, urls(), 2_000)).toBe(chain.sign(4_243).signature);
  });

  it("refuses relays that disagree, naming both signatures", async () => {
    answering("drand", "other-signature");
    await expect(fetchRoundSignature(7, urls(), 2_000)).rejects.toThrow(
      `los relays no coinciden en la ronda 7: ${chain.sign(7).signature} / ${chain.sign(8).signature}`,
    );
  });

  it("says why no relay gave the round: an HTTP status, an answer that is no round, a time-out", async () => {
    answering("not-found", "garbage");
    await expect(fetchRoundSignature(9, urls(), 2_000)).rejects.toThrow(
      new RegExp(
        `^ningún relay dio la ronda 9 \\(${relays[0]!.url}: respondió HTTP 404; ${relays[1]!.url}: no respondió JSON\\)$`,
      ),
    );
    answering("hang", "hang");
    await expect(fetchRoundSignature(10, urls(), 200)).rejects.toThrow(
      `ningún relay dio la ronda 10 (${relays[0]!.url}: no respondió en 200 ms; ${relays[1]!.url}: no respondió en 200 ms)`,
    );
  });

  it("refuses an answer for another round, without a signature, or too large for a round", async () => {
    const answers = await startJsonRelay([
      { round: 12, signature: chain.sign(12).signature },
      { round: 11 },
      { round: 11, signature: "ab".repeat(3000) },
    ]);
    try {
      for (let index = 0; index < 3; index++) {
        await expect(fetchRoundSignature(11, [answers.url], 2_000)).rejects.toThrow(
          index === 2 ? "respondió demasiado para una ronda" : "no respondió una ronda de la cadena",
        );
      }
    } finally {
      await answers.close();
    }
  });
});
