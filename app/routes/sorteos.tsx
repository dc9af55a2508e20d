import { data, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DrawHero } from "~/components/sorteos/draw-hero";
import { FaqJsonLd, FaqSection } from "~/components/sorteos/faq-section";
import { FinalCta } from "~/components/sorteos/final-cta";
import { DrawEntrySteps } from "~/components/sorteos/draw-entry-steps";
import { MobileCtaBar } from "~/components/sorteos/mobile-cta-bar";
import { ParticipantsSection } from "~/components/sorteos/participants-section";
import { PreviousWinners } from "~/components/sorteos/previous-winners";
import { VerifyDrawSection } from "~/components/sorteos/verify-draw";
import { DRAWS_PAGE } from "~/content/pages/draws";
import { DrawClockProvider } from "~/lib/draw/draw-clock";
import { drawDayOf } from "~/lib/draw/draw-day";
import { getParticipantsPage, listedDraw } from "~/lib/participants/participants.server";
import { getSorteosDraws } from "~/lib/draw-records/draws-view.server";
import { streamUnlessReady } from "~/lib/http/stream-unless-ready.server";
import { env } from "~/lib/server/env.server";
import { metaFor } from "~/lib/sharing/social-meta";
import { useRevalidateOnInterval } from "~/lib/hooks/use-revalidate-on-interval";
import { keptAs } from "~/lib/http/route-keeping.server";

export const meta = metaFor(DRAWS_PAGE);
export const headers: HeadersFunction = (args) => keptAs("public", args);

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  // The draws first: the list shows what the next freeze will take, by its rule.
  const { view: draws, rule, tookEntries } = await getSorteosDraws();
  const listing = await streamUnlessReady(
    getParticipantsPage({ query: params.get("q") ?? "", page: params.get("page"), rule, draws: tookEntries }),
  );
  return data(
    {
      listing: listing.value,
      listDraw: listedDraw(rule),
      draws,
      today: drawDayOf(draws.upcoming, draws.draws, draws.missed, Date.now()),
      surveyOpen: env.surveyUrl !== null,
    },
    listing.init,
  );
}

export default function SorteosPage() {
  const { listing, listDraw, draws, today, surveyOpen } = useLoaderData<typeof loader>();
  useRevalidateOnInterval();
  return (
    <DrawClockProvider>
      <div className="pt-16">
        <DrawHero today={today} />
        <ParticipantsSection listing={listing} draw={listDraw} surveyOpen={surveyOpen} />
        <DrawEntrySteps />
        <PreviousWinners draws={draws.draws} />
        <VerifyDrawSection
          draws={draws.draws}
          upcoming={draws.upcoming}
          missed={draws.missed}
          testRoots={draws.testRoots}
          byHand={draws.byHand}
        />
        <FaqSection />
        <FaqJsonLd />
        <FinalCta />
        <MobileCtaBar />
      </div>
    </DrawClockProvider>
  );
}
