import type { ReactNode } from "react";
import { ROW_MARKS } from "~/content/row-marks";
import type { ListedParticipant, RowMark } from "~/lib/participants/view";
import { Icon } from "./icons";

const COLUMNS = ["Participante", "País", "ID", "Fecha"] as const;
const CELL = "px-1.5 py-3 first:pl-3 last:pr-3 sm:px-5 sm:first:pl-5 sm:last:pr-5";

function TableFrame({ caption, children, busy = false }: { caption: string; children: ReactNode; busy?: boolean }) {
  return (
    // On a narrow phone the table scrolls sideways: keyboard users reach it with Tab and scroll with the arrows.
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <table className="w-full text-left text-[13px] sm:text-sm" aria-busy={busy || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-[11px] font-semibold uppercase text-slate-600 sm:text-xs sm:tracking-wide">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={CELL}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

function MessageRow({ children }: { children: ReactNode }) {
  return (
    <tr>
      <td colSpan={COLUMNS.length} className={`${CELL} py-8 text-center text-slate-600`}>
        {children}
      </td>
    </tr>
  );
}

/**
 * Under the cell that decides it: why the next draw does not take this row, seen and heard
 * ("No entra en el sorteo del 7/12/2026: sorteo de noviembre").
 */
function MarkBelow({ mark, field, drawDay }: { mark: RowMark | null; field: RowMark["field"]; drawDay: string }) {
  if (mark?.field !== field) return null;
  return (
    <span
      data-testid="row-mark"
      className="mt-1 block w-fit whitespace-normal rounded-md bg-amber-100 px-1.5 py-0.5 text-[11px] font-semibold leading-tight text-amber-900 sm:rounded-full sm:px-2 sm:text-xs"
    >
      <span className="sr-only">{ROW_MARKS.spoken(drawDay)} </span>
      {mark.text}
    </span>
  );
}

export function ParticipantsTable({
  caption,
  rows,
  emptyMessage,
  drawDay,
}: {
  caption: string;
  rows: ListedParticipant[];
  emptyMessage: string;
  /** The next draw's day, d/m/aaaa, as a mark names it to screen readers. */
  drawDay: string;
}) {
  return (
    <TableFrame caption={caption}>
      {rows.length === 0 ? (
        <MessageRow>{emptyMessage}</MessageRow>
      ) : (
        rows.map((row, index) => (
          <tr key={`${row.id}-${index}`} className="hover:bg-slate-50/80" data-testid="participant-row">
            <td className={`${CELL} font-medium text-slate-900`}>{row.nombre}</td>
            <td className={`${CELL} text-slate-700`}>{row.pais}</td>
            <td className={`${CELL} whitespace-nowrap text-xs tabular-nums text-slate-600`}>
              {row.id}
              <MarkBelow mark={row.mark} field="id" drawDay={drawDay} />
            </td>
            <td className={`${CELL} tabular-nums text-slate-700`}>
              {row.fecha}
              <MarkBelow mark={row.mark} field="fecha" drawDay={drawDay} />
            </td>
          </tr>
        ))
      )}
    </TableFrame>
  );
}

/** Placeholder rows shaped like real ones, so the table does not jump when data arrives. */
export function ParticipantsTableSkeleton({ caption, rows }: { caption: string; rows: number }) {
  return (
    <TableFrame caption={caption} busy>
      {Array.from({ length: rows }, (_, index) => (
        <tr key={index} data-testid="skeleton-row">
          {COLUMNS.map((column) => (
            <td key={column} className={CELL}>
              <span className="block h-5 animate-pulse rounded bg-slate-200/80" />
            </td>
          ))}
        </tr>
      ))}
    </TableFrame>
  );
}

export function ParticipantsError({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 px-5 py-4 text-sm text-amber-900">
      {children}
    </p>
  );
}

/** Shown above a list while the bundled sample sheet is served, so no one takes it for real entrants. */
export function SampleDataNotice({
  children = "Estos nombres son de muestra para que veas cómo se ve la lista: no son personas anotadas en el sorteo de este mes.",
}: {
  children?: string;
}) {
  return (
    <div
      role="note"
      data-testid="sample-data-notice"
      className="flex gap-3 rounded-2xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900 sm:px-5 sm:py-4"
    >
      <Icon name="info" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
      <p>
        <strong className="font-semibold">Datos de ejemplo.</strong> {children}
      </p>
    </div>
  );
}
