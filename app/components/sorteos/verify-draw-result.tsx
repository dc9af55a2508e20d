import type { Check } from "~/lib/draw/draw-checks";
import { lowerFirst } from "~/lib/ui/wording";
import { Icon } from "../icons";

/** What the verdict says when the browser cannot do the check at all (no Web Crypto outside https). */
const UNABLE_TO_COMPUTE: Check = {
  value: "Cuenta en el navegador",
  ok: false,
  detail: "Este navegador no pudo hacer la cuenta. Probá con uno actualizado o seguí los pasos a mano de abajo.",
};

/**
 * What the verdict adds for checks it could not make: a list that could not be downloaded (a
 * failure to fetch, not a mismatch; the winners wait on it), or a seal this page cannot vouch for.
 */
function uncheckedVerdict(unchecked: Check[]): string {
  const listMissing = unchecked.some((check) => check.value === "Lista de ids");
  const others = unchecked.filter(
    (check) => check.value !== "Lista de ids" && !(listMissing && check.value.startsWith("Ganador")),
  );
  return [
    "No pudimos comprobarlo todo:",
    listMissing ? "la lista de ids no se pudo descargar. Probá de nuevo en un rato." : "",
    others.length > 0
      ? `${listMissing ? "Además, q" : "q"}uedaron sin comprobar ${others.map((check) => lowerFirst(check.value)).join(", ")} (el detalle dice por qué).`
      : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * The verdict in one sentence, then each check with its mark, to the eye and to a screen reader;
 * `null` when the browser could not make the check at all.
 */
export function VerificationResult({ checks: made }: { checks: Check[] | null }) {
  const checks = made ?? [UNABLE_TO_COMPUTE];
  const failed = checks.filter((check) => !check.ok && !check.unchecked);
  const unchecked = checks.filter((check) => check.unchecked);
  return (
    <>
      <p
        className={`font-semibold ${failed.length > 0 ? "text-red-800" : unchecked.length > 0 ? "text-amber-800" : "text-emerald-800"}`}
      >
        {failed[0] === UNABLE_TO_COMPUTE
          ? "No se pudo verificar en este navegador."
          : [
              failed.length > 0 ? `No coincide: ${failed.map((check) => lowerFirst(check.value)).join(", ")}.` : "",
              unchecked.length > 0 ? uncheckedVerdict(unchecked) : "",
              failed.length === 0 && unchecked.length === 0
                ? "Todo coincide: el ganador publicado es el que sale de la regla."
                : "",
            ]
              .filter(Boolean)
              .join(" ")}
      </p>
      <ul className="mt-3 space-y-2">
        {checks.map((check) => (
          <li key={check.value} className="flex gap-2 text-sm">
            <span className={check.ok ? "text-emerald-700" : check.unchecked ? "text-amber-700" : "text-red-700"}>
              <Icon
                name={check.ok ? "check" : check.unchecked ? "info" : "close"}
                className="mt-0.5 h-4 w-4 shrink-0"
              />
            </span>
            <span className="min-w-0">
              <strong className="font-semibold text-slate-900">{check.value}</strong>{" "}
              <span className="sr-only">
                {check.ok ? "(coincide)" : check.unchecked ? "(sin comprobar)" : "(no coincide)"}
              </span>
              {/* A recomputed hash is one 64-character word: it may break anywhere rather than widen the page. */}
              <span className="text-slate-700 [overflow-wrap:anywhere]">{check.detail}</span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
