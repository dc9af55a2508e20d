import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import {
  canonicalId,
  commitmentOf,
  drawRounds,
  entryListText,
  formattedId,
  freezeEntryIds,
  idPatternOf,
  parseEntryList,
  sha256Hex,
  winnerIndex,
} from "~/lib/draw/verifiable-draw";
import { beaconRound } from "~/lib/draw/quicknet-rounds";

/**
 * An independent implementation of docs/draw.md, one openssl call per step, as an outsider
 * would check a draw: it shares no code with the app, only the written rule.
 */
function opensslSha256(input: string | Buffer, hmacKey?: string): string {
  const args = ["dgst", "-sha256", "-r", ...(hmacKey === undefined ? [] : ["-hmac", hmacKey])];
  return execFileSync("openssl", args, { input }).toString("utf8").slice(0, 64);
}

interface Reference {
  listHash: string;
  commitment: string;
  /** Each round's winner, with its index among the entries left and the attempts it took. */
  rounds: { index: number; attempts: number; id: string; rejected: number[] }[];
}

/**
 * Rule v2 (docs/draw.md, "The rule, precisely"): no seed; each attempt's word is the first 4
 * bytes of SHA-256 of "opinionlabz-draw-v2:<list hash>:<beacon>:<round>:<attempt>".
 */
function referenceDrawV2(ids: string[], beacons: string[]): Omit<Reference, "commitment"> {
  const listHash = opensslSha256(Buffer.from(ids.map((id) => id + "\n").join(""), "utf8"));
  const remaining = [...ids];
  const rounds = beacons.map((beacon, round) => {
    const n = remaining.length;
    let k = 0;
    while (2 ** k < n) k += 1;
    const rejected: number[] = [];
    for (let attempt = 0; ; attempt += 1) {
      const digest = opensslSha256(`opinionlabz-draw-v2:${listHash}:${beacon}:${round}:${attempt}`);
      const x = Number(BigInt(`0x${digest.slice(0, 8)}`) >> BigInt(32 - k));
      if (x < n) return { index: x, attempts: attempt + 1, id: remaining.splice(x, 1)[0]!, rejected };
      rejected.push(x);
    }
  });
  return { listHash, rounds };
}

/** Rule v1, as records before round 6 were drawn: each attempt keyed with the revealed seed. */
function referenceDraw(seed: string, ids: string[], beacons: string[]): Reference {
  // The list as published: each id and a line feed, UTF-8 bytes.
  const listHash = opensslSha256(Buffer.from(ids.map((id) => id + "\n").join(""), "utf8"));
  const commitment = opensslSha256(seed);
  const remaining = [...ids];
  const rounds = beacons.map((beacon, round) => {
    const n = remaining.length;
    let k = 0;
    while (2 ** k < n) k += 1;
    const rejected: number[] = [];
    for (let attempt = 0; ; attempt += 1) {
      const mac = opensslSha256(`opinionlabz-draw-v1:${listHash}:${beacon}:${round}:${attempt}`, seed);
      const x = Number(BigInt(`0x${mac.slice(0, 8)}`) >> BigInt(32 - k));
      if (x < n) return { index: x, attempts: attempt + 1, id: remaining.splice(x, 1)[0]!, rejected };
      rejected.push(x);
    }
  });
  return { listHash, commitment, rounds };
}

const THOUSAND = Array.from({ length: 1000 }, (_, i) => `OL-${25001 + i}`);
const THREE = ["OL-24001", "Camila-03", "ñandú-7"];

/** Fixed vectors, pinned: the app and the openssl reference must both give these values. */
const VECTORS = [
  {
    name: "one entry: it wins whatever the values",
    seed: "ae72b44f9fec6fa5532a00593bdfa2cb69b42382d92effd71e280128cfa27399",
    ids: ["OL-24017"],
    beacons: ["712af3b858130468e60a7fb768e576d33b4948259d0efc568be783a6eb75a85b"],
    listHash: "f1c52b4bd58f4a6428542b83c5b3ce0242e5af6123ace3d7ff8bd3ace18a3925",
    commitment: "e9ccd97202d054771c951693572265dfb87c99e219f5fe663691ca797741cc9c",
    rounds: [{ index: 0, attempts: 1, id: "OL-24017" }],
  },
  {
    name: "two entries",
    seed: "fd05acfacc9afa953a171df0a72d5f8d7752dda02979fdbfafa0a3923c2cd8a3",
    ids: ["OL-24001", "OL-24002"],
    beacons: ["8346934961628aea82d51692eefdd540d09b09a5cacdc14dff78addf36c3de8a"],
    listHash: "2939e72849a1c84130357509236a2454d50eb7f3d7d6e632f31e0c037f3f1e59",
    commitment: "b17059b243c81a74a1e3549bb9222c556fd2a57155ba7afe56f56e1410cc5cbd",
    rounds: [{ index: 1, attempts: 1, id: "OL-24002" }],
  },
  {
    name: "three entries, one of them not ASCII",
    seed: "d20ac5f0542dd591f8ad4e537e3dceec8fabcab565d9658f81cbbdeb8f8f416d",
    ids: THREE,
    // Lower case and ñ: a list of id rule 1 (docs/draw.md, "Canonical list"), as lists were frozen before.
    idRule: 1 as const,
    beacons: ["b695484846358ee3bfac0855c4906fcf9ed2a084663138a4901c4a23175ee586"],
    listHash: "55b5d527cd2ea482b14108d3046665b21988b3d97ae2ad1fc290c84766b052fb",
    commitment: "e9e9ec62e8a6dbde93efe193235b80085fe0117ddde6990f3f2ddafdedf0c4c9",
    rounds: [{ index: 1, attempts: 1, id: "Camila-03" }],
  },
  {
    name: "three entries, three values rejected before one below 3",
    seed: "d20ac5f0542dd591f8ad4e537e3dceec8fabcab565d9658f81cbbdeb8f8f416d",
    ids: THREE,
    // Lower case and ñ: a list of id rule 1 (docs/draw.md, "Canonical list"), as lists were frozen before.
    idRule: 1 as const,
    beacons: ["0e23a01c245ef16b5b66a21937f1c64b093adcd1ccb2a773bee8f7bd47e0dae5"],
    listHash: "55b5d527cd2ea482b14108d3046665b21988b3d97ae2ad1fc290c84766b052fb",
    commitment: "e9e9ec62e8a6dbde93efe193235b80085fe0117ddde6990f3f2ddafdedf0c4c9",
    rounds: [{ index: 2, attempts: 4, id: "ñandú-7" }],
  },
  {
    name: "three entries drawn to the last: the draw and two redraws",
    seed: "d20ac5f0542dd591f8ad4e537e3dceec8fabcab565d9658f81cbbdeb8f8f416d",
    ids: THREE,
    // Lower case and ñ: a list of id rule 1 (docs/draw.md, "Canonical list"), as lists were frozen before.
    idRule: 1 as const,
    beacons: [
      "b695484846358ee3bfac0855c4906fcf9ed2a084663138a4901c4a23175ee586",
      "bdeb8656c3c7b326109cebb8cb19e35bc121f81d2796d49b5925cba716756360",
      "7d36f04bf68c787e88f4cc7766953e6d0381613abf605b227299b0c661f7be1d",
    ],
    listHash: "55b5d527cd2ea482b14108d3046665b21988b3d97ae2ad1fc290c84766b052fb",
    commitment: "e9e9ec62e8a6dbde93efe193235b80085fe0117ddde6990f3f2ddafdedf0c4c9",
    rounds: [
      { index: 1, attempts: 1, id: "Camila-03" },
      { index: 0, attempts: 1, id: "OL-24001" },
      { index: 0, attempts: 1, id: "ñandú-7" },
    ],
  },
  {
    name: "1000 entries",
    seed: "6ce0cbaf6bed9d7bd71c3d0cb3231542ef1d8591b61f691352ed528f59f30f3e",
    ids: THOUSAND,
    beacons: ["6eb37bd557a659a9110bab5e02f4f8276695d6ce67c1b145fd68b094b9fcb6b7"],
    listHash: "c3a836a20f59816419231c6277818fe27a6c587b39e094a05f3e24530dcf421d",
    commitment: "aae215c9576f7498e30b09b13a611a86aff065915b64853937963a357473e90c",
    rounds: [{ index: 237, attempts: 1, id: "OL-25238" }],
  },
  {
    name: "1000 entries, one value of 1000 or more rejected",
    seed: "6ce0cbaf6bed9d7bd71c3d0cb3231542ef1d8591b61f691352ed528f59f30f3e",
    ids: THOUSAND,
    beacons: ["b66dc4c9bcbd4101a5328bc69e2c6922a3ce3a51b7270c265610ebb18bde3900"],
    listHash: "c3a836a20f59816419231c6277818fe27a6c587b39e094a05f3e24530dcf421d",
    commitment: "aae215c9576f7498e30b09b13a611a86aff065915b64853937963a357473e90c",
    rounds: [{ index: 979, attempts: 2, id: "OL-25980" }],
  },
  {
    name: "1000 entries and two redraws, the first past the earlier winner's place",
    seed: "6ce0cbaf6bed9d7bd71c3d0cb3231542ef1d8591b61f691352ed528f59f30f3e",
    ids: THOUSAND,
    beacons: [
      "6eb37bd557a659a9110bab5e02f4f8276695d6ce67c1b145fd68b094b9fcb6b7",
      "84297b5ea9be39f1889c8dc88f1081214f65fe890310d5c7e60e83eea7426d57",
      "2ba5f01dfab18b5aae0c76aeb1486aa3f0332624dcae7029575650ff9b3ac609",
    ],
    listHash: "c3a836a20f59816419231c6277818fe27a6c587b39e094a05f3e24530dcf421d",
    commitment: "aae215c9576f7498e30b09b13a611a86aff065915b64853937963a357473e90c",
    rounds: [
      { index: 237, attempts: 1, id: "OL-25238" },
      // Index 968 among the 999 left is entry 969 of the list: OL-25238 (entry 237) is gone.
      { index: 968, attempts: 1, id: "OL-25970" },
      { index: 37, attempts: 1, id: "OL-25038" },
    ],
  },
];

const OL_THREE = ["OL-24001", "OL-24002", "OL-24003"];

/** Rule v2's vectors, pinned: the app and the openssl reference must both give these values. */
const VECTORS_V2 = [
  {
    name: "one entry: it wins whatever the value",
    ids: ["OL-24017"],
    beacons: ["4390bf00c6301e9fe98a12d1298c85a643b30801d2e632b24c92472dd9550fdc"],
    listHash: "f1c52b4bd58f4a6428542b83c5b3ce0242e5af6123ace3d7ff8bd3ace18a3925",
    rounds: [{ index: 0, attempts: 1, id: "OL-24017" }],
  },
  {
    name: "two entries",
    ids: ["OL-24001", "OL-24002"],
    beacons: ["4390bf00c6301e9fe98a12d1298c85a643b30801d2e632b24c92472dd9550fdc"],
    listHash: "2939e72849a1c84130357509236a2454d50eb7f3d7d6e632f31e0c037f3f1e59",
    rounds: [{ index: 0, attempts: 1, id: "OL-24001" }],
  },
  {
    name: "three entries, three values rejected before one below 3",
    ids: OL_THREE,
    beacons: ["cc65f8ce86a54a8ba5253764e53a117ddf51e95e39c20025273a3f7d46d1d421"],
    listHash: "4fdaf9fb8986acaba045f5c253fb9ed007244ec79f836529675c34404d7dd622",
    rounds: [{ index: 2, attempts: 4, id: "OL-24003" }],
  },
  {
    name: "three entries drawn to the last: the draw and two redraws",
    ids: OL_THREE,
    beacons: [
      "4390bf00c6301e9fe98a12d1298c85a643b30801d2e632b24c92472dd9550fdc",
      "b66e1d8283864984219aab02839a2bbdf480d91249a796e1e922436bad4ba13e",
      "1fc440f17c78d58da9b1736c1ce5ab680491a65881fa7f180f33f543cb782472",
    ],
    listHash: "4fdaf9fb8986acaba045f5c253fb9ed007244ec79f836529675c34404d7dd622",
    rounds: [
      { index: 2, attempts: 1, id: "OL-24003" },
      { index: 0, attempts: 1, id: "OL-24001" },
      { index: 0, attempts: 1, id: "OL-24002" },
    ],
  },
  {
    name: "1000 entries, one value of 1000 or more rejected",
    ids: THOUSAND,
    beacons: ["278f6ac2a7cde55409bfd679cc294dbad63506a43107be5c995197a86d550281"],
    listHash: "c3a836a20f59816419231c6277818fe27a6c587b39e094a05f3e24530dcf421d",
    rounds: [{ index: 732, attempts: 2, id: "OL-25733" }],
  },
  {
    name: "1000 entries and two redraws",
    ids: THOUSAND,
    beacons: [
      "4390bf00c6301e9fe98a12d1298c85a643b30801d2e632b24c92472dd9550fdc",
      "b66e1d8283864984219aab02839a2bbdf480d91249a796e1e922436bad4ba13e",
      "1fc440f17c78d58da9b1736c1ce5ab680491a65881fa7f180f33f543cb782472",
    ],
    listHash: "c3a836a20f59816419231c6277818fe27a6c587b39e094a05f3e24530dcf421d",
    rounds: [
      { index: 310, attempts: 1, id: "OL-25311" },
      { index: 914, attempts: 1, id: "OL-25916" },
      { index: 87, attempts: 1, id: "OL-25088" },
    ],
  },
];

describe("fixed vectors of rule v2 (no seed)", () => {
  it.each(VECTORS_V2)("$name: the app gives the pinned values", async (vector) => {
    const drawn = await drawRounds({ rule: "opinionlabz-draw-v2", ids: vector.ids, beacons: vector.beacons });
    expect(drawn.listHash).toBe(vector.listHash);
    expect(drawn.rounds).toEqual(vector.rounds.map((round, index) => ({ round: index, ...round })));
  });

  it.each(VECTORS_V2)("$name: openssl, step by step, gives the same values", (vector) => {
    const reference = referenceDrawV2(vector.ids, vector.beacons);
    expect(reference.listHash).toBe(vector.listHash);
    expect(reference.rounds.map(({ index, attempts, id }) => ({ index, attempts, id }))).toEqual(vector.rounds);
  });

  it("takes no seed: any seed given changes nothing, and the same list and round give the same winner", async () => {
    const { ids, beacons, rounds } = VECTORS_V2[4]!;
    for (const seed of [null, "ae72b44f9fec6fa5532a00593bdfa2cb69b42382d92effd71e280128cfa27399"]) {
      const drawn = await drawRounds({ rule: "opinionlabz-draw-v2", seed, ids, beacons });
      expect(drawn.rounds[0]!.id).toBe(rounds[0]!.id);
    }
    // v1 on the same list and value draws another way: the tag and the key are the rule.
    const v1 = await drawRounds({
      rule: "opinionlabz-draw-v1",
      seed: "ae72b44f9fec6fa5532a00593bdfa2cb69b42382d92effd71e280128cfa27399",
      ids,
      beacons,
    });
    expect(v1.rounds[0]!.id).not.toBe(rounds[0]!.id);
  });
});

describe("fixed vectors of rule v1 (records before round 6)", () => {
  it.each(VECTORS)("$name: the app gives the pinned values", async (vector) => {
    expect(await commitmentOf(vector.seed)).toBe(vector.commitment);
    const drawn = await drawRounds({
      rule: "opinionlabz-draw-v1",
      seed: vector.seed,
      ids: vector.ids,
      beacons: vector.beacons,
      idRule: vector.idRule,
    });
    expect(drawn.listHash).toBe(vector.listHash);
    expect(drawn.rounds).toEqual(vector.rounds.map((round, index) => ({ round: index, ...round })));
  });

  it.each(VECTORS)("$name: openssl, step by step, gives the same values", (vector) => {
    const reference = referenceDraw(vector.seed, vector.ids, vector.beacons);
    expect(reference.listHash).toBe(vector.listHash);
    expect(reference.commitment).toBe(vector.commitment);
    expect(reference.rounds.map(({ index, attempts, id }) => ({ index, attempts, id }))).toEqual(vector.rounds);
  });

  it("rejects values at or above the count rather than folding them back", () => {
    const three = VECTORS.find((vector) => vector.rounds[0]!.attempts === 4)!;
    // 2 bits name 0…3; only 3 is out of range, so three rejections were all 3s.
    expect(referenceDraw(three.seed, three.ids, three.beacons).rounds[0]!.rejected).toEqual([3, 3, 3]);
    const thousand = VECTORS.find((vector) => vector.ids.length === 1000 && vector.rounds[0]!.attempts === 2)!;
    const [rejected] = referenceDraw(thousand.seed, thousand.ids, thousand.beacons).rounds[0]!.rejected;
    // 10 bits name 0…1023; a modulo would have made this value index rejected - 1000.
    expect(rejected).toBeGreaterThanOrEqual(1000);
    expect(rejected).toBeLessThan(1024);
  });
});

describe("winnerIndex", () => {
  const seed = VECTORS[0]!.seed;
  const listHash = VECTORS[0]!.listHash;
  const beacon = VECTORS[0]!.beacons[0]!;

  const v1 = { rule: "opinionlabz-draw-v1" as const, seed };

  it("uses all 32 bits of the first word when the count is 2^32", async () => {
    const mac = opensslSha256(`opinionlabz-draw-v1:${listHash}:${beacon}:0:0`, seed);
    const result = await winnerIndex({ ...v1, listHash, beacon, round: 0, count: 2 ** 32 });
    expect(result).toEqual({ index: parseInt(mac.slice(0, 8), 16), attempts: 1 });
    const digest = opensslSha256(`opinionlabz-draw-v2:${listHash}:${beacon}:0:0`);
    const v2 = await winnerIndex({ rule: "opinionlabz-draw-v2", listHash, beacon, round: 0, count: 2 ** 32 });
    expect(v2).toEqual({ index: parseInt(digest.slice(0, 8), 16), attempts: 1 });
  });

  it("gives each of 3 entries about a third of 3000 draws", async () => {
    const counts = [0, 0, 0];
    for (let i = 0; i < 3000; i += 1) {
      const varied = await sha256Hex(`beacon ${i}`);
      const { index } = await winnerIndex({
        rule: "opinionlabz-draw-v2",
        listHash,
        beacon: varied,
        round: 0,
        count: 3,
      });
      counts[index]! += 1;
    }
    // Deterministic inputs, so this never flakes; a modulo of 2 bits would give index 0 about 1500.
    for (const count of counts) expect(count).toBeGreaterThan(900);
    for (const count of counts) expect(count).toBeLessThan(1100);
  });

  it.each([
    ["a seed in capitals", { seed: seed.toUpperCase() }, /seed/],
    ["a seed of 63 characters", { seed: seed.slice(1) }, /seed/],
    ["a list hash that is not hex", { listHash: "z".repeat(64) }, /list hash/],
    ["a beacon of 31 characters", { beacon: "a".repeat(31) }, /beacon/],
    ["a beacon of 129 characters", { beacon: "a".repeat(129) }, /beacon/],
    ["a beacon with a colon", { beacon: `${beacon}:1` }, /beacon/],
    ["a negative round", { round: -1 }, /round/],
    ["a round that is not whole", { round: 0.5 }, /round/],
    ["no entries", { count: 0 }, /entries/],
    ["more than 2^32 entries", { count: 2 ** 32 + 1 }, /entries/],
  ])("refuses %s", async (_name, change, message) => {
    await expect(winnerIndex({ ...v1, listHash, beacon, round: 0, count: 3, ...change })).rejects.toThrow(message);
  });

  it("accepts beacons of 32 and 128 hex characters", async () => {
    for (const length of [32, 128]) {
      const result = await winnerIndex({ ...v1, listHash, beacon: "7".repeat(length), round: 0, count: 1 });
      expect(result).toEqual({ index: 0, attempts: 1 });
    }
  });
});

describe("drawRounds", () => {
  const { beacons } = VECTORS[0]!;
  const rule = "opinionlabz-draw-v2" as const;

  it("refuses an empty list, more rounds than entries, and ids that are not a frozen list", async () => {
    await expect(drawRounds({ rule, ids: [], beacons })).rejects.toThrow(/at least one entry/);
    await expect(drawRounds({ rule, ids: ["A"], beacons: [beacons[0]!, beacons[0]!] })).rejects.toThrow(/More rounds/);
    await expect(drawRounds({ rule, ids: ["A", "A"], beacons })).rejects.toThrow(/frozen list/);
    await expect(drawRounds({ rule, ids: [" A"], beacons })).rejects.toThrow(/frozen list/);
  });
});

describe("the canonical list", () => {
  it("keeps sheet order, drops later repeats and ids that cannot stand on one line", () => {
    const frozen = freezeEntryIds(["B-2", "  A-1 ", "B-2", "", "x\ny", "tab\there", "C-3", "A-1"]);
    expect(frozen).toEqual({
      ids: ["B-2", "A-1", "C-3"],
      rows: ["B-2", "  A-1 ", "C-3"],
      duplicates: ["B-2", "A-1"],
      invalid: ["", "x\ny", "tab\there"],
    });
  });

  it("leaves out an id holding an invisible character: zero-width, a direction override, a BOM, a C1 control", () => {
    const tricky = [
      "OL-1\u200B001",
      "OL-\u202E1001",
      "OL-\uFEFF1001",
      "OL-1001\u0085",
      "OL-\u2066100\u2069",
      "OL-\u20281",
    ];
    const frozen = freezeEntryIds(["OL-1001", ...tricky]);
    expect(frozen).toEqual({ ids: ["OL-1001"], rows: ["OL-1001"], duplicates: [], invalid: tricky });
  });

  /**
   * docs/draw.md, "Canonical list": one person typing the same number several ways. Folded
   * (NFKC), trimmed and upper-cased, these are OL-1001 itself: one entry.
   */
  const SAME_ID = [
    "ol-1001", // lower case
    "\uFF2FL-1001", // a full-width Ｏ
    "ＯＬ－１００１", // all full-width, the hyphen too
    "OL-1001\u00A0", // a non-breaking space after it
    "\u00A0ol-1001\u3000", // non-breaking and ideographic spaces around, lower case
    "ｏｌ-1001", // full-width lower case
  ];
  /** Still not OL-1001 once folded, and not an id of letters, digits, "-", "_", ".": refused. */
  const REFUSED = [
    "\u041EL-1001", // a Cyrillic О
    "OL\u20101001", // U+2010 HYPHEN
    "OL\u00A01001", // a non-breaking space inside (a space once folded)
    "OL-1001\uFE0F", // VARIATION SELECTOR-16
    "OL-\u034F1001", // COMBINING GRAPHEME JOINER
    "OL-1001\u3164", // HANGUL FILLER
    "OL-1001\u2800", // BRAILLE PATTERN BLANK
    "\uFF2F\u041B-1001", // a full-width Ｏ and a Cyrillic Л
    "ol\u2010１００１\uFE0F", // lower case, U+2010, full-width digits, a variation selector
    "ＯＬ-1001\u034F\u00A0", // full-width, a grapheme joiner, a trailing non-breaking space
    "ol-1001\u2800\u3164", // two blanks that show as nothing
    "OL 1001", // a plain space inside
    "Ñandú-7", // letters outside ASCII
  ];

  it("gives lookalikes of one id one entry, and leaves out those folding cannot make an id", () => {
    for (const raw of SAME_ID) expect(canonicalId(raw), JSON.stringify(raw)).toBe("OL-1001");
    for (const raw of REFUSED) expect(canonicalId(raw), JSON.stringify(raw)).toBeNull();
    const frozen = freezeEntryIds(["OL-1001", ...REFUSED, ...SAME_ID, "OL-1002"]);
    expect(frozen.ids).toEqual(["OL-1001", "OL-1002"]);
    expect(frozen.duplicates).toEqual(SAME_ID);
    expect(frozen.invalid).toEqual(REFUSED);
  });

  it("keeps the first of the lookalikes in its place, written canonically, with its row", () => {
    expect(freezeEntryIds(["ｏｌ-7", "OL-6", "OL-7"]).ids).toEqual(["OL-7", "OL-6"]);
    const rows = [
      { id: "ol-7", name: "Ana" },
      { id: "OL-7", name: "Bea" },
    ];
    expect(freezeEntryIds(rows, (row) => row.id)).toEqual({
      ids: ["OL-7"],
      rows: [rows[0]],
      duplicates: [rows[1]],
      invalid: [],
    });
    expect(canonicalId(" ab_c.9-x ")).toBe("AB_C.9-X");
    // Compatibility folding, not guessing: a ligature is its letters, a Kelvin sign a K.
    expect(canonicalId("\uFB01-1")).toBe("FI-1");
    expect(canonicalId("\u212A-1")).toBe("K-1");
  });

  it("is one id and a line feed per entry, UTF-8, hashed as bytes", async () => {
    const text = entryListText(THREE);
    expect(text).toBe("OL-24001\nCamila-03\nñandú-7\n");
    expect(await sha256Hex(new Uint8Array(Buffer.from(text, "utf8")))).toBe(await sha256Hex(text));
    expect(await sha256Hex(text)).toBe(opensslSha256(Buffer.from(text, "utf8")));
  });

  it("parses back only from its canonical form", () => {
    expect(parseEntryList("OL-24001\nCAMILA-03\nA_B.7\n")).toEqual(["OL-24001", "CAMILA-03", "A_B.7"]);
    for (const altered of [
      "OL-24001\nCAMILA-03",
      "OL-24001\r\nCAMILA-03\r\n",
      "OL-24001\n\nCAMILA-03\n",
      "OL-24001\nOL-24001\n",
      "OL-24001 \nCAMILA-03\n",
      "\uFEFFOL-24001\n",
      "OL-24001\nCamila-03\n",
      "OL-24001\nÑANDÚ-7\n",
      "",
      "\n",
    ]) {
      expect(parseEntryList(altered), JSON.stringify(altered)).toBeNull();
    }
  });

  it("reads a list frozen under rule 1 (NFC, trimmed) with that rule, never with today's", () => {
    const rule1 = "OL-24001\nCamila-03\nñandú-7\n";
    expect(parseEntryList(rule1, 1)).toEqual(THREE);
    expect(parseEntryList(rule1, 2)).toBeNull();
    expect(parseEntryList(rule1)).toBeNull();
    for (const altered of [
      "OL-24001\nCamila-03",
      "OL-24001\r\n",
      "A\n\nB\n",
      "A\nA\n",
      "A \n",
      "\uFEFFA\n",
      "n\u0303\n",
    ]) {
      expect(parseEntryList(altered, 1), JSON.stringify(altered)).toBeNull();
    }
    // A list of rule 1 frozen before format characters were refused: a zero-width space stays one id.
    expect(parseEntryList("OL-1\u200B001\nOL-2\n", 1)).toEqual(["OL-1\u200B001", "OL-2"]);
  });

  it("draws from a rule 1 list only when told its rule", async () => {
    const { seed, beacons } = VECTORS[2]!;
    const rule = "opinionlabz-draw-v1" as const;
    await expect(drawRounds({ rule, seed, ids: THREE, beacons: [beacons[0]!] })).rejects.toThrow(/frozen list/);
    const { rounds } = await drawRounds({ rule, seed, ids: THREE, beacons: [beacons[0]!], idRule: 1 });
    expect(rounds[0]!.id).toBe("Camila-03");
  });
});

/**
 * The organizer's format of ids (ID_PATTERN, id rule 3; docs/draw.md, "Canonical list"): with the
 * default `^OL-[1-9][0-9]*$`, the lookalikes of OL-3001 that one person could type to hold more
 * entries are other ids, and none fits the format.
 */
describe("the id format", () => {
  const pattern = idPatternOf("^OL-[1-9][0-9]*$")!;
  const LOOKALIKES = ["0L-3001", "OL-3OO1", "OL_3001", "OL--3001", "OI-3001", "OL-03001"];

  it("takes one entry for OL-3001 and none for each of its lookalikes", () => {
    const frozen = freezeEntryIds(["OL-3001", ...LOOKALIKES, "ol-3001"], String, pattern);
    expect(frozen.ids).toEqual(["OL-3001"]);
    expect(frozen.invalid).toEqual(LOOKALIKES);
    expect(frozen.duplicates).toEqual(["ol-3001"]);
    for (const id of LOOKALIKES) expect(formattedId(id, pattern), id).toBeNull();
  });

  it("reads a list of id rule 3 only with its format, and refuses a line outside it", () => {
    expect(parseEntryList("OL-3001\nOL-3002\n", 3, pattern)).toEqual(["OL-3001", "OL-3002"]);
    expect(parseEntryList("OL-3001\nOL-03001\n", 3, pattern)).toBeNull();
    expect(parseEntryList("OL-3001\nOL-03001\n", 2)).toEqual(["OL-3001", "OL-03001"]);
  });

  it("is anchored, a regular expression, and at most 200 characters, or no format at all", () => {
    for (const bad of ["OL-[0-9]+", "^OL-[0-9]+", "OL-[0-9]+$", "^OL-(", `^${"A".repeat(200)}$`]) {
      expect(idPatternOf(bad), bad).toBeNull();
    }
    expect(idPatternOf("^.*$")!.test("ANY")).toBe(true);
  });
});

describe("commitments of rule v1", () => {
  it("commit to the seed's text, and refuse what is not a seed", async () => {
    const seed = VECTORS[0]!.seed;
    expect(await commitmentOf(seed)).toBe(opensslSha256(seed));
    await expect(commitmentOf(`${seed}\n`)).rejects.toThrow(/seed/);
  });
});

describe("beaconRound", () => {
  it("is the first quicknet round at or after the draw instant plus 30 minutes", () => {
    // Quicknet: round 1 at 1692803367 s, one round every 3 s; 2026-12-07T15:30:00Z is 1796657400 s.
    expect((1796657400 - 1692803367) / 3 + 1).toBe(34618012);
    expect(beaconRound(new Date("2026-12-07T15:00:00Z"), 0)).toBe(34618012);
    expect(beaconRound(new Date("2026-12-07T15:00:01Z"), 0)).toBe(34618013);
    expect(beaconRound(new Date("2026-12-07T15:00:03Z"), 0)).toBe(34618013);
    expect(beaconRound(new Date("2026-12-07T14:59:59Z"), 0)).toBe(34618012);
  });

  it("agrees with a published quicknet client: round 27946612 is emitted at 2026-04-20T00:00:00Z", () => {
    expect(beaconRound(new Date("2026-04-19T23:30:00Z"), 0)).toBe(27946612);
  });

  it("moves each redraw 30 days on", () => {
    expect(beaconRound(new Date("2026-12-07T15:00:00Z"), 1)).toBe(34618012 + (30 * 24 * 3600) / 3);
    expect(beaconRound(new Date("2026-12-07T15:00:00Z"), 2)).toBe(34618012 + (60 * 24 * 3600) / 3);
    expect(beaconRound(new Date("2026-12-07T15:00:00Z"), 1)).toBe(35482012);
  });
});
