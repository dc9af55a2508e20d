import type { EntryWindow } from "./entry-window";
import type { LeftOut } from "./published-draw";

/**
 * The statements the time-stamp authorities witness (docs/draw.md, "Witnesses"): short UTF-8
 * texts, one value per line, published beside the ids list with each authority's token, so
 * `openssl ts -verify -data <statement> -in <token>` checks them with nothing of ours. They hold
 * hashes, counts and dates only, never a person's data: they are kept as long as the record.
 */

/**
 * The moments a draw has witnessed: its frozen list, a prize claimed, and (records of rule v1
 * only) the commitment to its seed.
 */
export type StatementKind = "commitment" | "list" | "claim";

/** What every statement opens with: which draw, under which rule. */
interface DrawValues {
  /** The draw instant (ISO 8601, as records publish it). */
  drawAt: string;
  /** The rule's name ("opinionlabz-draw-v2"). */
  rule: string;
}

/** What a v1 commitment statement says: the seed was fixed before the draw, for this draw and round. */
export interface CommitmentValues extends DrawValues {
  commitment: string;
  /** The drand quicknet round the rule fixes for the draw. */
  drandRound: number;
}

/** What the list statement says: the list that was frozen, before the round that draws it. */
export interface ListValues extends DrawValues {
  listHash: string;
  entryCount: number;
  /** The days whose rows were in play, or null for the bundled sample sheet (all its rows are). */
  window: EntryWindow | null;
  /** Rows left out for their date or id, or null on a list frozen before they were counted. */
  leftOut: LeftOut | null;
  /** The rule its ids were written under (docs/draw.md, "Canonical list"). */
  idRule: number;
  /** Id rule 3: the organizer's format of ids (ID_PATTERN), as the record publishes it; else null. */
  idPattern: string | null;
  /** v1 only: the commitment; v2 has none. */
  commitment: string | null;
  /** v2: the freeze instant as the record states it (ISO 8601), bound by the seals; v1 records did not state it. */
  frozenAt: string | null;
  /** The drand quicknet round the rule fixes for the draw. */
  drandRound: number;
}

/** What a claim statement says: which round's winner claimed the prize, before which redraw. */
export interface ClaimValues extends DrawValues {
  listHash: string;
  /** The round whose winner claimed: 0 for the draw, r for the r-th redraw. */
  round: number;
  winnerId: string;
  /** The drand quicknet round of the redraw that a claim sealed after it can no longer stop. */
  redrawRound: number;
}

/** Each statement's file name under `/sorteos/<yyyy-mm-dd>/`, and the first word of its tokens' names. */
export const STATEMENT_FILES: Record<StatementKind, string> = {
  commitment: "compromiso",
  list: "lista",
  claim: "reclamo",
};

const TITLES: Record<StatementKind, string> = {
  commitment: "Opinion Labz: compromiso de un sorteo",
  list: "Opinion Labz: lista congelada de un sorteo",
  claim: "Opinion Labz: premio reclamado",
};

/** One `key: value` line per fact, in this order; every line ends with a line feed. */
function statementText(kind: StatementKind, lines: [string, string | number][]): string {
  return [TITLES[kind], ...lines.map(([key, value]) => `${key}: ${value}`)].map((line) => `${line}\n`).join("");
}

/** A v1 record's commitment statement, stamped right after its seed was committed. */
export function commitmentStatement(values: CommitmentValues): string {
  return statementText("commitment", [
    ["sorteo", values.drawAt],
    ["regla", values.rule],
    ["compromiso", values.commitment],
    ["ronda de drand quicknet", values.drandRound],
  ]);
}

/** The list statement, stamped right after the freeze. */
export function listStatement(values: ListValues): string {
  const lines: [string, string | number][] = [
    ["sorteo", values.drawAt],
    ["regla", values.rule],
    ["huella de la lista", values.listHash],
    ["participaciones", values.entryCount],
    [
      "días",
      values.window
        ? `del ${values.window.from} al ${values.window.through}`
        : "todas las filas de la planilla de ejemplo",
    ],
  ];
  if (values.leftOut) {
    lines.push(
      ["filas fuera de esos días o del sorteo anterior", values.leftOut.outsideWindow],
      ["filas con fecha ilegible", values.leftOut.unreadableDate],
    );
    if (values.leftOut.refusedId !== null) lines.push(["filas con un id no válido", values.leftOut.refusedId]);
  }
  lines.push(["regla de los ids", values.idRule]);
  if (values.idPattern !== null) lines.push(["formato de los ids", values.idPattern]);
  if (values.commitment !== null) lines.push(["compromiso", values.commitment]);
  if (values.frozenAt !== null) lines.push(["congelada", values.frozenAt]);
  lines.push(["ronda de drand quicknet", values.drandRound]);
  return statementText("list", lines);
}

/** The claim statement, stamped when the prize is claimed: it counts only if sealed before `redrawRound` is out. */
export function claimStatement(values: ClaimValues): string {
  return statementText("claim", [
    ["sorteo", values.drawAt],
    ["regla", values.rule],
    ["huella de la lista", values.listHash],
    ["ronda", values.round],
    ["ganador", values.winnerId],
    ["ronda de drand quicknet del resorteo", values.redrawRound],
  ]);
}

/**
 * The lines of `published` that differ from `expected` (both statements), as "key: value"
 * pairs: what a check names when a record no longer says what was witnessed.
 */
export function differingLines(published: string, expected: string): { published: string; expected: string }[] {
  const split = (text: string) => text.split("\n").filter(Boolean);
  const ours = split(expected);
  const theirs = split(published);
  const differences: { published: string; expected: string }[] = [];
  for (let index = 0; index < Math.max(ours.length, theirs.length); index += 1) {
    if (ours[index] !== theirs[index])
      differences.push({ published: theirs[index] ?? "", expected: ours[index] ?? "" });
  }
  return differences;
}

/**
 * The file name of an authority's token in a draw's folder: the statement's word and the
 * authority's host and path, so an auditor sees whose it is ("lista.timestamp.digicert.com.tsr").
 */
export function tokenFileName(kind: StatementKind, authority: string): string {
  const url = new URL(authority);
  const where = `${url.host}${url.pathname}`
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${STATEMENT_FILES[kind]}.${where}.tsr`;
}
