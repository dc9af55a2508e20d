import { DRAW_RULE_STEPS, WHAT_ANYONE_CAN_CHECK, WHAT_TO_KEEP } from "~/content/verifiable-draw";
import type { PublishedDraw, UpcomingCommitment } from "~/lib/draw/published-draw";
import { PageSection } from "./page-section";
import { VerifyDrawRecord } from "./verify-draw-record";
import { UpcomingDraw } from "./verify-draw-upcoming";

/** "Verificalo vos": the rule in plain words, the next draw's commitment, then each published draw with its check. */
export function VerifyDrawSection({
  draws,
  upcoming = null,
  declaredRoots = null,
}: {
  draws: PublishedDraw[];
  upcoming?: UpcomingCommitment | null;
  /** Roots the site trusts for its seals besides the well-known ones (TIMESTAMP_ROOTS): used, never vouched for. */
  declaredRoots?: string | null;
}) {
  // The days on which a draw froze a list of real entries: the draw after each counts what it took.
  const listedDays = new Set(draws.filter((draw) => !draw.sample).map((draw) => draw.window.through));
  return (
    <PageSection
      id="verificalo-vos"
      eyebrow="Sorteo verificable"
      title="Verificalo vos"
      lead="No hace falta que nos creas: con los datos que publicamos podés rehacer la cuenta y llegar al mismo ganador."
    >
      <ol className="mx-auto grid max-w-5xl gap-4 md:grid-cols-2">
        {DRAW_RULE_STEPS.map((step, index) => (
          <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-5">
            <h3 className="font-bold text-slate-900">
              <span className="text-brand-700">{index + 1}.</span> {step.title}
            </h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-700">{step.text}</p>
          </li>
        ))}
      </ol>
      <div className="mx-auto mt-4 grid max-w-5xl gap-4 md:grid-cols-2">
        {[WHAT_TO_KEEP, WHAT_ANYONE_CAN_CHECK].map((block) => (
          <div key={block.title} className="rounded-2xl border border-brand-200 bg-brand-50 p-5">
            <h3 className="font-bold text-slate-900">{block.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-700">{block.text}</p>
          </div>
        ))}
      </div>
      <div className="mx-auto mt-10 max-w-5xl space-y-6">
        {upcoming ? <UpcomingDraw upcoming={upcoming} afterList={listedDays.has(upcoming.window.from)} /> : null}
        {draws.map((draw) => (
          <VerifyDrawRecord
            key={draw.drawAt}
            draw={draw}
            afterList={listedDays.has(draw.window.from)}
            declaredRoots={declaredRoots}
          />
        ))}
      </div>
    </PageSection>
  );
}
