import type { Verdict } from "./verify-draw-in-browser";
import { Icon } from "../icons";

const SENTENCE_COLOURS: Record<Verdict["tone"], string> = {
  failed: "text-red-800",
  unchecked: "text-amber-800",
  ok: "text-emerald-800",
};

/** The verdict in one sentence, then each check with its mark, to the eye and to a screen reader. */
export function VerificationResult({ verdict: { sentence, tone, checks } }: { verdict: Verdict }) {
  return (
    <>
      <p className={`font-semibold ${SENTENCE_COLOURS[tone]}`}>{sentence}</p>
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
