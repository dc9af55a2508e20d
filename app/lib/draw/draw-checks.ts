import { countOf, formatCount } from "~/lib/ui/wording";
import { nextDrawAt } from "./next-draw";
import { formatArgentinaSecond } from "./countdown";
import { roundName, type PublishedDraw } from "./published-draw";
import type { ListDownload } from "./published-files";
import { commitmentOf, drawRounds, idPatternOf, parseEntryList, RULE_V1, sha256Hex } from "./verifiable-draw";
import { beaconRound, quicknetRoundTime } from "./quicknet-rounds";
import type { DrawTiming, WitnessInputs, WitnessVerdict } from "./witness-checks";

/**
 * The steps of a published draw's check ("Verificalo vos", docs/draw.md, "Checking a draw"):
 * each published value against what is recomputed from the others, over the files as downloaded
 * (app/lib/draw/published-files.ts). Pure but for the lazily loaded pairing and seal code, so
 * the page and anything else that checks a record run the same steps.
 */

/** A check's value as a verdict's sentence names it: "sello de Testigo Uno (lista)" (a name keeps its capitals). */
export const lowerFirst = (value: string) => value.charAt(0).toLowerCase() + value.slice(1);

/** One line of the verdict: the published value it is about, whether it holds, and why. */
export interface Check {
  value: string;
  ok: boolean;
  /** Not done, for want of what it needs (the list could not be downloaded): no verdict on the value. */
  unchecked?: boolean;
  detail: string;
}

/**
 * What the steps read besides the published values: the list as downloaded, hashed and parsed,
 * and the witnesses' verdict (their statements and tokens checked first: the rounds' step needs
 * when the list was witnessed).
 */
interface CheckInputs {
  /** Null when the list could not be downloaded; `ids` null when its text is not a canonical list. */
  list: { hash: string; ids: string[] | null } | null;
  listProblem: string | null;
  witnessed: WitnessVerdict;
  /** The rehearsal key a record's rounds are checked against where they are a rehearsal's (a command's option). */
  rehearsalKey: string | null;
}

type CheckStep = (draw: PublishedDraw, inputs: CheckInputs) => Check[] | Promise<Check[]>;

/** Whether `ms` is a draw instant exactly, to the millisecond: a first Monday at 12:00:00 in Argentina. */
function isDrawInstant(ms: number): boolean {
  return nextDrawAt(ms - 1).getTime() === ms;
}

/**
 * The draw's timing as the witnesses' checks take it (app/lib/draw/witness-checks.ts, loaded only
 * when asked, so handed what it needs from the page's modules): the server's checks and
 * statements use it too.
 */
export const DRAW_TIMING: DrawTiming = {
  beaconRound,
  roundTime: quicknetRoundTime,
  formatSecond: formatArgentinaSecond,
};

/** The id format a record of id rule 3 publishes, as a regular expression; null when there is none to apply. */
function recordPattern(draw: PublishedDraw): RegExp | null {
  return draw.idRule === 3 && draw.idPattern !== null ? idPatternOf(draw.idPattern) : null;
}

/** The list's SHA-256 and its ids, null when the bytes are not a canonical list under the record's id rule. */
async function readList(
  bytes: Uint8Array<ArrayBuffer>,
  draw: PublishedDraw,
): Promise<{ hash: string; ids: string[] | null }> {
  let text: string | null;
  try {
    // Not lenient: a byte that is not UTF-8, or a byte-order mark, is not the published list.
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    text = null;
  }
  const unreadableFormat = draw.idRule === 3 && draw.idPattern !== null && recordPattern(draw) === null;
  const ids = text === null || unreadableFormat ? null : parseEntryList(text, draw.idRule, recordPattern(draw));
  return { hash: await sha256Hex(bytes), ids };
}

const listChecks: CheckStep = (draw, { list, listProblem }) => {
  if (list === null) return [{ value: "Lista de IDs", ok: false, unchecked: true, detail: listProblem ?? "" }];
  const checks: Check[] = [
    list.hash === draw.listHash
      ? { value: "Huella de la lista", ok: true, detail: "La lista descargada da la huella publicada." }
      : { value: "Huella de la lista", ok: false, detail: `La lista descargada da ${list.hash}.` },
  ];
  if (list.ids === null) {
    checks.push({
      value: "Lista de IDs",
      ok: false,
      detail:
        draw.idRule === 3
          ? `La lista descargada no tiene el formato publicado: un ID distinto por línea, cada línea terminada, cada ID del formato ${draw.idPattern ?? "publicado"}.`
          : "La lista descargada no tiene el formato publicado: un ID distinto por línea, cada línea terminada.",
    });
  } else {
    checks.push({
      value: "Cantidad de participaciones",
      ok: list.ids.length === draw.entryCount,
      detail: `La lista tiene ${countOf(list.ids.length, "id", "ids")}.`,
    });
  }
  return checks;
};

/** A v1 record's seed and commitment; a v2 record has neither (docs/draw.md, "The rule, precisely"). */
const commitmentChecks: CheckStep = async (draw) => {
  if (draw.rule !== RULE_V1) return [];
  const commitment = await commitmentOf(draw.seed ?? "").catch(() => null);
  const committedBefore = draw.committedAt !== null && Date.parse(draw.committedAt) < Date.parse(draw.drawAt);
  return [
    commitment === null
      ? {
          value: "Semilla revelada",
          ok: false,
          detail: "No tiene el formato de una semilla: 64 caracteres hexadecimales.",
        }
      : commitment === draw.commitment
        ? { value: "Compromiso", ok: true, detail: "La huella de la semilla revelada es el compromiso publicado." }
        : { value: "Compromiso", ok: false, detail: `La huella de la semilla revelada es ${commitment}.` },
    {
      value: "Fecha del compromiso",
      ok: committedBefore,
      detail: committedBefore ? "Se publicó antes del sorteo." : "No es anterior al sorteo.",
    },
  ];
};

/**
 * Whether the values were fixed before anyone could know the beacon: the draw instant is the
 * rule's; each round's drand round is the one the rule names for it, never another
 * (docs/draw.md, "The order, proven"); and the list's freeze instant, as the record states it,
 * falls between the draw instant and the list's first seal (v1: before the first round).
 */
const timingChecks: CheckStep = (draw, { witnessed }) => {
  const drawAt = new Date(draw.drawAt);
  const onTime = isDrawInstant(drawAt.getTime());
  const checks: Check[] = [
    {
      value: "Momento del sorteo",
      ok: onTime,
      detail: onTime
        ? "Es el primer lunes del mes a las 12:00:00 (hora de Argentina), como fija la regla."
        : "No es el primer lunes del mes a las 12:00:00 (hora de Argentina): no es el que fija la regla.",
    },
  ];
  const off = draw.rounds
    .map((round, index) => ({ index, used: round.drandRound, fixed: beaconRound(drawAt, index) }))
    .find(({ used, fixed }) => used !== fixed);
  if (draw.rounds.length > 0) {
    checks.push(
      off === undefined
        ? { value: "Rondas de drand", ok: true, detail: "Cada una es la que fija la regla desde antes del sorteo." }
        : {
            value: "Rondas de drand",
            ok: false,
            detail: `${roundName(off.index)} usó la ronda ${formatCount(off.used)}; la regla fija la ${formatCount(off.fixed)}, y ninguna otra cuenta.`,
          },
    );
  }
  checks.push(frozenAtCheck(draw, witnessed));
  return checks;
};

/** The record's freeze instant against the draw instant and what the seals prove. */
function frozenAtCheck(draw: PublishedDraw, witnessed: WitnessVerdict): Check {
  const value = "Fecha de la lista";
  const frozenAt = Date.parse(draw.frozenAt);
  const round = beaconRound(new Date(draw.drawAt), 0);
  if (draw.rule === RULE_V1) {
    const frozenBefore = frozenAt < quicknetRoundTime(round);
    return {
      value,
      ok: frozenBefore,
      detail: frozenBefore
        ? `Se congeló antes de que drand publicara la ronda ${formatCount(round)}.`
        : `Se congeló después de que drand publicara la ronda ${formatCount(round)}: ya se podía conocer el valor.`,
    };
  }
  const stated = formatArgentinaSecond(draw.frozenAt);
  if (frozenAt < Date.parse(draw.drawAt)) {
    return { value, ok: false, detail: `El registro dice que se congeló el ${stated}, antes de la hora del sorteo.` };
  }
  const firstSeal = witnessed.listSeals.reduce<(typeof witnessed.listSeals)[number] | null>(
    (first, seal) => (first === null || seal.stampedAt < first.stampedAt ? seal : first),
    null,
  );
  if (firstSeal === null) {
    return {
      value,
      ok: false,
      unchecked: true,
      detail: `El registro dice que se congeló el ${stated}, pero ningún sello válido de la lista lo confirma.`,
    };
  }
  const sealed = formatArgentinaSecond(new Date(firstSeal.stampedAt).toISOString());
  return frozenAt <= firstSeal.latestAt
    ? { value, ok: true, detail: `Se cerró a más tardar el ${sealed}, la hora de su primer sello.` }
    : {
        value,
        ok: false,
        detail: `El registro dice que se congeló el ${stated}, después de su primer sello (${sealed}): esa fecha no es la que prueban los sellos.`,
      };
}

/** The witnesses' lines, worked out before the steps (checkPublishedDraw). */
const witnessStep: CheckStep = (_, { witnessed }) => witnessed.checks;

/** Each round's value against drand's key: the pairing code is loaded only now, when someone asks. */
const beaconStep: CheckStep = async (draw, { rehearsalKey }) => {
  const { beaconChecks } = await import("./beacon-checks");
  return beaconChecks(draw.rounds, { roundName, formatCount, rehearsalKey });
};

const winnerChecks: CheckStep = async (draw, { list }) => {
  const ids = list?.ids ?? null;
  const drawn =
    ids === null
      ? null
      : await drawRounds({
          rule: draw.rule,
          seed: draw.seed,
          ids,
          beacons: draw.rounds.map((round) => round.beacon),
          idRule: draw.idRule,
          idPattern: recordPattern(draw),
        }).catch(() => null);
  return draw.rounds.map((round, index) => {
    const value = `Ganador (${roundName(index).toLowerCase()})`;
    const winner = drawn?.rounds[index]?.id;
    if (winner === undefined) {
      const why =
        ids === null
          ? "sin la lista"
          : draw.rule === RULE_V1
            ? "con la semilla y el valor público publicados"
            : "con el valor público publicado";
      return { value, ok: false, unchecked: list === null, detail: `No se puede calcular ${why}.` };
    }
    const ok = winner === round.winnerId;
    return { value, ok, detail: ok ? `La cuenta da ${winner}.` : `La cuenta da ${winner}, no ${round.winnerId}.` };
  });
};

/** The steps in the order the verdict lists them. */
const STEPS: readonly CheckStep[] = [listChecks, commitmentChecks, witnessStep, timingChecks, beaconStep, winnerChecks];

/** A record's witnesses found nothing: a v1 record made before witnesses were asked. */
const NO_WITNESSES: WitnessVerdict = {
  checks: [],
  listSeals: [],
  listSealedInTime: false,
  listIncomplete: false,
  claimSealedAt: null,
};

/**
 * Every check of a published draw, given its list as downloaded (or why it could not be) and
 * its witnesses: their files and roots (the witnesses' code, PKI.js, is imported only now),
 * their verdict worked out already (the server's), or none (a v1 record no authority stamped).
 */
export async function checkPublishedDraw(
  draw: PublishedDraw,
  download: ListDownload,
  witnesses: WitnessInputs | WitnessVerdict | null,
  { rehearsalKey = null }: { rehearsalKey?: string | null } = {},
): Promise<Check[]> {
  let witnessed: WitnessVerdict;
  if (witnesses === null) witnessed = NO_WITNESSES;
  else if ("checks" in witnesses) witnessed = witnesses;
  else {
    const { witnessChecks } = await import("./witness-checks");
    witnessed = await witnessChecks(draw, witnesses, DRAW_TIMING);
  }
  const list = "problem" in download ? null : await readList(download.bytes, draw);
  const inputs: CheckInputs = {
    list,
    listProblem: "problem" in download ? download.problem : null,
    witnessed,
    rehearsalKey,
  };
  const checks: Check[] = [];
  for (const step of STEPS) checks.push(...(await step(draw, inputs)));
  return checks;
}
