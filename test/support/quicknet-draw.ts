/**
 * A thousand-entry draw (the list and seed of docs/draw.md's vectors) on a real quicknet round
 * as drand's relays publish it, 1000; so its instant is the one the rule ties to that round, in
 * August 2023: drawn 1,197 s after quicknet's genesis (1692803367), the first round out 30
 * minutes later is 1000, published at 15:59:24 UTC. Every check of the rule passes on it.
 */
export const QUICKNET_DRAW = {
  drawAt: "2023-08-23T15:29:24.000Z",
  ids: Array.from({ length: 1000 }, (_, i) => `OL-${25001 + i}`),
  listHash: "c3a836a20f59816419231c6277818fe27a6c587b39e094a05f3e24530dcf421d",
  seed: "6ce0cbaf6bed9d7bd71c3d0cb3231542ef1d8591b61f691352ed528f59f30f3e",
  commitment: "aae215c9576f7498e30b09b13a611a86aff065915b64853937963a357473e90c",
  committedAt: "2023-08-07T15:00:03.000Z",
  round: {
    drandRound: 1000,
    signature: "b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39",
    beacon: "fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd",
    winnerId: "OL-25645",
  },
} as const;

/** The list's text as frozen: one id per line, each line ended. */
export const QUICKNET_LIST = QUICKNET_DRAW.ids.map((id) => `${id}\n`).join("");
