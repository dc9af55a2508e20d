import { SURVEY_TIME } from "~/content/survey-time";
import { Link } from "@remix-run/react";
import { CTA_BENEFITS } from "~/content/benefits";
import { START_SURVEY } from "~/content/navigation";
import { Icon } from "../icons";

export function CallToAction() {
  return (
    <section id="cta" aria-labelledby="cta-titulo" data-reveal="" className="py-20 sm:py-24">
      <div className="container-page">
        <div className="relative isolate overflow-hidden rounded-[2rem] bg-gradient-to-br from-brand-600 via-brand-700 to-brand-900 px-6 py-14 text-center shadow-2xl shadow-brand-900/20 sm:px-12 lg:py-20">
          <div
            aria-hidden="true"
            className="absolute -right-24 -top-24 -z-10 h-72 w-72 rounded-full bg-white/10 blur-2xl"
          />
          <div
            aria-hidden="true"
            className="absolute -bottom-32 -left-20 -z-10 h-80 w-80 rounded-full bg-amber-300/20 blur-3xl"
          />
          <h2 id="cta-titulo" className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-white sm:text-4xl">
            Tu próxima opinión puede valer US$200
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-brand-100">
            {`Respondé tu primera encuesta en ${SURVEY_TIME} y entrá al sorteo de este mes.`}
          </p>
          <ul className="mx-auto mt-8 flex w-fit max-w-4xl flex-col items-start gap-3 text-left text-white sm:w-auto sm:flex-row sm:flex-wrap sm:justify-center sm:gap-x-8">
            {CTA_BENEFITS.map((benefit) => (
              <li key={benefit} className="flex items-center gap-2 text-sm font-medium">
                <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-white/15">
                  <Icon name="check" className="h-4 w-4" />
                </span>
                {benefit}
              </li>
            ))}
          </ul>
          <Link
            to={START_SURVEY.path}
            className="btn mt-10 w-full whitespace-nowrap bg-white px-6 py-4 text-base text-brand-800 shadow-lg hover:bg-brand-50 focus-visible:outline-white sm:w-auto sm:px-8"
          >
            Empezá ahora – Es gratis
            <Icon name="arrowRight" className="h-5 w-5" />
          </Link>
        </div>
      </div>
    </section>
  );
}
