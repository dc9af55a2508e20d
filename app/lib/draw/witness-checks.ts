import type { PublishedDraw } from "./published-draw";
import { readTimestampReply, verifyTimestampReply, type TokenFacts } from "./timestamp-token";
import { pemCertificates, trustedRoots, type TrustedRoots } from "./trusted-roots";
import {
  claimStatement,
  commitmentStatement,
  differingLines,
  listStatement,
  type StatementKind,
} from "./witness-statement";

/**
 * The witnesses' part of a record's check (docs/draw.md, "Checking a draw"), one implementation
 * for the page's "Verificalo vos" (imported only when the visitor asks, with PKI.js), `npm run
 * draw -- verify` and the server's badge: each statement says what the record says, each token
 * is an authority's signature over that statement, and two independent authorities sealed the
 * list (and a claim) before it mattered.
 *
 * One piece: the page loads it as one lazy chunk beside PKI.js, only when a visitor asks for the
 * check; split, esbuild would cut it into chunks the page fetches one after another.
 */

/** One line of the verdict (the shape of draw-checks' Check, which imports this module lazily). */
interface WitnessCheck {
  value: string;
  ok: boolean;
  unchecked?: boolean;
  detail: string;
}

/** A statement's bytes and its tokens', as fetched; null where one could not be fetched. */
export interface StatementFiles {
  statement: Uint8Array<ArrayBuffer> | null;
  tokens: { authority: string; reply: Uint8Array<ArrayBuffer> | null }[];
}

export type WitnessFiles = Record<StatementKind, StatementFiles | null>;

/** What the witnesses' checks read besides the published values. */
export interface WitnessInputs {
  files: WitnessFiles;
  /**
   * The public roots the checker trusts (PEM): Node's own set (`tls.rootCertificates`), as
   * /sorteos/raices.pem serves it; null when they could not be downloaded (no seal gets a verdict).
   */
  trustedPem: string | null;
  /**
   * Roots that count only on a development or test server (TIMESTAMP_ROOTS there): a seal they
   * vouch for counts, and every line that rests on one says it is a test root. Null elsewhere.
   */
  testPem: string | null;
}

/** The witnesses' lines, and what the rounds' and claim's steps need from them. */
export interface WitnessVerdict {
  checks: WitnessCheck[];
  /** The list's valid seals: when each stamped and its latest instant (time plus accuracy), epoch ms. */
  listSeals: { stampedAt: number; latestAt: number }[];
  /** Two independent authorities sealed the list before its round's value was out (v1: one). */
  listSealedInTime: boolean;
  /** A file of the list's witnesses could not be fetched: a seal may be missing from `listSeals`. */
  listIncomplete: boolean;
  /** The claim's first seal (epoch ms) when the claim counts: two authorities before the redraw's round. */
  claimSealedAt: number | null;
}

/** Whether a statement's text or one of its tokens could not be fetched. */
const incomplete = (files: StatementFiles | null) =>
  files === null || files.statement === null || files.tokens.some((token) => token.reply === null);

/** The published values a draw's statements state. */
export type StatementSource = Pick<
  PublishedDraw,
  | "drawAt"
  | "rule"
  | "commitment"
  | "listHash"
  | "entryCount"
  | "window"
  | "leftOut"
  | "sample"
  | "idRule"
  | "idPattern"
  | "frozenAt"
  | "claimRound"
> & { rounds: readonly { winnerId: string }[] };

/** What the witnesses' checks read of a record: its statements' values, its seals, and what it says of a claim. */
type ClaimSource = StatementSource & Pick<PublishedDraw, "witnesses" | "claimedAt">;

/**
 * What the witnesses' checks take from the draw's timing (draw-checks' DRAW_TIMING), given by
 * their caller rather than imported: the page loads this module only when the visitor asks, and
 * a page module imported from here would be split out of the page into one more chunk for it to
 * load.
 */
export interface DrawTiming {
  /** The drand quicknet round the rule fixes for round `round` of the draw at `drawAt`. */
  beaconRound: (drawAt: Date, round: number) => number;
  /** When drand publishes `round`, epoch ms. */
  roundTime: (round: number) => number;
  /** An instant as the verdict writes it, to the second, in Argentina time. */
  formatSecond: (iso: string) => string;
}

/** How many independent authorities must seal a v2 list or a claim before it matters: two organizations. */
export const WITNESSES_NEEDED = 2;

/**
 * The statements a record must have had witnessed, written from its values: the server stamps
 * these, and every check compares the published statements with them. A v2 record has no
 * commitment; a claim's statement exists once a prize is claimed.
 */
export function expectedStatements(
  draw: StatementSource,
  timing: Pick<DrawTiming, "beaconRound">,
): Record<StatementKind, string | null> {
  const drawAt = new Date(draw.drawAt);
  const drandRound = timing.beaconRound(drawAt, 0);
  const v1 = draw.rule === "opinionlabz-draw-v1";
  const claimRound = draw.claimRound;
  const claimed = claimRound === null ? undefined : draw.rounds[claimRound];
  return {
    commitment:
      v1 && draw.commitment !== null
        ? commitmentStatement({ drawAt: draw.drawAt, rule: draw.rule, commitment: draw.commitment, drandRound })
        : null,
    list: listStatement({
      drawAt: draw.drawAt,
      rule: draw.rule,
      listHash: draw.listHash,
      entryCount: draw.entryCount,
      window: draw.sample ? null : draw.window,
      leftOut: draw.leftOut,
      idRule: draw.idRule,
      idPattern: draw.idRule === 3 ? draw.idPattern : null,
      commitment: v1 ? draw.commitment : null,
      frozenAt: v1 ? null : draw.frozenAt,
      drandRound,
    }),
    claim:
      claimRound === null
        ? null
        : claimStatement({
            drawAt: draw.drawAt,
            rule: draw.rule,
            listHash: draw.listHash,
            round: claimRound,
            winnerId: claimed?.winnerId ?? "",
            redrawRound: timing.beaconRound(drawAt, claimRound + 1),
          }),
  };
}

/** An authority as a line names it before its token is read: its host ("timestamp.digicert.com"). */
function authorityHost(authority: string): string {
  return URL.canParse(authority) ? new URL(authority).host : authority;
}

/** Roots read once per PEM text, each parsed when a check needs it: the page checks several records with the same ones. */
const parsedRoots = new Map<string, TrustedRoots>();
function rootsOf(pem: string): TrustedRoots {
  let roots = parsedRoots.get(pem);
  if (!roots) parsedRoots.set(pem, (roots = trustedRoots(pemCertificates(pem))));
  return roots;
}

const NAMES: Record<StatementKind, { the: string; of: string; short: string }> = {
  commitment: { the: "el compromiso", of: "del compromiso", short: "compromiso" },
  list: { the: "la lista", of: "de la lista", short: "lista" },
  claim: { the: "el reclamo del premio", of: "del reclamo", short: "reclamo" },
};

/** When a statement must have been stamped by, by how many independent authorities, and how the verdict says it. */
interface Deadline {
  at: number;
  /** "antes del sorteo". */
  before: string;
  needed: number;
}

/** The roots a check uses (none: they could not be downloaded), and how it writes an instant. */
interface Trust {
  trusted: TrustedRoots | null;
  test: TrustedRoots | null;
  at: (ms: number) => string;
}

/** A valid token, and whether only a test root vouches for it. */
interface CheckedToken {
  facts: TokenFacts;
  testRoot: boolean;
}

const TOKEN_PROBLEMS = {
  unreadable: "No es un sello de tiempo: no se puede leer.",
  refused: "La autoridad no lo concedió.",
  digest: "Es el sello de otro texto: su huella no es la del texto publicado.",
  nonce: "No responde al pedido que se le hizo.",
  signature: "La firma no verifica: el sello fue alterado.",
  untrusted: "Su firma no lleva a ninguna raíz pública de confianza (las de Mozilla, como las trae Node).",
  purpose: "Lo firmó un certificado que no es de sellado de tiempo.",
  unsupported: "Este navegador no puede comprobar su firma: seguí los pasos a mano.",
} as const;

/** Said on every line that rests on a test root: it never counts on a production server. */
const TEST_ROOT = "raíz de prueba (TIMESTAMP_ROOTS): solo cuenta en desarrollo y en pruebas, nunca en el sitio real";

/** One token: an authority's valid signature over the statement's bytes, and when it stamped. */
async function tokenCheck(
  kind: StatementKind,
  statement: Uint8Array<ArrayBuffer>,
  token: StatementFiles["tokens"][number],
  trust: Trust,
  named: Set<string>,
): Promise<{ check: WitnessCheck; checked: CheckedToken | null }> {
  const reply = token.reply === null || trust.trusted === null ? null : readTimestampReply(token.reply);
  let verdict = reply === null ? null : await verifyTimestampReply(reply, statement, trust.trusted!);
  let testRoot = false;
  if (reply !== null && verdict && !verdict.ok && verdict.problem === "untrusted" && trust.test) {
    const again = await verifyTimestampReply(reply, statement, trust.test);
    if (again.ok) [verdict, testRoot] = [again, true];
  }
  // Named by the certificate in the seal; by the host it was asked of only when it cannot be read.
  let name = verdict?.facts?.organization?.trim() || authorityHost(token.authority);
  for (let copy = 2; named.has(name); copy += 1) name = `${name.replace(/ \d+$/, "")} ${copy}`;
  named.add(name);
  const value = `Sello de ${name} (${NAMES[kind].short})`;
  if (verdict === null) {
    const detail =
      trust.trusted === null
        ? "No pudimos descargar las raíces públicas (/sorteos/raices.pem) para comprobarlo."
        : "No pudimos descargar el sello.";
    return { check: { value, ok: false, unchecked: true, detail }, checked: null };
  }
  if (!verdict.ok) {
    const unchecked = verdict.problem === "unsupported";
    return { check: { value, ok: false, unchecked, detail: TOKEN_PROBLEMS[verdict.problem] }, checked: null };
  }
  const when = `Sellado el ${trust.at(verdict.facts.stampedAt)} (hora de Argentina)`;
  const signer = verdict.facts.signer ?? name;
  return {
    check: {
      value,
      ok: true,
      detail: testRoot
        ? `${when}. La firma de «${signer}» verifica con la ${TEST_ROOT}: «${verdict.root}».`
        : `${when}. La firma de «${signer}» verifica con la raíz pública «${verdict.root}».`,
    },
    checked: { facts: verdict.facts, testRoot },
  };
}

/** A statement's lines: its text says what the record says (else the lines that differ), then each token. */
async function statementChecks(
  kind: StatementKind,
  expected: string | null,
  files: StatementFiles,
  trust: Trust,
): Promise<{ checks: WitnessCheck[]; tokens: CheckedToken[] }> {
  const value = `Texto sellado ${NAMES[kind].of}`;
  if (files.statement === null) {
    return {
      checks: [{ value, ok: false, unchecked: true, detail: "No pudimos descargar el texto sellado." }],
      tokens: [],
    };
  }
  let text: string | null;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(files.statement);
  } catch {
    text = null;
  }
  const differences = text === null || expected === null ? [] : differingLines(text, expected);
  const checks: WitnessCheck[] = [
    text === expected
      ? { value, ok: true, detail: "Dice lo mismo que el registro publicado." }
      : {
          value,
          ok: false,
          detail:
            text === null
              ? "No es un texto UTF-8."
              : expected === null
                ? "El registro no dice nada que se haya tenido que sellar aquí: este texto no es de este sorteo."
                : `No dice lo que dice el registro: ${differences
                    .map(({ published, expected: record }) => `sellado «${published}», publicado «${record}»`)
                    .join("; ")}.`,
        },
  ];
  const tokens: CheckedToken[] = [];
  const named = new Set<string>();
  for (const token of files.tokens) {
    const { check, checked } = await tokenCheck(kind, files.statement, token, trust, named);
    checks.push(check);
    if (checked) tokens.push(checked);
  }
  // The seals still prove when the published text existed; the line above names what changed since.
  return { checks, tokens };
}

/** The independent authorities among `tokens`, by the organization their certificates name. */
function organizations(tokens: readonly CheckedToken[]): Set<string> {
  return new Set(tokens.map((token) => token.facts.organization ?? token.facts.signer ?? token.facts.serial));
}

/**
 * Whether valid tokens of `deadline.needed` independent authorities (their certificates'
 * organizations) came before `deadline.at`: what the order rests on.
 */
function orderCheck(
  kind: StatementKind,
  tokens: CheckedToken[],
  deadline: Deadline,
  missingFiles: boolean,
  at: (ms: number) => string,
): { check: WitnessCheck; inTime: CheckedToken[] | null } {
  const subject = { commitment: "Compromiso sellado", list: "Lista sellada", claim: "Reclamo sellado" }[kind];
  const value = `${subject} ${deadline.before}`;
  const before = tokens.filter((token) => token.facts.latestAt < deadline.at);
  const independent = organizations(before).size;
  if (independent >= deadline.needed) {
    const first = before.reduce((a, b) => (b.facts.stampedAt < a.facts.stampedAt ? b : a));
    const test = before.some((token) => token.testRoot) ? ` (con una ${TEST_ROOT})` : "";
    const who = deadline.needed > 1 ? ` por ${independent} autoridades independientes, la primera el` : " el";
    return {
      check: { value, ok: true, detail: `Sellado${who} ${at(first.facts.stampedAt)}, ${deadline.before}${test}.` },
      inTime: before,
    };
  }
  if (missingFiles) {
    return {
      check: {
        value,
        ok: false,
        unchecked: true,
        detail: "No pudimos descargar todos los sellos: el que falta puede ser uno de ellos.",
      },
      inTime: null,
    };
  }
  const have =
    independent === 0
      ? `Ningún sello válido ${NAMES[kind].of} se hizo ${deadline.before}`
      : `Solo ${independent === 1 ? "una autoridad" : `${independent} autoridades`} lo selló ${deadline.before}, y hacen falta ${deadline.needed} independientes`;
  const meaning =
    kind === "list"
      ? ": no está probado que la lista existiera antes del valor que la sortea, así que ese día no hubo sorteo y ninguna ronda cuenta"
      : kind === "claim"
        ? ": el reclamo no cuenta y el resorteo vale"
        : `: no está probado que ${NAMES[kind].the} existiera antes`;
  return { check: { value, ok: false, detail: `${have}${meaning}.` }, inTime: null };
}

/**
 * A claim as the record states it (`claimedAt`) against its seals: it counts only when two
 * independent authorities sealed it before the next redraw's round, and then no redraw follows
 * it; a record that says it was claimed with no such seals says what never happened. A v1
 * record's claim recorded before claims were sealed is not checked.
 */
function claimCheck(draw: ClaimSource, sealedAt: number | null, at: (ms: number) => string): WitnessCheck[] {
  if (draw.witnesses.claim === null && (draw.claimedAt === null || draw.rule === "opinionlabz-draw-v1")) return [];
  const value = "Premio reclamado";
  const round = draw.claimRound ?? draw.rounds.length - 1;
  if (sealedAt === null) {
    return draw.claimedAt === null
      ? []
      : [
          {
            value,
            ok: false,
            detail:
              "El registro dice que el premio se reclamó, pero el reclamo no tiene los sellos de dos autoridades antes de la ronda del resorteo: no cuenta.",
          },
        ];
  }
  const when = at(sealedAt);
  if (draw.rounds.length > round + 1) {
    return [
      {
        value,
        ok: false,
        detail: `El premio de la ronda ${round} se reclamó a tiempo (sellado el ${when}), pero el registro tiene un resorteo después.`,
      },
    ];
  }
  const stated = draw.claimedAt === null ? null : Date.parse(draw.claimedAt);
  return stated === null || stated <= sealedAt + 60_000
    ? [{ value, ok: true, detail: `Se reclamó el ${when} (su primer sello), antes de la ronda del resorteo.` }]
    : [
        {
          value,
          ok: false,
          detail: `El registro dice que se reclamó el ${at(stated)}, después de su primer sello (${when}).`,
        },
      ];
}

/** A statement the record does not have: a v1 record made before witnesses were asked. */
function unwitnessed(kind: StatementKind): WitnessCheck {
  return {
    value: `Testigos ${NAMES[kind].of}`,
    ok: false,
    unchecked: true,
    detail: `Este registro no tiene sellos ${NAMES[kind].of}: su fecha es solo nuestra palabra.`,
  };
}

/**
 * The witnesses' checks of a record: for its list, that two independent authorities (a v1
 * record: one) sealed it before drand published the round the rule names for the draw; for a
 * claim, before the next redraw's round; for a v1 record's commitment, before the draw instant.
 */
export async function witnessChecks(
  draw: ClaimSource,
  inputs: WitnessInputs,
  timing: DrawTiming,
): Promise<WitnessVerdict> {
  const trust: Trust = {
    trusted: inputs.trustedPem === null ? null : rootsOf(inputs.trustedPem),
    test: inputs.testPem ? rootsOf(inputs.testPem) : null,
    at: (ms) => timing.formatSecond(new Date(ms).toISOString()),
  };
  const expected = expectedStatements(draw, timing);
  const drawAt = new Date(draw.drawAt);
  const v1 = draw.rule === "opinionlabz-draw-v1";
  const claimRound = draw.claimRound ?? 0;
  const deadlines: Record<StatementKind, Deadline> = {
    commitment: { at: drawAt.getTime(), before: "antes del sorteo", needed: 1 },
    list: {
      at: timing.roundTime(timing.beaconRound(drawAt, 0)),
      before: "antes de que drand publicara la ronda del sorteo",
      needed: v1 ? 1 : WITNESSES_NEEDED,
    },
    claim: {
      at: timing.roundTime(timing.beaconRound(drawAt, claimRound + 1)),
      before: "antes de la ronda del resorteo",
      needed: WITNESSES_NEEDED,
    },
  };
  const verdict: WitnessVerdict = {
    checks: [],
    listSeals: [],
    listSealedInTime: false,
    listIncomplete: false,
    claimSealedAt: null,
  };
  for (const kind of ["commitment", "list", "claim"] as const) {
    const files = inputs.files[kind];
    if (draw.witnesses[kind] === null || files === null) {
      // A v2 record has no commitment, and a claim exists once made; a v1 record's list or
      // commitment without seals was made before witnesses were asked.
      if (expected[kind] !== null && kind !== "claim" && (v1 || kind === "list"))
        verdict.checks.push(unwitnessed(kind));
      continue;
    }
    const { checks, tokens } = await statementChecks(kind, expected[kind], files, trust);
    const missingFiles = incomplete(files) || trust.trusted === null;
    const order = orderCheck(kind, tokens, deadlines[kind], missingFiles, trust.at);
    verdict.checks.push(...checks, order.check);
    if (kind === "list") {
      verdict.listSeals = tokens.map(({ facts }) => ({ stampedAt: facts.stampedAt, latestAt: facts.latestAt }));
      verdict.listSealedInTime = order.inTime !== null;
      verdict.listIncomplete = missingFiles;
    }
    if (kind === "claim" && order.inTime) {
      verdict.claimSealedAt = Math.min(...order.inTime.map((token) => token.facts.stampedAt));
    }
  }
  verdict.checks.push(...claimCheck(draw, verdict.claimSealedAt, trust.at));
  return verdict;
}
