import { PaintedWhole } from "../painted-whole";
import { SurveyLink } from "./survey-link";
import { MOBILE_BAR } from "~/content/mobile-bar";

/**
 * Small screens only. The body:has variants below give the whole document (footer
 * included) bottom padding equal to the bar's height while the bar is on the page,
 * so it never hides the last content; keep the bar's height and that padding in step.
 */
export function MobileCtaBar() {
  return (
    <aside
      aria-label="Participar del sorteo"
      data-testid="mobile-cta-bar"
      className="fixed inset-x-0 bottom-0 z-40 flex h-[4.5rem] items-center border-t border-slate-200 bg-white/95 shadow-[0_-8px_24px_-12px_rgba(15,23,42,0.25)] backdrop-blur md:hidden [body:has(&)]:pb-[4.5rem] md:[body:has(&)]:pb-0"
    >
      <PaintedWhole className="container-page flex items-center justify-between gap-4">
        <div className="leading-tight">
          <p className="whitespace-nowrap font-bold text-slate-900">{MOBILE_BAR.prize}</p>
          <p className="text-sm text-slate-600">{MOBILE_BAR.time}</p>
        </div>
        <SurveyLink className="shrink-0 px-4 min-[360px]:px-6">{MOBILE_BAR.action}</SurveyLink>
      </PaintedWhole>
    </aside>
  );
}
