/**
 * The mark's shapes, shared with the icon and share-image generator (test/support/make-images.ts).
 * @public (read by that script, outside the app)
 */
export const LOGO_MARK = {
  viewBox: "0 0 36 36",
  bubble: "M4 2h28a4 4 0 0 1 4 4v19a4 4 0 0 1-4 4H15l-7 6v-6H4a4 4 0 0 1-4-4V6a4 4 0 0 1 4-4z",
  bars: "M9 22v-5M15 22v-9M21 22v-6M27 22V9",
  barWidth: 3,
} as const;

/** The Opinion Labz mark (a speech bubble holding a rising bar chart) and wordmark. */
export function Logo({ className = "", tone = "dark" }: { className?: string; tone?: "dark" | "light" }) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <svg viewBox={LOGO_MARK.viewBox} className="h-8 w-8 shrink-0" aria-hidden="true" focusable="false">
        <path d={LOGO_MARK.bubble} fill="#4f46e5" />
        <path d={LOGO_MARK.bars} stroke="#fff" strokeWidth={LOGO_MARK.barWidth} strokeLinecap="round" />
      </svg>
      <span className={`text-lg font-bold tracking-tight ${tone === "dark" ? "text-slate-900" : "text-white"}`}>
        Opinion <span className={tone === "dark" ? "text-brand-600" : "text-brand-200"}>Labz</span>
      </span>
    </span>
  );
}
