/**
 * The server's verdict on a record ("Sorteo verificado" or what it is instead), on the real
 * round-1000 draw: verified only with drand's signature, witnesses that hold and every value
 * recomputing; a flag can only lower it.
 */
import { describe, expect, it } from "vitest";
import { drawVerdict as checkedVerdict, type WitnessFindings } from "~/lib/draw/draw-verdict";
import type { RecordedDraw } from "~/lib/draw/published-draw";
import { expectedWinners } from "../../support/draw-command";
import { rehearsalChain } from "../../support/drand-relay";
import { QUICKNET_DRAW, QUICKNET_LIST, QUICKNET_LIST_WITNESSED_AT } from "../../support/quicknet-draw";

const drawVerdict = async (...args: Parameters<typeof checkedVerdict>) => (await checkedVerdict(...args)).verdict;
const list = { bytes: new TextEncoder().encode(QUICKNET_LIST) };
const stamped: WitnessFindings = {
  stamped: true,
  checks: [{ value: "Sello de la lista", ok: true, detail: "" }],
  listWitnessedAt: QUICKNET_LIST_WITNESSED_AT,
  listIncomplete: false,
};

function recorded(): RecordedDraw {
  return {
    drawAt: QUICKNET_DRAW.drawAt,
    entryCount: 1000,
    window: { from: "2024-07-01", through: "2024-08-05" },
    leftOut: { outsideWindow: 0, unreadableDate: 0, refusedId: 0 },
    listHash: QUICKNET_DRAW.listHash,
    listUrl: "https://opinionlabz.example/sorteos/2024-08-05/ids.txt",
    idRule: 2,
    commitment: QUICKNET_DRAW.commitment,
    committedAt: QUICKNET_DRAW.committedAt,
    frozenAt: QUICKNET_DRAW.drawAt,
    seed: QUICKNET_DRAW.seed,
    rounds: [
      {
        ...QUICKNET_DRAW.round,
        beaconSource: "drand quicknet, ronda 10.024.141",
        beaconUrl: null,
        rehearsal: false,
        winnerName: "Valentina R.",
        winnerCountry: "Argentina",
      },
    ],
    sample: false,
    claimedAt: null,
    witnesses: {
      commitment: { url: "https://opinionlabz.example/sorteos/2024-08-05/compromiso.txt", tokens: [] },
      list: { url: "https://opinionlabz.example/sorteos/2024-08-05/lista.txt", tokens: [] },
    },
  };
}

describe("the server's verdict on a record", () => {
  it("is 'verified' only with witnesses that hold; without any, this moved draw no longer matches", async () => {
    expect(await drawVerdict(recorded(), list, stamped)).toBe("verified");
    // This record's round 0 moved by its witnesses' word: without them, it is not the rule's.
    expect(await drawVerdict(recorded(), list, { stamped: false })).toBe("mismatch");
  });

  it("is 'mismatch' when a witness's check fails, or any published value no longer recomputes", async () => {
    const failedWitness: WitnessFindings = {
      ...stamped,
      checks: [{ value: "Sello de la lista", ok: false, detail: "" }],
    };
    expect(await drawVerdict(recorded(), list, failedWitness)).toBe("mismatch");
    // The organizer's status names what failed.
    const draw = recorded();
    draw.seed = `${draw.seed.slice(0, -1)}0`;
    const { failed } = await checkedVerdict(draw, list, stamped);
    expect(failed.map((check) => check.value)).toEqual(["Compromiso", "Ganador (sorteo)"]);
    const changes: ((draw: RecordedDraw) => void)[] = [
      (draw) => (draw.seed = `${draw.seed.slice(0, -1)}0`),
      (draw) => (draw.rounds[0]!.winnerId = "OL-25001"),
      (draw) => (draw.drawAt = "2024-08-05T15:00:15.000Z"),
      (draw) => (draw.entryCount = 999),
    ];
    for (const change of changes) {
      const draw = recorded();
      change(draw);
      expect(await drawVerdict(draw, list, stamped), change.toString()).toBe("mismatch");
    }
    expect(await drawVerdict(recorded(), { bytes: new TextEncoder().encode(QUICKNET_LIST.slice(8)) }, stamped)).toBe(
      "mismatch",
    );
    expect(await drawVerdict(recorded(), { problem: "sin lista" }, stamped)).toBe("mismatch");
  });

  it("says a rehearsal is one, and a rehearsal whose flag was cleared never passes for drand's", async () => {
    const chain = rehearsalChain();
    const signed = chain.sign(QUICKNET_DRAW.round.drandRound);
    const [winnerId] = expectedWinners(QUICKNET_DRAW.seed, QUICKNET_DRAW.ids, [signed.randomness]);
    const rehearsal = recorded();
    rehearsal.rounds[0] = {
      ...rehearsal.rounds[0]!,
      signature: signed.signature,
      beacon: signed.randomness,
      winnerId: winnerId!,
      rehearsal: true,
    };
    expect(await drawVerdict(rehearsal, list, stamped)).toBe("rehearsal");
    rehearsal.rounds[0]!.rehearsal = false;
    expect(await drawVerdict(rehearsal, list, stamped)).toBe("mismatch");
    // A real draw marked as a rehearsal is lowered, never raised.
    const marked = recorded();
    marked.rounds[0]!.rehearsal = true;
    expect(await drawVerdict(marked, list, stamped)).toBe("rehearsal");
  });

  it("says a draw among the sample sheet's examples is one", async () => {
    expect(await drawVerdict({ ...recorded(), sample: true }, list, stamped)).toBe("sample");
  });
});
