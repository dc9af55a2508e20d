import type { ReactNode } from "react";

/** The centred eyebrow, title and lead that open each /sorteos section. */
export function SectionHeading({ id, eyebrow, title, children }: { id: string; eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id} className="section-title mt-2">
        {title}
      </h2>
      {children ? <p className="mt-4 text-lg leading-relaxed text-slate-600">{children}</p> : null}
    </div>
  );
}
