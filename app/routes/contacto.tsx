import { data, type ActionFunctionArgs, type HeadersFunction } from "@remix-run/node";
import { useLoaderData, type ClientActionFunctionArgs } from "@remix-run/react";
import { ContactEmail } from "~/components/contacto/contact-email";
import { ContactHero } from "~/components/contacto/contact-hero";
import { ContactMessage } from "~/components/contacto/contact-message";
import { ContactShortcuts } from "~/components/contacto/contact-shortcuts";
import { CONTACT_PAGE } from "~/content/pages/contact";
import { answerInPlace, keepDataAfterForms } from "~/lib/forms/answer-in-place";
import { submitContactForm } from "~/lib/forms/contact.server";
import { env } from "~/lib/server/env.server";
import { metaFor } from "~/lib/sharing/social-meta";
import { keptAs } from "~/lib/http/route-keeping.server";

export const meta = metaFor(CONTACT_PAGE);
export const headers: HeadersFunction = (args) => keptAs("public", args);

export function loader() {
  return { contactEmail: env.contactEmail };
}

export async function action({ request }: ActionFunctionArgs) {
  const { status, answer } = await submitContactForm(request);
  return data(answer, { status });
}

/** Failures on the way stay inside the form (app/lib/forms/answer-in-place.ts). */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) => answerInPlace(serverAction);
export const shouldRevalidate = keepDataAfterForms;

export default function ContactPage() {
  const { contactEmail } = useLoaderData<typeof loader>();
  return (
    <div className="pt-16">
      <ContactHero />
      <ContactEmail email={contactEmail} />
      <ContactMessage />
      <ContactShortcuts />
    </div>
  );
}
