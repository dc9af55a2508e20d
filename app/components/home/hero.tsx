import { Link } from "@remix-run/react";
import type { DrawDay } from "~/lib/draw/draw-day";
import { START_SURVEY } from "~/content/navigation";
import { SURVEY_TIME } from "~/content/survey-time";
import { HERO_QUESTION, SAMPLE_PROGRESS } from "~/content/survey-sample";
import { DrawToday } from "../draw-today";
import { Icon } from "../icons";
import { PaintedWhole } from "../painted-whole";
import {
  ConfidentialityNote,
  ImpactCard,
  NextDrawCard,
  OptionList,
  ProfileSummary,
  ProgressHeader,
  RatingCard,
  SurveyBadges,
  SurveyNavigation,
} from "./survey-mock";

const HIGHLIGHTS = ["Gratis", SURVEY_TIME, "Respuestas anónimas"];

function SurveyCardBody({ compact = false }: { compact?: boolean }) {
  return (
    <div className="space-y-5">
      <ProgressHeader current={SAMPLE_PROGRESS.current} total={SAMPLE_PROGRESS.total} />
      <OptionList question={HERO_QUESTION} kind="radio" />
      <SurveyNavigation compact={compact} />
    </div>
  );
}

function DesktopPreview() {
  return (
    <div data-testid="hero-preview-desktop" className="relative mx-auto hidden w-full max-w-xl md:block lg:mr-0">
      <div className="rounded-3xl bg-white p-6 shadow-2xl shadow-brand-900/15 ring-1 ring-slate-900/5">
        {/* The right end of this row stays empty: the next-draw card floats over it. */}
        <div className="mb-5 border-b border-slate-100 pb-4">
          <SurveyBadges />
        </div>
        <SurveyCardBody />
        <div className="mt-6 grid grid-cols-2 gap-4">
          <ProfileSummary />
          <ConfidentialityNote />
        </div>
      </div>
      <NextDrawCard className="absolute -right-3 -top-8 lg:-right-6" />
      {/* At lg the preview column is narrow: the impact text wraps so the two cards never overlap. */}
      <ImpactCard className="absolute -bottom-10 -left-3 lg:-left-6 lg:max-w-[15rem] xl:-left-10 xl:max-w-none" />
      <RatingCard className="absolute -bottom-10 right-6 lg:-right-3 xl:right-6" />
    </div>
  );
}

function MobilePreview() {
  return (
    <div data-testid="hero-preview-phone" className="mx-auto w-full max-w-sm md:hidden">
      <div className="relative mx-auto max-w-[17.5rem] pt-10">
        <div className="rounded-[2.5rem] border-[10px] border-slate-900 bg-white shadow-2xl shadow-brand-900/25">
          <div className="mx-auto mt-2 h-1.5 w-16 rounded-full bg-slate-200" />
          <div className="space-y-4 p-4 pb-16 pt-5">
            <SurveyBadges />
            <SurveyCardBody compact />
            <ProfileSummary />
            <ConfidentialityNote />
          </div>
        </div>
        <NextDrawCard className="absolute -right-5 top-0" />
      </div>
      {/* Overlaps the bottom of the phone, where the screen has spare padding. */}
      <div className="relative -mt-12 grid grid-cols-2 gap-3">
        <ImpactCard />
        <RatingCard />
      </div>
    </div>
  );
}

/**
 * The home page's first screen: the pitch beside the spec's survey preview; on draw day (from the
 * freeze to a week after the result) the draw card above the preview, first on a phone
 * (docs/product.md, "Draw day"), never instead of it.
 */
export function Hero({ today }: { today: DrawDay | null }) {
  return (
    <section
      id="inicio"
      aria-labelledby="inicio-titulo"
      className="relative isolate overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white pt-16"
    >
      <div
        aria-hidden="true"
        className="absolute -top-40 right-0 -z-10 h-[32rem] w-[32rem] rounded-full bg-brand-200/40 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute -left-32 top-[26rem] -z-10 h-80 w-80 rounded-full bg-amber-100/60 blur-3xl"
      />
      <div className="container-page grid items-center gap-14 pb-20 pt-10 sm:pt-16 lg:grid-cols-[1.1fr_1fr] lg:items-start lg:gap-10 lg:pb-28 lg:pt-20 xl:grid-cols-[1fr_1.05fr] xl:gap-16">
        {/* Tablets: the text centred above the preview; side by side from lg, top-aligned: centred,
            the text would move each time more of the preview arrives on a slow network. */}
        <div
          data-testid="hero-text"
          className={`max-w-xl md:mx-auto md:w-full md:max-w-2xl md:text-center lg:mx-0 lg:max-w-xl lg:pt-10 lg:text-left ${today ? "lg:row-span-2" : ""}`}
        >
          <PaintedWhole
            as="p"
            className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-900/5"
          >
            <span className="flex h-6 w-6 items-center justify-center rounded-full bg-amber-100 text-amber-700">
              <Icon name="gift" className="h-4 w-4" />
            </span>
            Sorteo mensual de una Visa de US$200
          </PaintedWhole>
          <h1
            id="inicio-titulo"
            className="mt-6 text-4xl font-extrabold leading-[1.1] tracking-tight text-slate-900 sm:text-5xl xl:text-6xl"
          >
            Tu opinión vale. <span className="text-brand-600 md:block">Cada mes, puede valer US$200.</span>
          </h1>
          <p className="mt-6 text-lg leading-relaxed text-slate-600">
            Respondé encuestas breves y confidenciales para marcas que quieren escuchar a personas reales. Con una
            encuesta respondida participás del sorteo mensual de una tarjeta Visa de US$200.
          </p>
          <PaintedWhole className="mt-8 flex flex-col gap-3 sm:flex-row md:justify-center lg:justify-start">
            <Link to={START_SURVEY.path} className="btn-primary px-7 py-3.5 text-base">
              {START_SURVEY.label}
              <Icon name="arrowRight" className="h-5 w-5" />
            </Link>
            <a href="#como-funciona" className="btn-secondary px-7 py-3.5 text-base">
              Ver cómo funciona
            </a>
          </PaintedWhole>
          <PaintedWhole
            as="ul"
            className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600 md:justify-center lg:justify-start"
          >
            {HIGHLIGHTS.map((item) => (
              <li key={item} className="flex items-center gap-1.5">
                <Icon name="check" className="h-4 w-4 text-emerald-600" />
                {item}
              </li>
            ))}
          </PaintedWhole>
        </div>
        {today ? (
          // On a phone the draw comes first, above the pitch; from lg, above the preview.
          <div className="order-first mx-auto w-full max-w-xl lg:order-none lg:mr-0 lg:pt-10">
            <DrawToday today={today} checkPath="/sorteos" />
          </div>
        ) : null}
        <PaintedWhole aria-hidden="true" className={today ? "lg:pt-6" : undefined}>
          <DesktopPreview />
          <MobilePreview />
        </PaintedWhole>
      </div>
    </section>
  );
}
