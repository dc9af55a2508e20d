import { DRAW_STEPS, type DrawStep } from "~/content/draw-steps";
import { Icon } from "../icons";
import { PageSection } from "./page-section";

function StepCard({ step, number }: { step: DrawStep; number: number }) {
  return (
    <li className="relative rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <div className="flex items-center gap-4">
        <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <Icon name={step.icon} className="h-6 w-6" />
        </span>
        <span className="text-sm font-semibold text-brand-700">Paso {number}</span>
      </div>
      <h3 className="mt-5 text-xl font-bold text-slate-900">{step.title}</h3>
      <p className="mt-2 leading-relaxed text-slate-600">{step.text}</p>
    </li>
  );
}

export function DrawEntrySteps() {
  return (
    <PageSection
      id="como-participar"
      tone="slate"
      eyebrow="Cómo funciona"
      title="Participar es muy simple"
      lead="Tres pasos y ya estás adentro del sorteo de este mes."
    >
      <ol className="grid gap-5 md:grid-cols-3 md:gap-6">
        {DRAW_STEPS.map((step, index) => (
          <StepCard key={step.title} step={step} number={index + 1} />
        ))}
      </ol>
    </PageSection>
  );
}
