import { Icon } from "../icons";
import { SurveyLink } from "./survey-link";
import { SURVEY_TIME } from "~/content/survey-time";

export function FinalCta() {
  return (
    <section aria-labelledby="sumate-titulo" data-reveal="" className="py-16 sm:py-24" data-testid="final-cta">
      <div className="container-page">
        <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 to-brand-950 px-6 py-12 text-center text-white shadow-xl sm:px-12 sm:py-16">
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-amber-400/15 text-amber-300 ring-1 ring-amber-300/30">
            <Icon name="trophy" className="h-7 w-7" />
          </span>
          <h2 id="sumate-titulo" className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">
            ¿Y si este mes te toca a vos?
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-brand-100">
            Son {SURVEY_TIME}, es gratis y tus respuestas son anónimas. Sumate hoy y quedás adentro del próximo sorteo.
          </p>
          <SurveyLink variant="light" className="mt-8 px-7 py-3.5 text-base">
            Respondé una encuesta
          </SurveyLink>
        </div>
      </div>
    </section>
  );
}
