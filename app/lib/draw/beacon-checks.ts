import { checkBeacon } from "./drand-beacon";
import type { PublishedRound } from "./published-draw";

/** One line of the page's check: the value it is about, whether it holds, and why. */
interface BeaconVerdict {
  value: string;
  ok: boolean;
  detail: string;
}

/**
 * Each round's public value against drand's quicknet chain: its signature must be the chain's
 * signature of its round under the chain's public key (a constant of the code, not of the
 * page), and the value the signature's SHA-256. The page imports this module, and with it the
 * pairing code, only when the visitor asks for the check (docs/draw.md, "The public value");
 * it takes the page's wording of rounds and numbers rather than importing the modules the page
 * has them from, which would split each into one more chunk for the page to load.
 */
export function beaconChecks(
  rounds: readonly PublishedRound[],
  {
    roundName,
    formatCount,
    rehearsalKey = null,
  }: {
    roundName: (index: number) => string;
    formatCount: (count: number) => string;
    /** A rehearsal's key, given by whoever checks one (`draw -- verify --rehearsal-key`): never the page's. */
    rehearsalKey?: string | null;
  },
): BeaconVerdict[] {
  return rounds.map((round, index) => {
    const value = `Valor público (${roundName(index).toLowerCase()})`;
    const drandRound = formatCount(round.drandRound);
    if (round.rehearsal && rehearsalKey !== null && round.signature !== null) {
      const check = checkBeacon(round.drandRound, round.signature, rehearsalKey);
      const ok = check.ok && check.randomness === round.beacon;
      return {
        value,
        ok,
        detail: ok
          ? `Es de un ensayo: la firma de la ronda ${drandRound} verifica con la clave de ensayo dada, no con la de drand.`
          : "No verifica con la clave de ensayo dada.",
      };
    }
    if (round.rehearsal) {
      return {
        value,
        ok: false,
        detail: "No es un valor de drand: este sorteo fue un ensayo con una clave de prueba.",
      };
    }
    const check = round.signature === null ? null : checkBeacon(round.drandRound, round.signature);
    if (check === null || !check.ok) {
      return {
        value,
        ok: false,
        detail: `No es un valor de drand: la firma publicada no es la de la ronda ${drandRound} de quicknet.`,
      };
    }
    return check.randomness === round.beacon
      ? {
          value,
          ok: true,
          detail: `Es el de drand: la firma de la ronda ${drandRound} verifica con la clave de quicknet.`,
        }
      : {
          value,
          ok: false,
          detail: `La firma es la de drand, pero su huella es ${check.randomness}, no el valor publicado.`,
        };
  });
}
