import { Icon } from "../icons";
import { NotifyForm } from "./notify-form";
import { SURVEY_TIME } from "~/content/survey-time";

/**
 * /encuesta while a survey is open (SURVEY_URL): the survey first, one prominent link to it,
 * what answering it means for the draw; the waitlist form below, for the next ones.
 */
export function OpenSurvey({ surveyUrl }: { surveyUrl: string }) {
  return (
    <>
      <p className="eyebrow mt-6">Encuestas Opinion Labz</p>
      <h1 id="encuesta-titulo" className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
        La encuesta está abierta
      </h1>
      <p className="mt-4 text-lg leading-relaxed text-slate-600">
        Son {SURVEY_TIME} y es gratis. Al responderla quedás adentro del sorteo de este mes de una tarjeta{" "}
        <span className="font-semibold text-slate-900">Visa de US$200</span>.
      </p>
      <a href={surveyUrl} className="btn-primary mt-6 h-12 w-full px-6 sm:w-auto" data-testid="open-survey-link">
        Responder la encuesta
        <Icon name="arrowRight" className="h-4 w-4" />
      </a>
      <h2 className="mt-12 text-xl font-bold text-slate-900">¿Querés que te avisemos de las próximas?</h2>
      <div className="text-left">
        <NotifyForm surveyOpen />
      </div>
    </>
  );
}
