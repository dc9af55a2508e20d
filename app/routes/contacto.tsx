// Minimal /contacto for the contact form's tests: the page itself (its sections, the support
// address, meta) comes from the /contacto branch, which mounts <ContactForm /> and this action.
import { data, type ActionFunctionArgs } from "@remix-run/node";
import { ContactForm } from "~/components/contacto/contact-form";
import { submitContactForm } from "~/lib/forms/contact.server";
import { unlistedPageMeta } from "~/lib/sharing/social-meta";

export const meta = () => unlistedPageMeta("Contacto | Opinion Labz");

export async function action({ request }: ActionFunctionArgs) {
  const { status, answer } = await submitContactForm(request);
  return data(answer, { status });
}

export default function ContactPage() {
  return (
    <section aria-labelledby="contacto-titulo" className="container-page mx-auto max-w-xl py-24">
      <h1 id="contacto-titulo" className="text-3xl font-extrabold text-slate-900">
        Contacto
      </h1>
      <div className="mt-6">
        <ContactForm />
      </div>
    </section>
  );
}
