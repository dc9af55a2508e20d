import type { ReactNode } from "react";
import { formatArgentinaSecond } from "~/lib/draw/countdown";
import { formatDay, type EntryWindow } from "~/lib/draw/entry-window";
import type { LeftOut, PublishedStatement } from "~/lib/draw/published-draw";
import { formatCount } from "~/lib/ui/wording";
import { leftOutSentence } from "~/lib/participants/left-out";

/** One published value of a draw: its label, then the value and what it means. */
export function PublishedValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-3 sm:grid sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-slate-900">{label}</dt>
      <dd className="mt-1 text-sm text-slate-700 sm:mt-0">{children}</dd>
    </div>
  );
}

export function Hex({ value }: { value: string }) {
  return <code className="break-all font-mono text-[0.8125rem] text-slate-800">{value}</code>;
}

/**
 * The days whose entries are in play: from the last draw that happened (what it did not take),
 * through the draw's. What that draw took is only mentioned when it froze a list of real entries.
 */
export function WindowDays({ window, afterList }: { window: EntryWindow; afterList: boolean }) {
  const from = formatDay(window.from);
  return (
    <span className="block">
      {`Entran las participaciones con fecha del ${from} al ${formatDay(window.through)}, una por ID${afterList ? `, salvo las del ${from} que ya estaban en la lista del sorteo anterior` : ""}.`}
    </span>
  );
}

/**
 * How many entries are in play, their days, and the sheet rows left out. A list frozen before
 * the window was applied (`leftOut` unknown) took every row: no days are claimed for it.
 */
export function EntriesInPlay({
  count,
  window,
  afterList,
  leftOut,
}: {
  count: number;
  window: EntryWindow;
  /** Whether the previous draw froze a list of real entries (`WindowDays`). */
  afterList: boolean;
  leftOut: LeftOut | null;
}) {
  const left = leftOut ? leftOutSentence(leftOut, afterList) : null;
  return (
    <>
      <span className="block font-semibold text-slate-900">{formatCount(count)}</span>
      {leftOut ? <WindowDays window={window} afterList={afterList} /> : null}
      {left ? <span className="mt-1 block text-slate-600">{left}</span> : null}
    </>
  );
}

/** The first instant a statement's seals state (ISO 8601), or null before any: the list's closing time. */
export function firstSealAt(statement: PublishedStatement | null): string | null {
  return (statement?.tokens ?? []).map((token) => token.stampedAt).sort()[0] ?? null;
}

/**
 * Where the frozen list is, and since when it cannot change: its first seal's instant, never our
 * database's (docs/draw.md, "Witnesses").
 */
export function ListLink({ url, sealedAt }: { url: string; sealedAt: string | null }) {
  return (
    <>
      <span className="mt-1 block text-slate-600">
        {sealedAt ? (
          <>
            Cerrada a más tardar el <time dateTime={sealedAt}>{formatArgentinaSecond(sealedAt)}</time> (hora de
            Argentina), la hora de su primer sello
          </>
        ) : (
          "Todavía sin sellos: su hora de cierre la dice el primer sello"
        )}
      </span>
      <a href={url} className="mt-1 block font-medium text-brand-700 underline underline-offset-4">
        Descargar la lista de IDs (texto)
      </a>
    </>
  );
}

/** How many draw notices left before the round: the readers who hold the list's hash from before it. */
export function NoticesSent({ queued, sentBeforeRound }: { queued: number; sentBeforeRound: number }) {
  return (
    <PublishedValue label="Avisos por email">
      {`${formatCount(sentBeforeRound)} de ${formatCount(queued)} avisos con la huella de la lista salieron antes de la ronda (el del equipo incluido). Quien lo recibió puede probar qué lista se cerró antes del número que la sortea.`}
    </PublishedValue>
  );
}
