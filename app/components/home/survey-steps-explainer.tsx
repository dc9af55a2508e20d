import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { SURVEY_TIME } from "~/content/survey-time";
import { DEFAULT_STEP, STEPS, stepAfterKey, type StepNumber } from "~/content/steps";
import { SAMPLE_DRAW, SAMPLE_PROGRESS, SAMPLE_REWARD, STEP_QUESTION } from "~/content/survey-sample";
import { Icon } from "../icons";
import { SectionHeading } from "./section-heading";
import { MockButton, OptionList, ProfileSummary, ProgressHeader, SurveyBadges } from "./survey-mock";

const tabId = (step: StepNumber) => `paso-${step}-tab`;
const panelId = (step: StepNumber) => `paso-${step}-panel`;

function PreviewFrame({ children }: { children: ReactNode }) {
  // Fills the shared grid cell, so every step's card is as tall as the tallest one.
  return (
    <div className="flex h-full flex-col justify-center rounded-3xl bg-white p-6 shadow-xl shadow-brand-900/10 ring-1 ring-slate-900/5 sm:p-8">
      {children}
    </div>
  );
}

function InvitationPreview() {
  return (
    <PreviewFrame>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700">
          <Icon name="mail" className="h-4 w-4" />
          Nueva invitación
        </span>
        <SurveyBadges />
      </div>
      <h3 className="mt-5 text-xl font-bold text-slate-900">Encuesta personalizada para vos</h3>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">
        Una marca de tecnología quiere saber cómo elegís lo que comprás. Elegimos esta encuesta por tu perfil.
      </p>
      <div className="mt-5">
        <ProfileSummary withDuration />
      </div>
      <MockButton className="mt-6 w-full py-3">
        Empezar encuesta
        <Icon name="arrowRight" className="h-4 w-4" />
      </MockButton>
    </PreviewFrame>
  );
}

function QuestionPreview() {
  return (
    <PreviewFrame>
      <ProgressHeader current={SAMPLE_PROGRESS.current} total={SAMPLE_PROGRESS.total} />
      <div className="mt-6">
        <OptionList question={STEP_QUESTION} kind="checkbox" />
      </div>
      <p className="mt-5 text-xs text-slate-600">Podés elegir más de una opción.</p>
    </PreviewFrame>
  );
}

function CompletionPreview() {
  return (
    <PreviewFrame>
      <div className="text-center">
        <div className="mb-5 flex justify-center">
          <SurveyBadges completed />
        </div>
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
          <Icon name="check" className="h-7 w-7" />
        </span>
        <h3 className="mt-4 text-xl font-bold text-slate-900">¡Gracias por responder!</h3>
        <p className="mt-1 text-sm text-slate-600">Tu encuesta quedó registrada de forma anónima.</p>
        <p className="mt-5 inline-flex items-center gap-2 rounded-full bg-brand-50 px-4 py-2 text-lg font-bold text-brand-700">
          <Icon name="sparkles" className="h-5 w-5" />
          {SAMPLE_REWARD}
        </p>
      </div>
      <div className="mt-6 flex items-start gap-3 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200">
        <Icon name="gift" className="h-6 w-6 shrink-0 text-amber-700" />
        <p className="text-sm leading-relaxed text-amber-950">
          <strong className="font-semibold">Ya participás del sorteo mensual.</strong> Este mes sorteamos una tarjeta{" "}
          {SAMPLE_DRAW.prize} entre todas las personas que respondieron. Te avisamos por email si ganás.
        </p>
      </div>
    </PreviewFrame>
  );
}

const PREVIEWS: Record<StepNumber, () => ReactNode> = {
  1: InvitationPreview,
  2: QuestionPreview,
  3: CompletionPreview,
};

export function SurveyStepsExplainer() {
  const [active, setActive] = useState<StepNumber>(DEFAULT_STEP);
  const tabRefs = useRef(new Map<StepNumber, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = stepAfterKey(active, event.key);
    if (target === null) return;
    event.preventDefault();
    setActive(target);
    tabRefs.current.get(target)?.focus();
  };

  return (
    <section id="como-funciona" aria-labelledby="como-funciona-titulo" data-reveal="" className="py-20 sm:py-24">
      <div className="container-page">
        <SectionHeading id="como-funciona-titulo" eyebrow="Cómo funciona" title={`Tres pasos, ${SURVEY_TIME}`}>
          Sin cuentas que crear ni cuestionarios eternos. Así es participar en Opinion Labz.
        </SectionHeading>

        <div className="mx-auto mt-12 grid max-w-5xl items-center gap-8 md:grid-cols-2 lg:gap-14">
          {/* The tabs inside take focus (a roving tabindex); the list only hears their arrow keys. */}
          {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus */}
          <div
            role="tablist"
            aria-label="Pasos"
            aria-orientation="vertical"
            className="space-y-3"
            onKeyDown={onKeyDown}
          >
            {STEPS.map((step) => {
              const selected = step.number === active;
              return (
                <button
                  key={step.number}
                  ref={(element) => {
                    if (element) tabRefs.current.set(step.number, element);
                    else tabRefs.current.delete(step.number);
                  }}
                  type="button"
                  role="tab"
                  id={tabId(step.number)}
                  aria-selected={selected}
                  aria-controls={panelId(step.number)}
                  tabIndex={selected ? 0 : -1}
                  onClick={() => setActive(step.number)}
                  className={`flex w-full items-start gap-4 rounded-2xl p-5 text-left transition focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                    selected
                      ? "bg-white shadow-lg shadow-brand-900/10 ring-2 ring-brand-500"
                      : "ring-1 ring-slate-200 hover:bg-slate-50"
                  }`}
                >
                  <span
                    className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-base font-bold transition-colors ${
                      selected ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-700"
                    }`}
                  >
                    {step.number}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{step.title}</span>
                    <span className="mt-1 block text-sm leading-relaxed text-slate-600">{step.description}</span>
                  </span>
                </button>
              );
            })}
          </div>

          {/* Panels share one grid cell, so the area is as tall as the tallest and switching never shifts the page. */}
          <div className="grid">
            {STEPS.map((step) => {
              const selected = step.number === active;
              const Preview = PREVIEWS[step.number];
              return (
                <div
                  key={step.number}
                  role="tabpanel"
                  id={panelId(step.number)}
                  aria-labelledby={tabId(step.number)}
                  tabIndex={selected ? 0 : -1}
                  data-active={selected}
                  className={`col-start-1 row-start-1 rounded-3xl transition duration-300 ease-out focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 motion-reduce:transition-none ${
                    selected ? "visible translate-y-0 opacity-100" : "invisible translate-y-3 opacity-0"
                  }`}
                >
                  <Preview />
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </section>
  );
}
