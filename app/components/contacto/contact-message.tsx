import { CONTACT_COPY } from "~/content/contact";
import { ContactForm } from "./contact-form";

/** The contact form as a section of /contacto, for people who would rather not open a mail client. */
export function ContactMessage() {
  return (
    <section aria-labelledby="contacto-mensaje-titulo" className="container-page pt-8">
      <div className="max-w-2xl rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 id="contacto-mensaje-titulo" className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
          {CONTACT_COPY.formTitle}
        </h2>
        <p className="mt-2 leading-relaxed text-slate-600">{CONTACT_COPY.formHint}</p>
        <div className="mt-6">
          <ContactForm />
        </div>
      </div>
    </section>
  );
}
