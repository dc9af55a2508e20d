import { Await } from "@remix-run/react";
import { Suspense } from "react";
import type { ParticipantsListing } from "~/lib/participants/participants.server";
import { ParticipantsTable, ParticipantsTableSkeleton } from "../participants-table";

const CAPTION = "Participantes del sorteo de este mes";

export function ParticipantsSection({ listing }: { listing: ParticipantsListing | Promise<ParticipantsListing> }) {
  return (
    <section id="participantes" className="py-16">
      <div className="container-page">
        <h2 className="section-title">Participantes actuales</h2>
        <Suspense fallback={<ParticipantsTableSkeleton caption={CAPTION} rows={10} />}>
          <Await resolve={listing}>
            {(data) => (
              <ParticipantsTable caption={CAPTION} rows={data.rows} emptyMessage="No hay participantes registrados aún" />
            )}
          </Await>
        </Suspense>
      </div>
    </section>
  );
}
