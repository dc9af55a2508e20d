import { Await, Link } from "@remix-run/react";
import { Suspense } from "react";
import { formatDay } from "~/lib/draw/entry-window";
import { countOf, pluralForm } from "~/lib/ui/wording";
import { RECENT_PARTICIPANTS_COUNT, type RecentParticipants as RecentParticipantsData } from "~/lib/participants/view";
import {
  ParticipantsError,
  ParticipantsTable,
  ParticipantsTableSkeleton,
  SampleDataNotice,
} from "../participants-table";
import { SectionHeading } from "./section-heading";

const CAPTION = `Los ${RECENT_PARTICIPANTS_COUNT} participantes más recientes`;
const RECENT_ERROR = "No pudimos cargar los participantes recientes.";

function RecentTable({ data }: { data: RecentParticipantsData }) {
  if (data.error) return <ParticipantsError>{RECENT_ERROR}</ParticipantsError>;
  return (
    <div className="flex flex-col gap-4">
      {data.sample && <SampleDataNotice />}
      <ParticipantsTable
        caption={CAPTION}
        rows={data.rows}
        emptyMessage="No hay participantes registrados aún"
        drawDay={formatDay(data.draw.day)}
      />
      <p className="text-center text-sm text-slate-600" data-testid="recent-total">
        {`${pluralForm(data.entryCount, "Va", "Van")} ${countOf(data.entryCount, "participación", "participaciones")} para el sorteo del ${formatDay(data.draw.day)}.`}
      </p>
    </div>
  );
}

export function RecentParticipants({
  participants,
}: {
  participants: RecentParticipantsData | Promise<RecentParticipantsData>;
}) {
  return (
    <section
      id="ultimos-ganadores"
      aria-labelledby="ultimos-ganadores-titulo"
      data-reveal=""
      className="bg-slate-50 py-20 sm:py-24"
    >
      <div className="container-page">
        <SectionHeading
          id="ultimos-ganadores-titulo"
          eyebrow="Sorteo del mes"
          title="Participantes Recientes del Sorteo"
        >
          Con una encuesta respondida ya participás del sorteo del mes. Estas son las últimas participaciones
          registradas; si alguna no entra en el próximo sorteo, lo dice al lado.
        </SectionHeading>
        <div className="mx-auto mt-10 max-w-3xl">
          <Suspense fallback={<ParticipantsTableSkeleton caption={CAPTION} rows={RECENT_PARTICIPANTS_COUNT} />}>
            <Await resolve={participants} errorElement={<ParticipantsError>{RECENT_ERROR}</ParticipantsError>}>
              {(data) => <RecentTable data={data} />}
            </Await>
          </Suspense>
          <div className="mt-8 text-center">
            <Link to="/sorteos" className="btn-secondary">
              Ver todos los participantes
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
