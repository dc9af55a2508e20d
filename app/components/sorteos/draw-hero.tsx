import type { DrawDay } from "~/lib/draw/draw-day";
import { DrawToday } from "../draw-today";
import { Icon } from "../icons";
import { PaintedWhole } from "../painted-whole";
import { DrawCountdown } from "./draw-countdown";
import { SurveyLink } from "./survey-link";

/**
 * The top of /sorteos: the prize and the spec's countdown to the next draw; on draw day the draw
 * of the day beside them, first on a phone (docs/product.md, "Draw day"), never instead.
 */
export function DrawHero({ today }: { today: DrawDay | null }) {
  return (
    <section
      aria-labelledby="sorteos-titulo"
      className="relative overflow-hidden bg-gradient-to-br from-brand-950 via-brand-900 to-brand-700 text-white"
    >
      <div className="container-page grid items-start gap-10 py-10 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:gap-x-16 lg:py-24">
        <div className={today ? "lg:row-span-2" : undefined}>
          <p className="inline-flex items-center gap-2 rounded-full bg-amber-400/15 px-3 py-1 text-sm font-semibold text-amber-300 ring-1 ring-amber-300/30">
            <Icon name="gift" className="h-4 w-4" />
            Premio del mes: Visa US$200
          </p>
          <h1
            id="sorteos-titulo"
            className="mt-5 text-[2.125rem] font-extrabold leading-tight tracking-tight sm:text-5xl"
          >
            Sorteo mensual de una tarjeta <span className="text-amber-300">Visa de US$200</span>
          </h1>
          <p className="mt-4 max-w-xl text-base leading-relaxed text-brand-100 sm:mt-5 sm:text-lg">
            Respondé una encuesta breve y entrás gratis al sorteo. Cada mes elegimos a una persona entre todas las que
            participaron.
          </p>
          <PaintedWhole className="mt-7 flex flex-col gap-4 sm:mt-8 sm:flex-row sm:items-center">
            <SurveyLink variant="light" className="shrink-0 whitespace-nowrap px-7 py-3.5 text-base">
              Quiero participar
            </SurveyLink>
            <p className="flex items-center gap-2 text-sm text-brand-100">
              <Icon name="calendar" className="h-5 w-5 shrink-0 text-amber-300" />
              Los sorteos se realizan el primer lunes de cada mes
            </p>
          </PaintedWhole>
        </div>
        {/* On draw day the draw of the day comes first on a phone, above the prize. */}
        {today ? (
          <div className="order-first lg:order-none">
            <DrawToday today={today} />
          </div>
        ) : null}
        <DrawCountdown />
      </div>
    </section>
  );
}
