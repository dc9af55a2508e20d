import type { ReactNode } from "react";
import {
  SAMPLE_BADGES,
  SAMPLE_DRAW,
  SAMPLE_PROFILE,
  progressPercent,
  type SampleQuestion,
} from "~/content/survey-sample";
import { Icon, type IconName } from "../icons";
import { useRenderInstant } from "~/lib/document/render-instant";
import { argentinaWallClock, nextDrawAt } from "~/lib/draw/next-draw";

/*
 * Pieces of the illustrative survey shown in the hero and the explainer. They only look
 * like controls: nothing here is focusable or submits anything (docs/product.md, "Survey preview").
 */

/** Tailwind needs literal class names, so the bar width comes from a fixed table. */
const BAR_WIDTH: Record<number, string> = {
  0: "w-0",
  20: "w-1/5",
  40: "w-2/5",
  60: "w-3/5",
  80: "w-4/5",
  100: "w-full",
};

export function ProgressHeader({ current, total }: { current: number; total: number }) {
  const percent = progressPercent(current, total);
  return (
    <div>
      <div className="flex items-center justify-between text-xs font-medium">
        <span className="text-slate-700">
          Pregunta {current} de {total}
        </span>
        <span className="text-brand-700">{percent}% completado</span>
      </div>
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100">
        <div
          className={`h-full rounded-full bg-gradient-to-r from-brand-500 to-brand-600 ${BAR_WIDTH[percent] ?? "w-1/2"}`}
        />
      </div>
    </div>
  );
}

function OptionMark({ kind, selected }: { kind: "radio" | "checkbox"; selected: boolean }) {
  const shape = kind === "radio" ? "rounded-full" : "rounded-md";
  if (!selected) return <span className={`h-5 w-5 shrink-0 border-2 border-slate-300 bg-white ${shape}`} />;
  return (
    <span className={`flex h-5 w-5 shrink-0 items-center justify-center bg-brand-600 text-white ${shape}`}>
      {kind === "radio" ? (
        <span className="h-2 w-2 rounded-full bg-white" />
      ) : (
        <Icon name="check" className="h-3.5 w-3.5" />
      )}
    </span>
  );
}

export function OptionList({ question, kind }: { question: SampleQuestion; kind: "radio" | "checkbox" }) {
  return (
    <div>
      <p className="text-base font-semibold leading-snug text-slate-900">{question.prompt}</p>
      <ul className="mt-4 space-y-2.5">
        {question.options.map((option) => (
          <li
            key={option.text}
            data-selected={option.selected}
            className={`flex items-center gap-3 rounded-xl border px-3.5 py-2.5 text-sm ${
              option.selected
                ? "border-brand-500 bg-brand-50 font-medium text-brand-900"
                : "border-slate-200 text-slate-700"
            }`}
          >
            <OptionMark kind={kind} selected={option.selected} />
            {option.text}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Looks like a button, is only text: the previews are pictures of a survey, not a survey. */
export function MockButton({
  children,
  variant = "primary",
  size = "md",
  className = "",
}: {
  children: ReactNode;
  variant?: "primary" | "ghost";
  size?: "sm" | "md";
  className?: string;
}) {
  const look =
    variant === "primary" ? "bg-brand-600 text-white shadow-sm" : "border border-slate-200 bg-white text-slate-600";
  const scale = size === "sm" ? "px-3 text-xs" : "px-4 text-sm";
  return (
    <span
      className={`inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-full py-2 font-semibold ${scale} ${look} ${className}`}
    >
      {children}
    </span>
  );
}

export function SurveyNavigation({ compact = false }: { compact?: boolean }) {
  const size = compact ? "sm" : "md";
  return (
    <div className="flex items-center justify-between gap-3">
      <MockButton variant="ghost" size={size}>
        <Icon name="chevronLeft" className="h-4 w-4" />
        Anterior
      </MockButton>
      <MockButton size={size}>
        Siguiente
        <Icon name="chevronRight" className="h-4 w-4" />
      </MockButton>
    </div>
  );
}

export function SurveyBadges({ completed = false }: { completed?: boolean }) {
  const badge = "inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium";
  return (
    <div className="flex flex-wrap gap-2">
      {completed ? (
        <span className={`${badge} bg-emerald-50 text-emerald-800`}>
          <Icon name="check" className="h-3.5 w-3.5" />
          {SAMPLE_BADGES.completed}
        </span>
      ) : (
        <span className={`${badge} bg-emerald-50 text-emerald-800`}>
          <span className="h-1.5 w-1.5 rounded-full bg-emerald-500" />
          {SAMPLE_BADGES.available}
        </span>
      )}
      <span className={`${badge} bg-slate-100 text-slate-700`}>
        <Icon name="lock" className="h-3.5 w-3.5" />
        {SAMPLE_BADGES.anonymous}
      </span>
    </div>
  );
}

export function ProfileSummary({ withDuration = false }: { withDuration?: boolean }) {
  const rows = [
    { label: "Edad", value: SAMPLE_PROFILE.ageRange },
    { label: "Interés", value: SAMPLE_PROFILE.interest },
    ...(withDuration ? [{ label: "Duración", value: SAMPLE_PROFILE.duration }] : []),
  ];
  return (
    <div className="rounded-2xl bg-slate-50 p-4">
      <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
        <Icon name="user" className="h-4 w-4" />
        Tu perfil
      </p>
      <dl className="mt-3 space-y-2 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="flex items-center justify-between gap-3">
            <dt className="text-slate-600">{row.label}</dt>
            <dd className="font-medium text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function ConfidentialityNote() {
  return (
    <p className="flex items-start gap-2 rounded-2xl bg-brand-50 p-4 text-xs leading-relaxed text-brand-900">
      <Icon name="shield" className="h-4 w-4 shrink-0 text-brand-700" />
      Tus respuestas son anónimas y confidenciales. Nunca compartimos tus datos personales.
    </p>
  );
}

const FLOATING_CARD =
  "rounded-2xl bg-white/95 p-3.5 shadow-xl shadow-slate-900/10 ring-1 ring-slate-900/5 backdrop-blur";

/** A floating card with a tinted icon, a small label and one strong line. */
function IconCard({
  icon,
  tint,
  label,
  value,
  className,
}: {
  icon: IconName;
  tint: string;
  label: string;
  value: string;
  className: string;
}) {
  return (
    <div className={`${FLOATING_CARD} flex items-center gap-3 ${className}`}>
      <span className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-xl ${tint}`}>
        <Icon name={icon} className="h-5 w-5" />
      </span>
      <div className="leading-tight">
        <p className="text-xs text-slate-600">{label}</p>
        <p className="mt-0.5 text-sm font-bold text-slate-900">{value}</p>
      </div>
    </div>
  );
}

/** The preview's one true figure: the next draw's day (dd/mm, Argentina), from the page's render instant. */
export function NextDrawCard({ className = "" }: { className?: string }) {
  const draw = argentinaWallClock(nextDrawAt(useRenderInstant()).getTime());
  return (
    <IconCard
      icon="gift"
      tint="bg-amber-100 text-amber-700"
      label={`Próximo sorteo · ${String(draw.getUTCDate()).padStart(2, "0")}/${String(draw.getUTCMonth() + 1).padStart(2, "0")}`}
      value={SAMPLE_DRAW.prize}
      className={className}
    />
  );
}

export function ImpactCard({ className = "" }: { className?: string }) {
  return (
    <IconCard
      icon="chart"
      tint="bg-emerald-100 text-emerald-700"
      label="Tu impacto"
      value="Tu opinión llega a la marca"
      className={className}
    />
  );
}

export function RatingCard({ className = "" }: { className?: string }) {
  return (
    <div className={`${FLOATING_CARD} ${className}`}>
      <p className="text-xs text-slate-600">¿Qué tan fácil fue responder?</p>
      <div className="mt-1.5 flex gap-0.5 text-amber-500">
        {[1, 2, 3, 4, 5].map((star) => (
          <Icon key={star} name="star" className={`h-4 w-4 fill-current ${star === 5 ? "text-slate-300" : ""}`} />
        ))}
      </div>
    </div>
  );
}
