import { describe, expect, it } from "vitest";
import type { ShownDraw } from "~/lib/draw/published-draw";
import { drawnWinners, examplesToFill } from "~/lib/draw/shown-winners";

function recorded(
  drawAt: string,
  winners: [name: string, country: string | null][],
  extra: Partial<ShownDraw> = {},
): ShownDraw {
  return {
    drawAt,
    entryCount: 10,
    window: { from: "2026-11-02", through: "2026-12-07" },
    leftOut: null,
    rule: "opinionlabz-draw-v2",
    listHash: "a".repeat(64),
    listUrl: "https://opinionlabz.example/sorteos/x/ids.txt",
    idRule: 2,
    idPattern: null,
    commitment: null,
    committedAt: null,
    frozenAt: drawAt,
    seed: null,
    rounds: winners.map(([winnerName, winnerCountry], index) => ({
      beacon: "d".repeat(64),
      beaconSource: "drand quicknet",
      beaconUrl: null,
      drandRound: 1000 + index,
      signature: null,
      rehearsal: false,
      winnerId: `OL-${index}`,
      winnerName,
      winnerCountry,
    })),
    sample: false,
    claimedAt: null,
    claimRound: null,
    told: [],
    claimSealedAt: null,
    notices: null,
    verdict: "verified",
    witnesses: { commitment: null, list: null, claim: null },
    ...extra,
  };
}

describe("the winners shown for recorded draws", () => {
  it("shows each draw's latest round, newest first: a redraw's winner, not the one who never claimed", () => {
    const shown = drawnWinners([
      recorded("2027-01-04T15:00:00.000Z", [["Lucía F.", "Chile"]], { claimSealedAt: "2027-01-20T13:30:00.000Z" }),
      recorded("2026-12-07T15:00:00.000Z", [
        ["Juan P.", "México"],
        ["Camila R.", null],
      ]),
    ]);
    expect(shown).toEqual([
      {
        drawAt: "2027-01-04T15:00:00.000Z",
        name: "Lucía F.",
        country: "Chile",
        month: "enero de 2027",
        round: 0,
        recordHref: "/sorteos#sorteo-2027-01-04",
        deliveredOn: "20/1/2027",
        notReal: null,
        mark: "verified",
      },
      {
        drawAt: "2026-12-07T15:00:00.000Z",
        name: "Camila R.",
        country: null,
        month: "diciembre de 2026",
        round: 1,
        recordHref: "/sorteos#sorteo-2026-12-07",
        deliveredOn: null,
        notReal: null,
        mark: "verified",
      },
    ]);
  });

  it("never passes a sample-sheet draw or a rehearsal for a real one", () => {
    const sample = recorded("2026-12-07T15:00:00.000Z", [["Ana B.", "Perú"]], { sample: true, verdict: "sample" });
    const rehearsal = recorded("2026-11-02T15:00:00.000Z", [["Ana B.", "Perú"]], { verdict: "rehearsal" });
    rehearsal.rounds[0]!.rehearsal = true;
    expect(drawnWinners([sample, rehearsal]).map((winner) => [winner.notReal, winner.mark])).toEqual([
      ["sample", "sample"],
      ["rehearsal", "rehearsal"],
    ]);
  });

  it("marks each card with the server's verdict on its record, whatever the record's flags say", () => {
    const marks = (["verified", "unwitnessed", "mismatch"] as const).map(
      (verdict) => drawnWinners([recorded("2026-12-07T15:00:00.000Z", [["Ana B.", "Perú"]], { verdict })])[0]!,
    );
    expect(marks.map((winner) => [winner.notReal, winner.mark])).toEqual([
      [null, "verified"],
      [null, "unwitnessed"],
      [null, "mismatch"],
    ]);
  });

  it("says the month and the delivery day in Argentina, whatever the UTC date", () => {
    // 00:30 UTC on 1 February is still 31 January in Argentina (UTC-3).
    const [winner] = drawnWinners([
      recorded("2026-12-07T15:00:00.000Z", [["Ana B.", "Perú"]], { claimSealedAt: "2027-02-01T00:30:00.000Z" }),
    ]);
    expect(winner!.deliveredOn).toBe("31/1/2027");
  });

  it("counts a claim's recorded day only on a record of rule v1, whose claims were never sealed", () => {
    const claimedAt = "2027-01-20T13:30:00.000Z";
    const v2 = recorded("2027-01-04T15:00:00.000Z", [["Ana B.", "Perú"]], { claimedAt });
    const v1 = recorded("2026-12-07T15:00:00.000Z", [["Ana B.", "Perú"]], {
      claimedAt,
      rule: "opinionlabz-draw-v1",
    });
    // A v2 claim's column alone, unsealed or sealed too late, is no delivery.
    expect(drawnWinners([v2, v1]).map((winner) => winner.deliveredOn)).toEqual([null, "20/1/2027"]);
  });
});

describe("examples filling the places", () => {
  const examples = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];
  it("fills ten places around real winners, and leaves none once they are enough", () => {
    expect(examplesToFill(examples, 0, 10)).toEqual(examples);
    expect(examplesToFill(examples, 3, 10)).toEqual(["a", "b", "c", "d", "e", "f", "g"]);
    expect(examplesToFill(examples, 10, 10)).toEqual([]);
    expect(examplesToFill(examples, 12, 10)).toEqual([]);
  });
});
