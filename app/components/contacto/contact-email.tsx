import { CONTACT_COPY } from "~/content/contact";
import { Icon } from "../icons";
import { EmailLink, SampleMark, type FilledValue } from "../rich-text";

/** The support address as a mail link; an unconfigured (sample) address says so. */
export function ContactEmail({ email }: { email: FilledValue }) {
  return (
    <section aria-labelledby="contacto-email-titulo" className="container-page">
      <div className="flex max-w-2xl flex-col gap-5 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:p-8">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-lg shadow-brand-600/30">
          <Icon name="mail" className="h-6 w-6" />
        </span>
        <div className="min-w-0">
          <h2 id="contacto-email-titulo" className="text-sm font-semibold uppercase tracking-wider text-slate-600">
            {CONTACT_COPY.emailLabel}
          </h2>
          <p className="mt-1 text-lg font-bold text-slate-900 sm:text-2xl">
            <EmailLink
              address={email.value}
              className="text-brand-700 underline underline-offset-4 hover:text-brand-800"
            />
            {email.sample ? <SampleMark /> : null}
          </p>
          <p className="mt-3 leading-relaxed text-slate-600">{CONTACT_COPY.emailHint}</p>
        </div>
      </div>
    </section>
  );
}
