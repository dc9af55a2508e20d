import { DRAW_RULE_STEPS, WHAT_ANYONE_CAN_CHECK, WHAT_TO_KEEP } from "~/content/verifiable-draw";
import type { MissedDraw, PendingDraw, ShownDraw } from "~/lib/draw/published-draw";
import { formatArgentinaInstant } from "~/lib/draw/countdown";
import { PageSection } from "./page-section";
import { VerifyDrawRecord } from "./verify-draw-record";
import { UpcomingDraw } from "./verify-draw-upcoming";

/** Why a day had no draw, in a few words. */
const MISSED_WHY: Record<MissedDraw["reason"], string> = {
  "not-frozen": "la lista no se congeló antes de la ronda de drand",
  "not-sealed": "la lista no tuvo los sellos de dos autoridades independientes antes de la ronda de drand",
};

/** A day with no draw, in "Verificalo vos": why, its list and seals, and where its entries went. */
function MissedDrawNote({ missed }: { missed: MissedDraw }) {
  return (
    <article className="rounded-3xl border border-amber-200 bg-amber-50 p-5 sm:p-8" data-testid="missed-draw">
      <h3 className="text-xl font-bold text-slate-900">
        Sorteo del <time dateTime={missed.drawAt}>{formatArgentinaInstant(missed.drawAt)}</time>: no hubo sorteo
      </h3>
      <p className="mt-2 text-sm text-slate-700">
        {`No hubo sorteo: ${MISSED_WHY[missed.reason]} ${missed.beaconRound.toLocaleString("es-AR")}, y ninguna otra ronda lo reemplaza. Sus participaciones pasan al sorteo del ${formatArgentinaInstant(missed.nextDrawAt)}.`}
      </p>
      {missed.frozen ? (
        <p className="mt-2 text-sm text-slate-700">
          Huella de la lista que se congeló: <code className="break-all font-mono">{missed.frozen.listHash}</code>
        </p>
      ) : null}
    </article>
  );
}

/**
 * "Verificalo vos": the rule in plain words, the draw under way, then each published draw with its
 * check, and each day with no draw (with its check when it holds rounds anyway: it fails).
 */
export function VerifyDrawSection({
  draws,
  upcoming = null,
  missed = [],
  testRoots = null,
  byHand,
}: {
  draws: ShownDraw[];
  upcoming?: PendingDraw | null;
  missed?: MissedDraw[];
  /** Test roots (TIMESTAMP_ROOTS), only on a development or test server: they count, marked as such. */
  testRoots?: string | null;
  /** Each record's by-hand commands, by its draw instant, as the server wrote them. */
  byHand: Record<string, string>;
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
        {[
          ...draws.map((draw) => ({ at: draw.drawAt, draw, missed: null })),
          ...missed.map((day) => ({ at: day.drawAt, draw: null, missed: day })),
        ]
          .sort((a, b) => b.at.localeCompare(a.at))
          .map(({ at, draw, missed: day }) =>
            draw ? (
              <VerifyDrawRecord
                key={at}
                draw={draw}
                afterList={listedDays.has(draw.window.from)}
                testRoots={testRoots}
                byHand={byHand[at]!}
                notices={draw.notices}
                claimSealedAt={draw.claimSealedAt}
              />
            ) : day!.record ? (
              <VerifyDrawRecord
                key={at}
                draw={day!.record}
                afterList={listedDays.has(day!.record.window.from)}
                testRoots={testRoots}
                byHand={byHand[at]!}
                missed={MISSED_WHY[day!.reason]}
              />
            ) : (
              <MissedDrawNote key={at} missed={day!} />
            ),
          )}
      </div>
    </PageSection>
  );
}
