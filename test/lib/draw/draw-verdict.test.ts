/**
 * The server's verdict on a record ("Sorteo verificado" or what it is instead): verified only with
 * drand's signature on the rule's round, witnesses that hold and every value recomputing; a flag
 * can only lower it. No real quicknet round falls on a rule's round of a record we can pin (every
 * round's time is a draw instant plus 30 minutes), so here quicknet's key is a test chain's
 * (`vi.mock` below); the real key's own checks are test/lib/draw/drand-beacon.test.ts's, and the
 * real round-10,024,141 draw shows that a moved round no longer counts.
 */
import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { drawVerdict as checkedVerdict, type WitnessFindings } from "~/lib/draw/draw-verdict";
import type { PublishedDraw } from "~/lib/draw/published-draw";
import { rehearsalKey, signRound } from "~/lib/draw/rehearsal-key.server";
import { expectedWinners, sha256 } from "../../support/draw-command";
import { QUICKNET_DRAW, QUICKNET_LIST } from "../../support/quicknet-draw";

const TEST_CHAIN = vi.hoisted(() => "1c3d5e7f".repeat(8));
vi.mock("~/lib/draw/drand-beacon", async (importOriginal) =>
  (await import("../../support/test-chain")).onTestChain(importOriginal, TEST_CHAIN),
);

const drawVerdict = async (...args: Parameters<typeof checkedVerdict>) => (await checkedVerdict(...args)).verdict;
/** The draw of Monday 7 December 2026, 12:00 in Argentina; its rule's round, out at 12:30. */
const DRAW_AT = "2026-12-07T15:00:00.000Z";
const ROUND = 34_618_012;
const IDS = ["OL-1", "OL-2", "OL-3", "OL-4"];
const LIST = IDS.map((id) => `${id}\n`).join("");
const list = { bytes: new TextEncoder().encode(LIST) };
/** A round's value: the SHA-256 of its signature's bytes (docs/draw.md, "The public value"). */
const beaconOf = (signature: string) => createHash("sha256").update(Buffer.from(signature, "hex")).digest("hex");
const signed = signRound(rehearsalKey(TEST_CHAIN), ROUND);
const BEACON = beaconOf(signed);

/** Witnesses whose checks held: two independent authorities sealed the list before the round. */
const stamped: WitnessFindings = {
  stamped: true,
  checks: [{ value: "Lista sellada antes de que drand publicara la ronda del sorteo", ok: true, detail: "" }],
  listSeals: [{ stampedAt: Date.parse(DRAW_AT) + 2000, latestAt: Date.parse(DRAW_AT) + 3000 }],
  listSealedInTime: true,
  listIncomplete: false,
  claimSealedAt: null,
};

function recorded(): PublishedDraw {
  return {
    drawAt: DRAW_AT,
    rule: "opinionlabz-draw-v2",
    entryCount: 4,
    window: { from: "2026-11-02", through: "2026-12-07" },
    leftOut: { outsideWindow: 0, unreadableDate: 0, refusedId: 0 },
    listHash: sha256(LIST),
    listUrl: "https://opinionlabz.example/sorteos/2026-12-07/ids.txt",
    idRule: 3,
    idPattern: "^OL-[1-9][0-9]*$",
    commitment: null,
    committedAt: null,
    seed: null,
    frozenAt: "2026-12-07T15:00:01.000Z",
    rounds: [
      {
        beacon: BEACON,
        beaconSource: "drand quicknet, ronda 34.618.012",
        beaconUrl: null,
        drandRound: ROUND,
        signature: signed,
        rehearsal: false,
        winnerId: expectedWinners(IDS, [BEACON])[0]!,
        winnerName: "Ana B.",
        winnerCountry: "Chile",
      },
    ],
    sample: false,
    claimedAt: null,
    claimRound: null,
    told: [],
    witnesses: {
      commitment: null,
      list: { url: "https://opinionlabz.example/sorteos/2026-12-07/lista.txt", tokens: [] },
      claim: null,
    },
  };
}

describe("the server's verdict on a record", () => {
  it("is 'verified' with witnesses that hold; a v2 record without witnesses matches nothing", async () => {
    expect(await drawVerdict(recorded(), list, stamped)).toBe("verified");
    const { verdict, failed } = await checkedVerdict(recorded(), list, { ...stamped, listSeals: [] });
    expect([verdict, failed.map((check) => check.value)]).toEqual(["mismatch", ["Fecha de la lista"]]);
  });

  it("is 'mismatch' when a witness's check fails, or any published value no longer recomputes", async () => {
    const failedWitness: WitnessFindings = {
      ...stamped,
      checks: [{ value: "Sello de Testigo Uno (lista)", ok: false, detail: "" }],
    };
    expect(await drawVerdict(recorded(), list, failedWitness)).toBe("mismatch");
    // The organizer's status names what failed: a later round for that day never counts.
    const later = recorded();
    const lateSignature = signRound(rehearsalKey(TEST_CHAIN), ROUND + 300);
    later.rounds[0] = { ...later.rounds[0]!, drandRound: ROUND + 300, signature: lateSignature };
    later.rounds[0].beacon = beaconOf(lateSignature);
    later.rounds[0].winnerId = expectedWinners(IDS, [later.rounds[0].beacon])[0]!;
    const { failed } = await checkedVerdict(later, list, stamped);
    expect(failed.map((check) => check.value)).toEqual(["Rondas de drand"]);
    const changes: ((draw: PublishedDraw) => void)[] = [
      (draw) => (draw.rounds[0]!.winnerId = IDS.find((id) => id !== draw.rounds[0]!.winnerId)!),
      (draw) => (draw.drawAt = "2026-12-07T15:00:15.000Z"),
      (draw) => (draw.entryCount = 3),
      // A freeze recorded after its first seal: the seal says when the list was closed, not the database.
      (draw) => (draw.frozenAt = "2026-12-07T15:00:04.000Z"),
      (draw) => (draw.frozenAt = "2026-12-07T14:59:00.000Z"),
      (draw) => (draw.idPattern = "^OL-[2-9][0-9]*$"),
    ];
    for (const change of changes) {
      const draw = recorded();
      change(draw);
      expect(await drawVerdict(draw, list, stamped), change.toString()).toBe("mismatch");
    }
    expect(await drawVerdict(recorded(), { bytes: new TextEncoder().encode(LIST.slice(5)) }, stamped)).toBe("mismatch");
    expect(await drawVerdict(recorded(), { problem: "sin lista" }, stamped)).toBe("mismatch");
  });

  it("holds a record of rule v1 to its seed, and to the rule's round: a round its witnesses once moved no longer counts", async () => {
    const v1: PublishedDraw = {
      ...recorded(),
      drawAt: QUICKNET_DRAW.drawAt,
      rule: "opinionlabz-draw-v1",
      entryCount: 1000,
      window: { from: "2024-07-01", through: "2024-08-05" },
      listHash: QUICKNET_DRAW.listHash,
      idRule: 2,
      idPattern: null,
      commitment: QUICKNET_DRAW.commitment,
      committedAt: QUICKNET_DRAW.committedAt,
      seed: QUICKNET_DRAW.seed,
      frozenAt: QUICKNET_DRAW.drawAt,
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
    };
    const thousand = { bytes: new TextEncoder().encode(QUICKNET_LIST) };
    const { verdict, failed } = await checkedVerdict(v1, thousand, { stamped: false });
    // drand's own signature (the real key: the test chain's is not it), on a round the rule does not name.
    expect([verdict, failed.map((check) => check.value)]).toEqual([
      "mismatch",
      ["Rondas de drand", "Valor público (sorteo)"],
    ]);
  });

  it("says a rehearsal is one, and a rehearsal whose flag was cleared never passes for drand's", async () => {
    const other = rehearsalKey();
    const rehearsalSignature = signRound(other, ROUND);
    const beacon = beaconOf(rehearsalSignature);
    const rehearsal = recorded();
    rehearsal.rounds[0] = {
      ...rehearsal.rounds[0]!,
      signature: rehearsalSignature,
      beacon,
      winnerId: expectedWinners(IDS, [beacon])[0]!,
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
