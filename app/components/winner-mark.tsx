import type { DrawVerdict } from "~/lib/draw/published-draw";
import { Icon } from "./icons";

/**
 * What a winner card is: a draw the server's check verified, or what it is instead
 * (docs/product.md, "Winners"; docs/decisions/057-the-verified-badge-is-a-check.md).
 */
export type WinnerMark = DrawVerdict | "example";

const NOT_VERIFIED: Record<Exclude<WinnerMark, "verified">, [label: string, meaning: string]> = {
  example: ["Ejemplo", "no es una persona real"],
  sample: ["Sorteo de muestra", "entre participaciones de ejemplo"],
  rehearsal: ["Ensayo", "un sorteo de prueba, sin premio"],
  unwitnessed: ["Sin testigos", "ninguna autoridad independiente selló sus datos antes del sorteo"],
  mismatch: ["No coincide", "la cuenta con los datos publicados no da este resultado"],
};

/**
 * Beside a winner's name: the verified badge only for a record the server's check verified;
 * any other card says what it is, to the eye and to a screen reader alike.
 */
export function WinnerMarkBadge({ mark }: { mark: WinnerMark }) {
  if (mark === "verified") {
    return (
      <span className="inline-flex items-center text-brand-600" title="Sorteo verificado">
        <Icon name="badgeCheck" className="h-5 w-5" />
        <span className="sr-only">(sorteo verificado)</span>
      </span>
    );
  }
  const [label, meaning] = NOT_VERIFIED[mark];
  return (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      {label}
      <span className="sr-only">: {meaning}</span>
    </span>
  );
}
