import { NotifyForm } from "./notify-form";
import { SURVEY_TIME } from "~/content/survey-time";

/** The spec's /encuesta while no survey is open: "Próximamente" and the waitlist form. */
export function ComingSoon() {
  return (
    <>
      <p className="eyebrow mt-6">Encuestas Opinion Labz</p>
      <h1 id="encuesta-titulo" className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
        Próximamente
      </h1>
      <p className="mt-4 text-lg leading-relaxed text-slate-600">
        Estamos terminando de preparar las encuestas. Muy pronto vas a poder responderlas en {SURVEY_TIME} y participar
        gratis del sorteo mensual de una tarjeta <span className="font-semibold text-slate-900">Visa de US$200</span>.
      </p>
      <div className="text-left">
        <NotifyForm surveyOpen={false} />
      </div>
    </>
  );
}
