import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RecentParticipants } from "~/components/home/recent-participants";
import { getRecentParticipants } from "~/lib/participants/participants.server";
import { streamUnlessReady } from "~/lib/stream-unless-ready.server";
import { useRevalidateOnInterval } from "~/lib/use-revalidate-on-interval";

export const meta: MetaFunction = () => [
  { title: "Opinion Labz | Encuestas pagas con sorteo mensual de US$200" },
  {
    name: "description",
    content:
      "Respondé encuestas breves y confidenciales para marcas y participá cada mes del sorteo de una tarjeta Visa de US$200. Gratis, anónimo y con ganadores reales.",
  },
];

export async function loader() {
  const recent = await streamUnlessReady(getRecentParticipants());
  return { recent: recent.value };
}

export default function HomePage() {
  const { recent } = useLoaderData<typeof loader>();
  useRevalidateOnInterval();
  return (
    <>
      <div className="h-16" />
      <RecentParticipants participants={recent} />
    </>
  );
}
