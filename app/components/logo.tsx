/** The Opinion Labz mark: a speech bubble holding a rising bar chart. */
export function Logo({ className = "h-9 w-auto" }: { className?: string }) {
  return (
    <svg viewBox="0 0 168 36" className={className} role="img" aria-label="Opinion Labz">
      <path d="M4 4h28a4 4 0 0 1 4 4v17a4 4 0 0 1-4 4H15l-7 6v-6H4a4 4 0 0 1-4-4V8a4 4 0 0 1 4-4z" fill="#4f46e5" />
      <path d="M9 22v-5M15 22v-9M21 22v-6M27 22V10" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <text x="44" y="24" fontFamily="ui-sans-serif, system-ui, sans-serif" fontSize="18" fontWeight="700" fill="#0f172a">
        Opinion
        <tspan fill="#4f46e5"> Labz</tspan>
      </text>
    </svg>
  );
}
