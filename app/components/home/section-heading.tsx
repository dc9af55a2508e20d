import type { ReactNode } from "react";

/** The eyebrow, title and intro that open every home section, centred above its content. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  tone = "light",
}: {
  /** Lets the section name itself with aria-labelledby. */
  id?: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  tone?: "light" | "dark";
}) {
  const dark = tone === "dark";
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className={dark ? "eyebrow text-brand-200" : "eyebrow"}>{eyebrow}</p>
      <h2 id={id} className={`section-title mt-2 ${dark ? "text-white" : ""}`}>
        {title}
      </h2>
      {children ? (
        <p className={`mt-4 text-lg leading-relaxed ${dark ? "text-brand-100" : "text-slate-600"}`}>{children}</p>
      ) : null}
    </div>
  );
}
