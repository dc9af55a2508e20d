import { COMPARISON, COMPARISON_THEM, COMPARISON_US } from "~/content/comparison";
import { Icon } from "../icons";
import { SectionHeading } from "./section-heading";

/*
 * One list serves every width: each criterion is a card with a description list. From md
 * up the cards line up as table rows under a visual header, and the per-card labels (which
 * screen readers still hear) are only hidden visually.
 */
const ROW_GRID = "md:grid md:grid-cols-[minmax(0,0.8fr)_minmax(0,2.4fr)] md:items-center md:gap-6";
const ANSWERS_GRID = "grid gap-3 md:grid-cols-2 md:gap-6";

const SIDES = {
  us: {
    label: COMPARISON_US,
    icon: "check",
    box: "rounded-xl bg-brand-50/70 p-3 md:bg-transparent md:p-0",
    labelColor: "text-brand-700",
    text: "font-medium text-slate-900",
    iconColor: "text-emerald-600",
  },
  them: {
    label: COMPARISON_THEM,
    icon: "close",
    box: "p-3 md:p-0",
    labelColor: "text-slate-600",
    text: "text-slate-600",
    iconColor: "text-slate-400",
  },
} as const;

function Answer({ side, text }: { side: keyof typeof SIDES; text: string }) {
  const look = SIDES[side];
  return (
    <div className={look.box}>
      <dt className={`text-xs font-semibold uppercase tracking-wide md:sr-only ${look.labelColor}`}>{look.label}</dt>
      <dd className={`mt-1.5 flex gap-2.5 text-sm leading-relaxed md:mt-0 ${look.text}`}>
        <Icon name={look.icon} className={`mt-0.5 h-5 w-5 shrink-0 ${look.iconColor}`} />
        {text}
      </dd>
    </div>
  );
}

export function Comparison() {
  return (
    <section
      id="diferencias"
      aria-labelledby="diferencias-titulo"
      data-reveal=""
      className="bg-slate-50 py-20 sm:py-24"
    >
      <div className="container-page">
        <SectionHeading
          id="diferencias-titulo"
          eyebrow="¿Por qué Opinion Labz?"
          title="Lo que nos diferencia de las plataformas comunes"
        >
          Hicimos la experiencia de encuestas que nos hubiera gustado encontrar: corta, anónima y con premios que se
          ven.
        </SectionHeading>

        <div className="mx-auto mt-12 max-w-5xl">
          <div aria-hidden="true" className={`hidden px-6 pb-3 text-sm font-semibold ${ROW_GRID}`}>
            <span className="text-slate-600">Qué mirar</span>
            <span className={ANSWERS_GRID}>
              <span className="flex items-center gap-2 text-brand-700">
                <Icon name="sparkles" className="h-4 w-4" />
                {COMPARISON_US}
              </span>
              <span className="text-slate-600">{COMPARISON_THEM}</span>
            </span>
          </div>
          <ul className="space-y-3">
            {COMPARISON.map((row) => (
              <li
                key={row.criterion}
                className={`rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5 md:px-6 md:py-5 ${ROW_GRID}`}
              >
                <h3 className="flex items-center gap-3 font-semibold text-slate-900">
                  <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <Icon name={row.icon} className="h-5 w-5" />
                  </span>
                  {row.criterion}
                </h3>
                <dl className={`mt-4 md:mt-0 ${ANSWERS_GRID}`}>
                  <Answer side="us" text={row.opinionLabz} />
                  <Answer side="them" text={row.common} />
                </dl>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
