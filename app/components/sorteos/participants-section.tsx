import { Await, Link, useNavigation } from "@remix-run/react";
import { Suspense, type ReactNode } from "react";
import { PARTICIPANTS_LOOKUP, SEARCH_ANSWERS } from "~/content/search-answers";
import { formatLastUpdated } from "~/lib/participants/format";
import { countOf, formatCount, pluralForm } from "~/lib/ui/wording";
import { listingHref } from "~/lib/participants/listing-url";
import { formatDay } from "~/lib/draw/entry-window";
import { useDrawClock } from "~/lib/draw/draw-clock";
import { PAGE_SIZE } from "~/lib/participants/pagination";
import type { ListedDraw, ParticipantsListing } from "~/lib/participants/view";
import { useRenderInstant } from "~/lib/document/render-instant";
import { useNow } from "~/lib/hooks/use-now";
import { Icon, type IconName } from "../icons";
import { Pagination } from "../pagination";
import { ParticipantsTable, ParticipantsTableSkeleton, SampleDataNotice } from "../participants-table";
import { ParticipantsSearch } from "./participants-search";

const CLOCK_TICK_MS = 15_000;
const CAPTION = "Participantes registrados, de la participación más nueva a la más vieja";

function StatTile({ icon, label, value, testId }: { icon: IconName; label: string; value: ReactNode; testId: string }) {
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-start sm:gap-4 sm:p-5">
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 sm:h-12 sm:w-12">
        <Icon name={icon} className="h-5 w-5 sm:h-6 sm:w-6" />
      </span>
      <div>
        <p className="text-xs text-slate-600 sm:text-sm">{label}</p>
        <p className="text-xl font-bold tabular-nums text-slate-900 sm:text-2xl" data-testid={testId}>
          {value}
        </p>
      </div>
    </div>
  );
}

/** Whole days left, from the same count as the countdown above. */
function DaysLeft() {
  return <>{useDrawClock().parts.days}</>;
}

function StatTiles({ participants, countries }: { participants: ReactNode; countries: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-3 sm:gap-4">
      <StatTile icon="users" label="Participantes" value={participants} testId="stat-participants" />
      <StatTile icon="globe" label="Países" value={countries} testId="stat-countries" />
      <StatTile icon="calendar" label="Días restantes" value={<DaysLeft />} testId="stat-days" />
    </div>
  );
}

function LoadError({ message }: { message: string }) {
  return (
    <div role="alert" className="flex gap-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900">
      <Icon name="alert" className="mt-0.5 h-5 w-5 shrink-0 text-red-600" />
      <div>
        <p className="font-semibold">Error al cargar participantes</p>
        <p className="mt-1 text-sm">{message}</p>
        <p className="mt-1 text-sm text-red-800">Los datos se actualizarán automáticamente en unos minutos.</p>
      </div>
    </div>
  );
}

function countLine({ matchCount, firstRow, rows, query }: ParticipantsListing): string {
  if (matchCount === 0) return query ? "No se encontraron participantes" : "Todavía no hay participantes registrados";
  const first = formatCount(firstRow);
  const last = formatCount(firstRow + rows.length - 1);
  const total = countOf(matchCount, "participante", "participantes");
  return query
    ? `${total} ${pluralForm(matchCount, "coincide", "coinciden")} con tu búsqueda · mostrando ${first}–${last}`
    : `Mostrando ${first}–${last} de ${total}`;
}

/**
 * A search's rows that are not in this draw, each with what became of it (the draw that took
 * it, with a link to its record, and whether it won) or why it is out: someone who searches
 * their ID learns whether they won, and where to ask.
 */
function NotInPlayRows({ notInPlay, drawDay }: { notInPlay: ParticipantsListing["notInPlay"]; drawDay: string }) {
  if (notInPlay.rows.length === 0) return null;
  const { contact } = SEARCH_ANSWERS;
  return (
    <div
      className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 sm:p-5"
      data-testid="not-in-play"
    >
      <p className="font-semibold">{SEARCH_ANSWERS.heading(drawDay)}</p>
      <ul className="mt-3 space-y-3">
        {notInPlay.rows.map((row, index) => (
          <li key={`${row.id}-${index}`}>
            <span className="font-medium text-slate-900">{row.nombre}</span>
            <span className="text-slate-700">
              {" · "}
              {row.pais} · ID <bdi className="font-mono text-xs">{row.id}</bdi> · {row.fecha}
            </span>
            <span className="block text-amber-900">
              {row.reason}
              {row.record ? (
                <>
                  {" "}
                  <Link to={row.record.href} className="font-medium underline underline-offset-2">
                    {row.record.label}
                  </Link>
                </>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {notInPlay.more > 0 ? (
        <p className="mt-3 text-amber-900">
          {SEARCH_ANSWERS.more(countOf(notInPlay.more, "participación", "participaciones"))}
        </p>
      ) : null}
      <p className="mt-3 text-amber-900" data-testid="not-in-play-contact">
        {contact.before}
        <Link to="/contacto" className="font-medium underline underline-offset-2">
          {contact.link}
        </Link>
        {contact.after}
      </p>
    </div>
  );
}

/**
 * Ticks on its own, inside the Suspense boundary: a clock held above the boundary would
 * update it while it may still be hydrating streamed data.
 */
function LastUpdated({ fetchedAt }: { fetchedAt: ParticipantsListing["fetchedAt"] }) {
  const now = useNow(useRenderInstant(), CLOCK_TICK_MS);
  return (
    <p className="flex items-center gap-2 text-sm text-slate-500" data-testid="last-updated">
      <Icon name="refresh" className="h-4 w-4" />
      Última actualización: {formatLastUpdated(fetchedAt, now)}
    </p>
  );
}

function ListingBody({ listing }: { listing: ParticipantsListing }) {
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === "/sorteos";
  // Without any copy of the sheet there is nothing to count or search: say so, claim nothing.
  const unknown = listing.error !== null;
  return (
    <>
      <StatTiles
        participants={unknown ? "—" : formatCount(listing.listedCount)}
        countries={unknown ? "—" : formatCount(listing.countryCount)}
      />
      {unknown ? (
        <LoadError message={listing.error!} />
      ) : (
        <>
          <p className="text-sm font-medium text-slate-700" data-testid="draw-entries">
            {`Para el sorteo del ${formatDay(listing.draw.day)} ${pluralForm(listing.entryCount, "entra", "entran")} ${countOf(listing.entryCount, "participación", "participaciones")} de esta lista.`}
          </p>
          {listing.sample && <SampleDataNotice />}
          <ParticipantsSearch query={listing.query} />
          <p className="text-sm text-slate-600" aria-live="polite" data-testid="count-line">
            {countLine(listing)}
          </p>
          <div className={updating ? "opacity-60 transition-opacity" : "transition-opacity"}>
            <ParticipantsTable
              caption={CAPTION}
              drawDay={formatDay(listing.draw.day)}
              rows={listing.rows}
              emptyMessage={
                listing.query
                  ? "No se encontraron participantes con ese criterio"
                  : "No hay participantes registrados aún"
              }
            />
          </div>
          <Pagination
            page={listing.page}
            pageCount={listing.pageCount}
            hrefFor={(page) => listingHref(listing.query, page)}
            label="Páginas de participantes"
          />
          <NotInPlayRows notInPlay={listing.notInPlay} drawDay={formatDay(listing.draw.day)} />
        </>
      )}
      <LastUpdated fetchedAt={listing.fetchedAt} />
    </>
  );
}

function ListingSkeleton() {
  return (
    <>
      <StatTiles participants="—" countries="—" />
      <div className="h-12 rounded-full bg-slate-100" />
      <p className="text-sm text-slate-500">Cargando participantes…</p>
      <ParticipantsTableSkeleton caption={CAPTION} rows={PAGE_SIZE} />
    </>
  );
}

export function ParticipantsSection({
  listing,
  draw,
  surveyOpen,
}: {
  listing: ParticipantsListing | Promise<ParticipantsListing>;
  /** The draw the list is for: known before the sheet arrives. */
  draw: ListedDraw;
  /** Whether a survey is open now (SURVEY_URL): only then is "you are in" a thing to promise. */
  surveyOpen: boolean;
}) {
  const day = formatDay(draw.day);
  const from = formatDay(draw.from);
  return (
    <section id="participantes" aria-labelledby="participantes-titulo" className="bg-slate-50 py-16 sm:py-20">
      <div className="container-page">
        <div className="max-w-2xl">
          <p className="eyebrow">{`Sorteo del ${day}`}</p>
          <h2 id="participantes-titulo" className="section-title mt-2">
            Participantes actuales
          </h2>
          <p className="mt-3 text-slate-600">
            {surveyOpen
              ? "Con la encuesta respondida ya estás adentro."
              : "Todavía no hay una encuesta abierta: anotate en la página de la encuesta y te avisamos cuando abra."}{" "}
            {PARTICIPANTS_LOOKUP}
          </p>
          <p className="mt-3 text-sm text-slate-600" data-testid="listing-window">
            {`La lista muestra todas las participaciones registradas, de la más nueva a la más vieja. El sorteo del ${day} (la lista se cierra a las 12:00, hora de Argentina) toma las que tienen fecha del ${from} al ${day}, una por ID${draw.afterList ? `, salvo las del ${from} que ya entraron en el sorteo anterior` : ""}; las demás llevan una marca que dice por qué.`}
          </p>
        </div>
        <div className="mt-8 flex flex-col gap-5">
          <Suspense fallback={<ListingSkeleton />}>
            <Await resolve={listing} errorElement={<LoadError message="Error desconocido" />}>
              {(data) => <ListingBody listing={data} />}
            </Await>
          </Suspense>
        </div>
        <div className="mt-10 text-center">
          <Link to="/encuesta" className="btn-primary">
            Sumarme al sorteo
            <Icon name="arrowRight" className="h-4 w-4" />
          </Link>
        </div>
      </div>
    </section>
  );
}
