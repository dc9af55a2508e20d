import type { EntryWindow } from "./entry-window";
import type { LeftOut } from "./published-draw";

/**
 * The statements the time-stamp authorities witness (docs/draw.md, "Witnesses"): short UTF-8
 * texts, one value per line, published beside the ids list with each authority's token, so
 * `openssl ts -verify -data <statement> -in <token>` checks them with nothing of ours. They hold
 * hashes, counts and dates only, never a person's data: they are kept as long as the record.
 */

/** The two moments a draw has witnessed: its commitment, and its frozen list. */
export type StatementKind = "commitment" | "list";

/** What the commitment statement says: the seed was fixed before the draw, for this draw and round. */
export interface CommitmentValues {
  /** The draw instant (ISO 8601, as records publish it). */
  drawAt: string;
  commitment: string;
  /** The rule's name ("opinionlabz-draw-v1"). */
  rule: string;
  /** The drand quicknet round the rule fixes for the draw. */
  drandRound: number;
}

/** What the list statement says: the list that was frozen, before the round that draws it. */
export interface ListValues extends CommitmentValues {
  listHash: string;
  entryCount: number;
  /** The days whose rows were in play, or null for the bundled sample sheet (all its rows are). */
  window: EntryWindow | null;
  /** Rows left out for their date or id, or null on a list frozen before they were counted. */
  leftOut: LeftOut | null;
  /** The rule its ids were written under (docs/draw.md, "Canonical list"). */
  idRule: number;
}

/** Each statement's file name under `/sorteos/<yyyy-mm-dd>/`, and the first word of its tokens' names. */
export const STATEMENT_FILES: Record<StatementKind, string> = { commitment: "compromiso", list: "lista" };

const TITLES: Record<StatementKind, string> = {
  commitment: "Opinion Labz: compromiso de un sorteo",
  list: "Opinion Labz: lista congelada de un sorteo",
};

/** One `key: value` line per fact, in this order; every line ends with a line feed. */
function statementText(kind: StatementKind, lines: [string, string | number][]): string {
  return [TITLES[kind], ...lines.map(([key, value]) => `${key}: ${value}`)].map((line) => `${line}\n`).join("");
}

/** The commitment statement, stamped right after the seed is committed. */
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
  lines.push(
    ["regla de los ids", values.idRule],
    ["compromiso", values.commitment],
    ["ronda de drand quicknet", values.drandRound],
  );
  return statementText("list", lines);
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
