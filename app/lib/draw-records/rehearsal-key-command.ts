import { rehearsalKey, signRound } from "~/lib/draw/rehearsal-key.server";
import { continued, line } from "./command-text";
import { DrawRefused } from "./draw-refused";

/**
 * `npm run draw -- rehearsal-key <round>… [--secret <hex>]`: a fresh rehearsal key pair (or the
 * one of `secret`) and its signature of each round, to rehearse draw day on a copy of the database
 * (docs/operations.md, "Rehearsing draw day"). Touches no database.
 */
export function rehearsalKeyCommand(rounds: readonly number[], secret: string | null): string {
  let key;
  try {
    key = rehearsalKey(secret ?? undefined);
  } catch {
    throw new DrawRefused("--secret no es una clave secreta de ensayo (64 caracteres hexadecimales)");
  }
  return [
    'Clave de ensayo: no es la de drand, sirve solo para ensayar (docs/operations.md, "Rehearsing draw day").',
    line("clave pública", key.publicKey),
    continued("(DRAW_REHEARSAL_KEY, con NODE_ENV=development o NODE_ENV=test)"),
    line("clave secreta", key.secretKey),
    continued("(--secret: firma más rondas con la misma clave; no sirve para nada más)"),
    ...rounds.map((round) => line(`firma de la ronda ${round}`, signRound(key, round))),
  ].join("\n");
}
