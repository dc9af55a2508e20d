import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DrawHero } from "~/components/sorteos/draw-hero";
import { FaqSection } from "~/components/sorteos/faq-section";
import { FinalCta } from "~/components/sorteos/final-cta";
import { HowItWorks } from "~/components/sorteos/how-it-works";
import { MobileCtaBar } from "~/components/sorteos/mobile-cta-bar";
import { ParticipantsSection } from "~/components/sorteos/participants-section";
import { PreviousWinners } from "~/components/sorteos/previous-winners";
import { getParticipantsPage } from "~/lib/participants/participants.server";
import { streamUnlessReady } from "~/lib/stream-unless-ready.server";
import { useRevalidateOnInterval } from "~/lib/use-revalidate-on-interval";

export const meta: MetaFunction = () => [
  { title: "Sorteos mensuales de US$200 | Opinion Labz" },
  {
    name: "description",
    content:
      "Mirá quiénes participan del sorteo de este mes, cuánto falta para el próximo y cómo sumarte: respondé una encuesta gratis y entrá al sorteo de una tarjeta Visa de US$200.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const listing = await streamUnlessReady(
    getParticipantsPage({ query: params.get("q") ?? "", page: params.get("page") }),
  );
  return { listing: listing.value };
}

export default function SorteosPage() {
  const { listing } = useLoaderData<typeof loader>();
  useRevalidateOnInterval();
  return (
    <div className="pt-16">
      <DrawHero />
      <ParticipantsSection listing={listing} />
      <HowItWorks />
      <PreviousWinners />
      <FaqSection />
      <FinalCta />
      <MobileCtaBar />
    </div>
  );
}
