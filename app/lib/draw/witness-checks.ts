import type { PublishedDraw } from "./published-draw";
import { readTimestampReply, verifyTimestampReply, type TokenFacts } from "./timestamp-token";
import { pemCertificates, trustedRoots, type TrustedRoots } from "./trusted-roots";
import { KNOWN_WITNESS_ROOTS } from "./witness-roots";
import { commitmentStatement, differingLines, listStatement, type StatementKind } from "./witness-statement";

/**
 * The witnesses' part of a record's check (docs/draw.md, "Checking a draw"), one implementation
 * for the page's "Verificalo vos" (imported only when the visitor asks, with PKI.js), `npm run
 * draw -- verify` and the server's badge: each statement says what the record says, each token
 * is an authority's signature over that statement, and one of them came before it mattered.
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

export interface WitnessFiles {
  commitment: StatementFiles | null;
  list: StatementFiles | null;
}

/** What the witnesses' checks read besides the published values. */
export interface WitnessInputs {
  files: WitnessFiles;
  /**
   * The roots the checker trusts (PEM): a command's are Mozilla's set and TIMESTAMP_ROOTS; null,
   * the page's own, the default authorities' roots, a constant of the code.
   */
  trustedPem: string | null;
  /** Roots the site declares besides (its TIMESTAMP_ROOTS): the page uses them, never vouches for them. */
  declaredPem: string | null;
}

/** The witnesses' lines, and when the list's valid tokens saw it (for the round the rule names). */
export interface WitnessVerdict {
  checks: WitnessCheck[];
  listWitnessedAt: number[];
  /** A file of the list's witnesses could not be fetched: an earlier token may be missing from `listWitnessedAt`. */
  listIncomplete: boolean;
}

/** Whether a statement's text or one of its tokens could not be fetched. */
const incomplete = (files: StatementFiles | null) =>
  files === null || files.statement === null || files.tokens.some((token) => token.reply === null);

/** The published values a draw's statements state. */
export type StatementSource = Pick<
  PublishedDraw,
  "drawAt" | "commitment" | "listHash" | "entryCount" | "window" | "leftOut" | "sample" | "idRule"
>;

/**
 * What the witnesses' checks take from the draw's rule (draw-checks' DRAW_RULE), given by their
 * caller rather than imported: the page loads this module only when the visitor asks, and a page
 * module imported from here would be split out of the page into one more chunk for it to load.
 */
export interface DrawRule {
  /** The rule's name ("opinionlabz-draw-v1"). */
  tag: string;
  /** The drand quicknet round the rule fixes for round `round` of the draw at `drawAt`. */
  beaconRound: (drawAt: Date, round: number) => number;
  /** When drand publishes `round`, epoch ms. */
  roundTime: (round: number) => number;
  /** An instant as the verdict writes it, to the second, in Argentina time. */
  formatSecond: (iso: string) => string;
}

/**
 * The statements a record must have had witnessed, written from its values: the server stamps
 * these, and every check compares the published statements with them.
 */
export function expectedStatements(
  draw: StatementSource,
  rule: Pick<DrawRule, "tag" | "beaconRound">,
): Record<StatementKind, string> {
  const common = {
    drawAt: draw.drawAt,
    rule: rule.tag,
    commitment: draw.commitment,
    drandRound: rule.beaconRound(new Date(draw.drawAt), 0),
  };
  return {
    commitment: commitmentStatement(common),
    list: listStatement({
      ...common,
      listHash: draw.listHash,
      entryCount: draw.entryCount,
      window: draw.sample ? null : draw.window,
      leftOut: draw.leftOut,
      idRule: draw.idRule,
    }),
  };
}

/** An authority as the verdict names it: its host ("timestamp.digicert.com"). */
function authorityName(authority: string): string {
  return URL.canParse(authority) ? new URL(authority).host : authority;
}

/** Roots read once per PEM text, each parsed when a check needs it: the page checks several records with the same ones. */
const parsedRoots = new Map<string, TrustedRoots>();
function rootsOf(pem: string): TrustedRoots {
  let roots = parsedRoots.get(pem);
  if (!roots) parsedRoots.set(pem, (roots = trustedRoots(pemCertificates(pem))));
  return roots;
}

const NAMES: Record<StatementKind, { the: string; of: string }> = {
  commitment: { the: "el compromiso", of: "del compromiso" },
  list: { the: "la lista", of: "de la lista" },
};

/** When a statement must have been stamped by, and how the verdict says it. */
interface Deadline {
  at: number;
  /** "antes del sorteo". */
  before: string;
}

/** The roots a check uses, and how it writes an instant. */
interface Trust {
  trusted: TrustedRoots;
  declared: TrustedRoots | null;
  at: (ms: number) => string;
}

/** A valid token, and whether only a root the site declares vouches for it. */
interface CheckedToken {
  facts: TokenFacts;
  declaredOnly: boolean;
}

const TOKEN_PROBLEMS = {
  unreadable: "No es un sello de tiempo: no se puede leer.",
  refused: "La autoridad no lo concedió.",
  digest: "Es el sello de otro texto: su huella no es la del texto publicado.",
  nonce: "No responde al pedido que se le hizo.",
  signature: "La firma no verifica: el sello fue alterado.",
  untrusted: "Su firma no lleva a la raíz de una autoridad de confianza.",
  purpose: "Lo firmó un certificado que no es de sellado de tiempo.",
  unsupported: "Este navegador no puede comprobar su firma: seguí los pasos a mano.",
} as const;

/** One token: an authority's valid signature over the statement's bytes, and when it stamped. */
async function tokenCheck(
  kind: StatementKind,
  statement: Uint8Array<ArrayBuffer>,
  token: StatementFiles["tokens"][number],
  trust: Trust,
): Promise<{ check: WitnessCheck; checked: CheckedToken | null }> {
  const { trusted, declared, at } = trust;
  const value = `Sello de ${authorityName(token.authority)} (${kind === "list" ? "lista" : "compromiso"})`;
  if (token.reply === null) {
    return { check: { value, ok: false, unchecked: true, detail: "No pudimos descargar el sello." }, checked: null };
  }
  const reply = readTimestampReply(token.reply);
  let verdict = await verifyTimestampReply(reply, statement, trusted);
  let declaredOnly = false;
  if (!verdict.ok && verdict.problem === "untrusted" && declared) {
    const again = await verifyTimestampReply(reply, statement, declared);
    if (again.ok) [verdict, declaredOnly] = [again, true];
  }
  if (!verdict.ok) {
    const unchecked = verdict.problem === "unsupported";
    return { check: { value, ok: false, unchecked, detail: TOKEN_PROBLEMS[verdict.problem] }, checked: null };
  }
  const { facts } = verdict;
  const when = `Sellado el ${at(facts.stampedAt)} (hora de Argentina)`;
  const signer = facts.signer ?? authorityName(token.authority);
  const check: WitnessCheck = declaredOnly
    ? {
        value,
        ok: false,
        unchecked: true,
        detail: `${when}. La firma de «${signer}» verifica con la raíz «${verdict.root}», que declara este sitio y esta página no conoce de antemano: comprobala con openssl (pasos a mano).`,
      }
    : {
        value,
        ok: true,
        detail: `${when}. La firma de «${signer}» verifica con la raíz «${verdict.root}».`,
      };
  return { check, checked: { facts, declaredOnly } };
}

/** A statement's lines: its text says what the record says (else the lines that differ), then each token. */
async function statementChecks(
  kind: StatementKind,
  expected: string,
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
  const differences = text === null ? [] : differingLines(text, expected);
  const checks: WitnessCheck[] = [
    text === expected
      ? { value, ok: true, detail: "Dice lo mismo que el registro publicado." }
      : {
          value,
          ok: false,
          detail:
            text === null
              ? "No es un texto UTF-8."
              : `No dice lo que dice el registro: ${differences
                  .map(({ published, expected: record }) => `sellado «${published}», publicado «${record}»`)
                  .join("; ")}.`,
        },
  ];
  const tokens: CheckedToken[] = [];
  for (const token of files.tokens) {
    const { check, checked } = await tokenCheck(kind, files.statement, token, trust);
    checks.push(check);
    if (checked) tokens.push(checked);
  }
  return { checks, tokens };
}

/**
 * Whether a valid token came before `deadline` (the draw instant for the commitment, the
 * publication of the round that drew round 0 for the list): what the order rests on. Only a
 * root the site declares: no verdict.
 */
function orderCheck(
  kind: StatementKind,
  tokens: CheckedToken[],
  deadline: Deadline,
  missingFiles: boolean,
  at: (ms: number) => string,
): WitnessCheck {
  const value = `${kind === "list" ? "Lista sellada" : "Compromiso sellado"} ${deadline.before}`;
  const before = tokens.filter((token) => token.facts.latestAt < deadline.at);
  const vouched = before.find((token) => !token.declaredOnly);
  if (vouched) {
    return { value, ok: true, detail: `Sellado el ${at(vouched.facts.stampedAt)}, ${deadline.before}.` };
  }
  if (before.length > 0 || missingFiles) {
    return {
      value,
      ok: false,
      unchecked: true,
      detail:
        before.length > 0
          ? `Hay un sello ${deadline.before}, pero de una autoridad que esta página no conoce de antemano.`
          : "No pudimos descargar todos los sellos: el que lo prueba puede ser uno de ellos.",
    };
  }
  return {
    value,
    ok: false,
    detail: `Ningún sello válido ${NAMES[kind].of} se hizo ${deadline.before}: no está probado que ${NAMES[kind].the} existiera antes.`,
  };
}

/** A statement the record does not have: a record made before witnesses were asked. */
function unwitnessed(kind: StatementKind): WitnessCheck {
  return {
    value: `Testigos ${NAMES[kind].of}`,
    ok: false,
    unchecked: true,
    detail: `Este registro no tiene sellos ${NAMES[kind].of}: su fecha es solo nuestra palabra.`,
  };
}

/**
 * The witnesses' checks of a drawn record: for its commitment, that a valid token came before
 * the draw instant; for its list, before drand published the round that drew round 0. The
 * instants the list's valid tokens prove are returned for the round's own check.
 */
export async function witnessChecks(
  draw: PublishedDraw,
  inputs: WitnessInputs,
  rule: DrawRule,
): Promise<WitnessVerdict> {
  const trust: Trust = {
    trusted: rootsOf(inputs.trustedPem ?? KNOWN_WITNESS_ROOTS),
    declared: inputs.declaredPem ? rootsOf(inputs.declaredPem) : null,
    at: (ms) => rule.formatSecond(new Date(ms).toISOString()),
  };
  const expected = expectedStatements(draw, rule);
  const drawAt = Date.parse(draw.drawAt);
  const firstRound = draw.rounds[0]?.drandRound ?? rule.beaconRound(new Date(drawAt), 0);
  const deadlines: Record<StatementKind, Deadline> = {
    commitment: { at: drawAt, before: "antes del sorteo" },
    list: { at: rule.roundTime(firstRound), before: "antes de que drand publicara la ronda del sorteo" },
  };
  const verdict: WitnessVerdict = { checks: [], listWitnessedAt: [], listIncomplete: false };
  for (const kind of ["commitment", "list"] as const) {
    const files = inputs.files[kind];
    if (draw.witnesses[kind] === null || files === null) {
      verdict.checks.push(unwitnessed(kind));
      continue;
    }
    const { checks, tokens } = await statementChecks(kind, expected[kind], files, trust);
    verdict.checks.push(...checks, orderCheck(kind, tokens, deadlines[kind], incomplete(files), trust.at));
    if (kind === "list") {
      verdict.listWitnessedAt = tokens.map((token) => token.facts.latestAt);
      verdict.listIncomplete = incomplete(files);
    }
  }
  return verdict;
}
