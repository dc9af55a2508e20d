import type { ReactNode } from "react";
import { formatArgentinaInstant } from "~/lib/draw/countdown";
import { formatDay, type EntryWindow } from "~/lib/draw/entry-window";
import type { LeftOut } from "~/lib/draw/published-draw";
import { beaconRound } from "~/lib/draw/quicknet-rounds";
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
 * The days whose entries are in play: from the previous draw's (what it did not take), through
 * the draw's. What the previous draw took is only mentioned when it froze a list of real entries.
 */
export function WindowDays({ window, afterList }: { window: EntryWindow; afterList: boolean }) {
  const from = formatDay(window.from);
  return (
    <span className="block">
      {`Entran las participaciones con fecha del ${from} al ${formatDay(window.through)}, una por id${afterList ? `, salvo las del ${from} que ya estaban en la lista del sorteo anterior` : ""}.`}
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

/** Where the frozen list is, and since when it cannot change. */
export function ListLink({ url, frozenAt }: { url: string; frozenAt: string }) {
  return (
    <>
      <span className="mt-1 block text-slate-600">
        Congelada el <time dateTime={frozenAt}>{formatArgentinaInstant(frozenAt)}</time>
      </span>
      <a href={url} className="mt-1 block font-medium text-brand-700 underline underline-offset-4">
        Descargar la lista de ids (texto)
      </a>
    </>
  );
}

/**
 * Why a draw uses another drand round than the rule's first choice (docs/draw.md, "The order,
 * proven"), said of a draw made or of one still to make; nothing when it uses the rule's.
 */
export function MovedRound({ drawAt, used, made }: { drawAt: string; used: number; made: boolean }) {
  const fixed = beaconRound(new Date(drawAt), 0);
  if (used === fixed) return null;
  return (
    <span className="mt-1 block text-slate-600">
      {`${made ? "Se corrió" : "Se corre"} de la ronda ${formatCount(fixed)} a la ${formatCount(used)}: ninguna autoridad selló la lista antes de que drand publicara la ronda ${formatCount(fixed)}, y la regla fija entonces la primera ronda que sale 30 minutos después del primer sello de la lista.`}
    </span>
  );
}
