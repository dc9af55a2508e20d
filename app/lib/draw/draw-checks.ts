import { formatCount } from "~/lib/participants/format";
import type { PublishedDraw } from "./published-draw";
import {
  beaconRound,
  commitmentOf,
  drawRounds,
  parseEntryList,
  quicknetRoundTime,
  sha256Hex,
  type IdRule,
} from "./verifiable-draw";

/**
 * The steps of a published draw's check ("Verificalo vos", docs/draw.md, "Checking a draw"):
 * each published value against what is recomputed from the others. Pure but for the list's
 * download and the lazily loaded pairing code, so the page and anything else that checks a
 * record run the same steps.
 */

/** One line of the verdict: the published value it is about, whether it holds, and why. */
export interface Check {
  value: string;
  ok: boolean;
  /** Not done, for want of what it needs (the list could not be downloaded): no verdict on the value. */
  unchecked?: boolean;
  detail: string;
}

/** The frozen list's bytes as downloaded, or why there are none. */
export type ListDownload = { bytes: Uint8Array<ArrayBuffer> } | { problem: string };

/** What the steps read besides the published values: the list as downloaded, hashed and parsed. */
interface CheckInputs {
  /** Null when the list could not be downloaded; `ids` null when its text is not a canonical list. */
  list: { hash: string; ids: string[] | null } | null;
  listProblem: string | null;
}

type CheckStep = (draw: PublishedDraw, inputs: CheckInputs) => Check[] | Promise<Check[]>;

/** "Sorteo" for round 0, "Resorteo r" for the r-th redraw. */
export function roundName(round: number): string {
  return round === 0 ? "Sorteo" : `Resorteo ${round}`;
}

/** The frozen list at `url`, as bytes, or why it cannot be used. */
export async function downloadList(url: string): Promise<ListDownload> {
  try {
    const response = await fetch(url, { cache: "no-store" });
    if (!response.ok) {
      return { problem: `No pudimos descargar la lista de ids (el servidor respondió ${response.status}).` };
    }
    return { bytes: new Uint8Array(await response.arrayBuffer()) };
  } catch {
    // A network failure, before the answer or in the middle of its body.
    return { problem: "No pudimos descargar la lista de ids: revisá tu conexión y probá de nuevo." };
  }
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
      detail: `La lista tiene ${formatCount(list.ids.length)} ${list.ids.length === 1 ? "id" : "ids"}.`,
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
 * Whether the values were fixed before anyone could know the beacon: each round's drand round
 * is the one the rule names for it, and the list was frozen before the first was published.
 */
const timingChecks: CheckStep = (draw) => {
  const drawAt = new Date(draw.drawAt);
  const off = draw.rounds
    .map((round, index) => ({ index, used: round.drandRound, fixed: beaconRound(drawAt, index) }))
    .find(({ used, fixed }) => used !== fixed);
  const first = draw.rounds[0];
  const checks: Check[] = [
    off === undefined
      ? { value: "Rondas de drand", ok: true, detail: "Cada una es la que fija la regla desde antes del sorteo." }
      : {
          value: "Rondas de drand",
          ok: false,
          detail: `${roundName(off.index)} usó la ronda ${formatCount(off.used)}; la regla fija la ${formatCount(off.fixed)}.`,
        },
  ];
  if (first) {
    const frozenBefore = Date.parse(draw.frozenAt) < quicknetRoundTime(first.drandRound);
    const round = formatCount(first.drandRound);
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

/** Each round's value against drand's key: the pairing code is loaded only now, when someone asks. */
const beaconStep: CheckStep = async (draw) => {
  const { beaconChecks } = await import("./beacon-checks");
  return beaconChecks(draw.rounds, { roundName, formatCount });
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
const STEPS: readonly CheckStep[] = [listChecks, commitmentChecks, timingChecks, beaconStep, winnerChecks];

/** Every check of a published draw, given its list as downloaded (or why it could not be). */
export async function checkPublishedDraw(draw: PublishedDraw, download: ListDownload): Promise<Check[]> {
  const inputs: CheckInputs =
    "problem" in download
      ? { list: null, listProblem: download.problem }
      : { list: await readList(download.bytes, draw.idRule), listProblem: null };
  const checks: Check[] = [];
  for (const step of STEPS) checks.push(...(await step(draw, inputs)));
  return checks;
}
