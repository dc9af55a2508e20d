import { data, type ActionFunctionArgs, type HeadersFunction } from "@remix-run/node";
import { Link, type ClientActionFunctionArgs } from "@remix-run/react";
import { NotifyForm } from "~/components/encuesta/notify-form";
import { Icon } from "~/components/icons";
import { SURVEY_PAGE } from "~/content/pages/survey";
import { answerInPlace } from "~/lib/forms/answer-in-place";
import { submitWaitlistForm } from "~/lib/forms/waitlist.server";
import { metaFor } from "~/lib/sharing/social-meta";
import { keptAs } from "~/lib/http/route-keeping.server";

export const meta = metaFor(SURVEY_PAGE);
export const headers: HeadersFunction = (args) => keptAs("public", args);

/** "Avisarme cuando esté listo": a plain form POST, or Remix's with JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
  const { status, answer } = await submitWaitlistForm(request);
  return data(answer, { status });
}

/** Failures on the way stay inside the form (app/lib/forms/answer-in-place.ts). */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) => answerInPlace(serverAction);

export default function SurveyComingSoonPage() {
  return (
    <div className="bg-gradient-to-b from-brand-50 via-white to-white pt-16">
      <div className="container-page flex min-h-[calc(100vh-4rem)] flex-col py-10 sm:py-16">
        <Link
          to="/"
          className="inline-flex w-fit items-center gap-2 rounded-full text-sm font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          <Icon name="arrowLeft" className="h-4 w-4" />
          Volver al inicio
        </Link>

        {/* Not centred in the height: it would move as the page arrives on a slow network. */}
        <section
          aria-labelledby="encuesta-titulo"
          className="mx-auto w-full max-w-xl py-10 text-center sm:text-left lg:mt-10"
        >
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-lg shadow-brand-600/30 sm:mx-0">
            <Icon name="sparkles" className="h-7 w-7" />
          </span>
          <p className="eyebrow mt-6">Encuestas Opinion Labz</p>
          <h1 id="encuesta-titulo" className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Próximamente
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-slate-600">
            Estamos terminando de preparar las encuestas. Muy pronto vas a poder responderlas en 2 minutos y participar
            gratis del sorteo mensual de una tarjeta{" "}
            <span className="font-semibold text-slate-900">Visa de US$200</span>.
          </p>
          <div className="text-left">
            <NotifyForm />
          </div>
          <p className="mt-2 flex items-center justify-center gap-2 text-sm text-slate-600 sm:justify-start">
            <Icon name="lock" className="h-4 w-4 shrink-0 text-brand-600" />
            100% confidencial: nunca vendemos tus datos.
          </p>
        </section>
      </div>
    </div>
  );
}
