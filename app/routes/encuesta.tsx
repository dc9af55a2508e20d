import { data, type ActionFunctionArgs, type HeadersFunction } from "@remix-run/node";
import { useLoaderData, type ClientActionFunctionArgs, type MetaFunction } from "@remix-run/react";
import { ComingSoon } from "~/components/encuesta/coming-soon";
import { OpenSurvey } from "~/components/encuesta/open-survey";
import { SurveyPageShell } from "~/components/encuesta/survey-page-shell";
import { OPEN_SURVEY_PAGE, SURVEY_PAGE } from "~/content/pages/survey";
import { answerInPlace, keepDataAfterForms } from "~/lib/forms/answer-in-place";
import { submitWaitlistForm } from "~/lib/forms/waitlist.server";
import { env } from "~/lib/server/env.server";
import { metaFor } from "~/lib/sharing/social-meta";
import { keptAs } from "~/lib/http/route-keeping.server";

export const meta: MetaFunction<typeof loader> = (args) =>
  metaFor(args.data?.surveyUrl ? OPEN_SURVEY_PAGE : SURVEY_PAGE)(args);
export const headers: HeadersFunction = (args) => keptAs("public", args);

/** The survey open now, if any (SURVEY_URL): the page leads with it. */
export function loader() {
  return { surveyUrl: env.surveyUrl };
}

/** "Avisarme cuando esté listo": a plain form POST, or Remix's with JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
  const { status, answer } = await submitWaitlistForm(request);
  return data(answer, { status });
}

/** Failures on the way stay inside the form (app/lib/forms/answer-in-place.ts). */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) => answerInPlace(serverAction);
export const shouldRevalidate = keepDataAfterForms;

export default function SurveyPage() {
  const { surveyUrl } = useLoaderData<typeof loader>();
  return <SurveyPageShell>{surveyUrl ? <OpenSurvey surveyUrl={surveyUrl} /> : <ComingSoon />}</SurveyPageShell>;
}
