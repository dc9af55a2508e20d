import { countOf, formatCount } from "~/lib/ui/wording";
import { argentinaWallClock, nextDrawAt } from "./next-draw";
import type { PublishedDraw } from "./published-draw";
import type { ListDownload } from "./published-files";
import { commitmentOf, drawRounds, parseEntryList, RULE_TAG, sha256Hex, type IdRule } from "./verifiable-draw";
import { beaconRound, quicknetRoundTime, witnessedDrawRound } from "./quicknet-rounds";
import type { DrawRule, WitnessInputs, WitnessVerdict } from "./witness-checks";

/**
 * The steps of a published draw's check ("Verificalo vos", docs/draw.md, "Checking a draw"):
 * each published value against what is recomputed from the others, over the files as downloaded
 * (app/lib/draw/published-files.ts). Pure but for the lazily loaded pairing and seal code, so
 * the page and anything else that checks a record run the same steps.
 */

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
 * "7/12/2026, 12:00:03", Argentina time: a seal's instant, whose seconds matter. Here, beside
 * the steps, so that the seals' view and their lazily loaded checks share it without a module
 * of the page being split out for them (docs/performance.md).
 */
export function formatArgentinaSecond(iso: string): string {
  const wall = argentinaWallClock(Date.parse(iso));
  const two = (value: number) => String(value).padStart(2, "0");
  return `${wall.getUTCDate()}/${wall.getUTCMonth() + 1}/${wall.getUTCFullYear()}, ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}`;
}

/**
 * The draw's rule as the witnesses' checks take it (app/lib/draw/witness-checks.ts, loaded only
 * when asked, so handed what it needs from the page's modules): the server's checks and
 * statements use it too.
 */
export const DRAW_RULE: DrawRule = {
  tag: RULE_TAG,
  beaconRound,
  roundTime: quicknetRoundTime,
  formatSecond: formatArgentinaSecond,
};

/** "Sorteo" for round 0, "Resorteo r" for the r-th redraw. */
export function roundName(round: number): string {
  return round === 0 ? "Sorteo" : `Resorteo ${round}`;
}

/** The list's SHA-256 and its ids, null when the bytes are not a canonical list under the record's id rule. */
async function readList(
  bytes: Uint8Array<ArrayBuffer>,
  idRule: IdRule,
): Promise<{ hash: string; ids: string[] | null }> {
  let text: string | null;
  try {
    // Not lenient: a byte that is not UTF-8, or a byte-order mark, is not the published list.
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    text = null;
  }
  return { hash: await sha256Hex(bytes), ids: text === null ? null : parseEntryList(text, idRule) };
}

const listChecks: CheckStep = (draw, { list, listProblem }) => {
  if (list === null) return [{ value: "Lista de ids", ok: false, unchecked: true, detail: listProblem ?? "" }];
  const checks: Check[] = [
    list.hash === draw.listHash
      ? { value: "Huella de la lista", ok: true, detail: "La lista descargada da la huella publicada." }
      : { value: "Huella de la lista", ok: false, detail: `La lista descargada da ${list.hash}.` },
  ];
  if (list.ids === null) {
    checks.push({
      value: "Lista de ids",
      ok: false,
      detail: "La lista descargada no tiene el formato publicado: un id distinto por línea, cada línea terminada.",
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

const commitmentChecks: CheckStep = async (draw) => {
  const commitment = await commitmentOf(draw.seed).catch(() => null);
  const committedBefore = Date.parse(draw.committedAt) < Date.parse(draw.drawAt);
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
 * rule's; each round's drand round is the one the rule names for it (round 0's, from when the
 * witnesses saw the list: docs/draw.md, "The order, proven"); and the list was frozen before the
 * first was published.
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
  const fixedFirst = beaconRound(drawAt, 0);
  // A record without witnesses of its list is held to the rule's round.
  const first = witnessedDrawRound(drawAt, witnessed.listWitnessedAt) ?? fixedFirst;
  const expected = (index: number) => (index === 0 ? first : beaconRound(drawAt, index));
  const off = draw.rounds
    .map((round, index) => ({ index, used: round.drandRound, fixed: expected(index) }))
    .find(({ used, fixed }) => used !== fixed);
  const moved =
    first === fixedFirst
      ? ""
      : ` El sorteo se corrió a la ronda ${formatCount(first)}: ningún testigo selló la lista antes de la ronda ${formatCount(fixedFirst)}, y la regla fija entonces la primera ronda que sale 30 minutos después del primer sello.`;
  if (off?.index === 0 && witnessed.listIncomplete) {
    // The seal that fixes round 0 may be one that could not be fetched.
    checks.push({
      value: "Rondas de drand",
      ok: false,
      unchecked: true,
      detail: "No se puede saber qué ronda fija la regla sin todos los sellos de la lista.",
    });
  } else {
    checks.push(
      off === undefined
        ? {
            value: "Rondas de drand",
            ok: true,
            detail: `Cada una es la que fija la regla desde antes del sorteo.${moved}`,
          }
        : {
            value: "Rondas de drand",
            ok: false,
            detail: `${roundName(off.index)} usó la ronda ${formatCount(off.used)}; la regla fija la ${formatCount(off.fixed)}.${moved}`,
          },
    );
  }
  const firstRound = draw.rounds[0];
  if (firstRound) {
    const frozenBefore = Date.parse(draw.frozenAt) < quicknetRoundTime(firstRound.drandRound);
    const round = formatCount(firstRound.drandRound);
    checks.push({
      value: "Fecha de la lista",
      ok: frozenBefore,
      detail: frozenBefore
        ? `Se congeló antes de que drand publicara la ronda ${round}.`
        : `Se congeló después de que drand publicara la ronda ${round}: ya se podía conocer el valor.`,
    });
  }
  return checks;
};

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
          seed: draw.seed,
          ids,
          beacons: draw.rounds.map((round) => round.beacon),
          idRule: draw.idRule,
        }).catch(() => null);
  return draw.rounds.map((round, index) => {
    const value = `Ganador (${roundName(index).toLowerCase()})`;
    const winner = drawn?.rounds[index]?.id;
    if (winner === undefined) {
      const why = ids === null ? "sin la lista" : "con la semilla y el valor público publicados";
      return { value, ok: false, unchecked: list === null, detail: `No se puede calcular ${why}.` };
    }
    const ok = winner === round.winnerId;
    return { value, ok, detail: ok ? `La cuenta da ${winner}.` : `La cuenta da ${winner}, no ${round.winnerId}.` };
  });
};

/** The steps in the order the verdict lists them. */
const STEPS: readonly CheckStep[] = [listChecks, commitmentChecks, witnessStep, timingChecks, beaconStep, winnerChecks];

/**
 * Every check of a published draw, given its list as downloaded (or why it could not be) and
 * its witnesses: their files and roots (the witnesses' code, PKI.js, is imported only now),
 * their verdict worked out already (the server's), or none (a record no authority stamped: its
 * round 0 is held to the rule's).
 */
export async function checkPublishedDraw(
  draw: PublishedDraw,
  download: ListDownload,
  witnesses: WitnessInputs | WitnessVerdict | null,
  { rehearsalKey = null }: { rehearsalKey?: string | null } = {},
): Promise<Check[]> {
  let witnessed: WitnessVerdict;
  if (witnesses === null) witnessed = { checks: [], listWitnessedAt: [], listIncomplete: false };
  else if ("checks" in witnesses) witnessed = witnesses;
  else {
    const { witnessChecks } = await import("./witness-checks");
    witnessed = await witnessChecks(draw, witnesses, DRAW_RULE);
  }
  const list = "problem" in download ? null : await readList(download.bytes, draw.idRule);
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
