import { DRAW_NOTICES_OPT_IN } from "~/content/waitlist";
import { FIELD } from "~/lib/forms/fields";

/**
 * "Avisarme de cada sorteo", unticked: the list's hash at each freeze and then the winner, to a
 * confirmed address only (docs/draw.md, "Witnesses the operator cannot recall"). The waitlist form
 * and the confirmation page both offer it.
 */
export function DrawNoticesOptIn({ id }: { id: string }) {
  return (
    <div className="mt-3 flex items-start gap-3">
      <input
        id={id}
        name={FIELD.drawNotices}
        type="checkbox"
        value="si"
        className="mt-1 h-4 w-4 shrink-0 rounded border-slate-400 text-brand-600 focus:ring-brand-600"
      />
      {/* The space ends the bold text: as a text node of its own, last in a document still
          arriving, Chromium counted a layout shift when the detail came after it
          (docs/decisions/018-no-layout-shift-on-a-slow-network.md). */}
      <label htmlFor={id} className="text-sm leading-relaxed text-slate-700">
        <strong className="font-semibold text-slate-900">{`${DRAW_NOTICES_OPT_IN.label}. `}</strong>
        {DRAW_NOTICES_OPT_IN.detail}
      </label>
    </div>
  );
}
