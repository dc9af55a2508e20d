import type { ReactNode } from "react";

const SECTION_BACKGROUNDS = { white: "bg-white", slate: "bg-slate-50" } as const;

/**
 * A /sorteos section below the fold: centred eyebrow, title and lead, then its content.
 * Alternating tones separate sections without borders; `data-reveal` animates it in.
 */
export function PageSection({
  id,
  eyebrow,
  title,
  lead,
  tone = "white",
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead?: string;
  tone?: keyof typeof SECTION_BACKGROUNDS;
  children: ReactNode;
}) {
  const titleId = `${id}-titulo`;
  return (
    <section id={id} aria-labelledby={titleId} data-reveal="" className={`${SECTION_BACKGROUNDS[tone]} py-16 sm:py-24`}>
      <div className="container-page">
        <div className="mx-auto max-w-2xl text-center">
          <p className="eyebrow">{eyebrow}</p>
          <h2 id={titleId} className="section-title mt-2">
            {title}
          </h2>
          {lead ? <p className="mt-4 text-lg leading-relaxed text-slate-600">{lead}</p> : null}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}
