import { CONTACT_COPY } from "~/content/contact";

/** What the page is for, and the promise that a person answers within 24 hours. */
export function ContactHero() {
  return (
    <div className="bg-gradient-to-b from-brand-50 via-white to-white">
      <div className="container-page pb-8 pt-10 sm:pb-12 sm:pt-16">
        <div className="max-w-2xl">
          <p className="eyebrow">{CONTACT_COPY.eyebrow}</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            {CONTACT_COPY.title}
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-slate-600">{CONTACT_COPY.lead}</p>
        </div>
      </div>
    </div>
  );
}
