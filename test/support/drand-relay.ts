import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { bls12_381 } from "@noble/curves/bls12-381.js";

/** quicknet's chain hash: relays serve rounds under it. */
const CHAIN_HASH = "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971";
const DST = "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";

/** A rehearsal chain: a key pair made here, signing rounds as quicknet does (docs/draw.md, "Rehearsals"). */
export interface RehearsalChain {
  /** DRAW_REHEARSAL_KEY: the G2 public key, hex. */
  publicKey: string;
  /** The signature of `round`, hex, and the randomness drawn from it. */
  sign: (round: number) => { signature: string; randomness: string };
}

export function rehearsalChain(): RehearsalChain {
  const bls = bls12_381.shortSignatures;
  const { secretKey, publicKey } = bls.keygen();
  return {
    publicKey: Buffer.from(publicKey.toBytes()).toString("hex"),
    sign(round) {
      const roundBytes = Buffer.alloc(8);
      roundBytes.writeBigUInt64BE(BigInt(round));
      const message = createHash("sha256").update(roundBytes).digest();
      const signature = Buffer.from(bls.Signature.toBytes(bls.sign(bls.hash(message, DST), secretKey)));
      return { signature: signature.toString("hex"), randomness: createHash("sha256").update(signature).digest("hex") };
    },
  };
}

/** How a stand-in relay answers: as drand does, or one of the ways a relay can fail. */
export type RelayBehaviour = "drand" | "other-signature" | "garbage" | "not-found" | "hang";

export interface StandInRelay {
  url: string;
  behaviour: RelayBehaviour;
  /** The rounds asked of it so far. */
  asked: number[];
  close: () => Promise<void>;
}

/** A drand HTTP relay on loopback, answering `GET /<chain hash>/public/<round>` for `chain`. */
export async function startStandInRelay(chain: RehearsalChain): Promise<StandInRelay> {
  const relay = { behaviour: "drand" as RelayBehaviour, asked: [] as number[] };
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const match = new RegExp(`^/${CHAIN_HASH}/public/(\\d+)$`).exec(request.url ?? "");
    if (!match) return void response.writeHead(404).end();
    const round = Number(match[1]);
    relay.asked.push(round);
    const json = (body: unknown) =>
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    switch (relay.behaviour) {
      case "drand":
        return json({ round, ...chain.sign(round) });
      case "other-signature":
        return json({ round, ...chain.sign(round + 1) });
      case "garbage":
        return void response.writeHead(200, { "content-type": "text/html" }).end("<html>Bad gateway</html>");
      case "not-found":
        return void response.writeHead(404).end();
      case "hang":
        hanging.add(response);
        return;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(relay, {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}
