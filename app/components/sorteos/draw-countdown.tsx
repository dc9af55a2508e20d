import { formatDrawDate, twoDigits, type CountdownParts } from "~/lib/draw/countdown";
import { useDrawClock } from "~/lib/draw/draw-clock";
import { LocalTime } from "../local-time";

const UNITS: { key: keyof CountdownParts; label: string }[] = [
  { key: "days", label: "días" },
  { key: "hours", label: "horas" },
  { key: "minutes", label: "min" },
  { key: "seconds", label: "seg" },
];

export function DrawCountdown() {
  const { drawAt, parts, live } = useDrawClock();
  const drawDate = formatDrawDate(drawAt);

  return (
    <div className="rounded-3xl border border-white/15 bg-white/10 p-5 shadow-2xl shadow-brand-950/40 backdrop-blur sm:p-7">
      <p id="cuenta-regresiva-titulo" className="text-sm font-semibold uppercase tracking-wider text-brand-200">
        Próximo sorteo
      </p>
      <p
        id="cuenta-regresiva-fecha"
        className="mt-1 text-lg font-semibold text-white first-letter:uppercase"
        data-testid="draw-date"
      >
        {drawDate} <span className="block text-sm font-normal text-brand-200">(hora de Argentina)</span>
      </p>
      <LocalTime at={drawAt.toISOString()} className="text-sm text-brand-100" />
      <div
        role="timer"
        aria-live="off"
        aria-labelledby="cuenta-regresiva-titulo"
        aria-describedby="cuenta-regresiva-fecha"
        data-testid="countdown"
        data-ready={live}
        className="mt-5 grid grid-cols-4 gap-2 sm:gap-3"
      >
        {UNITS.map(({ key, label }) => (
          <div key={key} className="flex flex-col items-center rounded-2xl bg-brand-950/60 py-3 ring-1 ring-white/10">
            <span
              data-unit={key}
              className="h-10 text-3xl font-bold leading-10 tabular-nums text-white sm:h-12 sm:text-4xl sm:leading-[3rem]"
            >
              {twoDigits(parts[key])}
            </span>
            <span className="mt-1 text-xs font-medium uppercase tracking-wide text-brand-200">{label}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
