import { data, type HeadersFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BenefitStrip } from "~/components/home/benefit-strip";
import { CallToAction } from "~/components/home/call-to-action";
import { Comparison } from "~/components/home/comparison";
import { Hero } from "~/components/home/hero";
import { SurveyStepsExplainer } from "~/components/home/survey-steps-explainer";
import { RecentParticipants } from "~/components/home/recent-participants";
import { Winners } from "~/components/home/winners";
import { OrganizationJsonLd } from "~/components/json-ld";
import { homePage } from "~/content/pages/home";
import { getRecentParticipants } from "~/lib/participants/participants.server";
import { getHomeDraws } from "~/lib/draw-records/draws-view.server";
import { drawDayOf } from "~/lib/draw/draw-day";
import { drawnWinners } from "~/lib/draw/shown-winners";
import { streamUnlessReady } from "~/lib/http/stream-unless-ready.server";
import { metaFor } from "~/lib/sharing/social-meta";
import { useRevalidateOnInterval } from "~/lib/hooks/use-revalidate-on-interval";
import { keptAs } from "~/lib/http/route-keeping.server";

export const meta = metaFor<{ drawn: { notReal: unknown }[] }>((data) =>
  homePage(data?.drawn.some((winner) => winner.notReal === null) ?? false),
);
export const headers: HeadersFunction = (args) => keptAs("public", args);

export async function loader() {
  // The draws first: the figures count what the next freeze will take, by its rule.
  const draws = await getHomeDraws();
  const recent = await streamUnlessReady(getRecentParticipants({ rule: draws.rule, draws: draws.tookEntries }));
  return data(
    {
      recent: recent.value,
      drawn: drawnWinners(draws.drawn),
      today: drawDayOf(draws.upcoming, draws.drawn, draws.missed, Date.now()),
    },
    recent.init,
  );
}

export default function HomePage() {
  const { recent, drawn, today } = useLoaderData<typeof loader>();
  useRevalidateOnInterval();
  return (
    <>
      <Hero today={today} />
      <BenefitStrip />
      <Comparison />
      <SurveyStepsExplainer />
      <Winners drawn={drawn} />
      <RecentParticipants participants={recent} />
      <CallToAction />
      <OrganizationJsonLd />
    </>
  );
}
