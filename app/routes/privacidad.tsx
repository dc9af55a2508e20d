import type { HeadersFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { organizerValues } from "~/components/legal/filled-values";
import { LegalDocumentBody } from "~/components/legal/legal-document-body";
import { LegalDocumentHeader } from "~/components/legal/legal-document-header";
import { PRIVACY_PAGE } from "~/content/pages/privacy";
import { PRIVACY_POLICY } from "~/content/privacy-policy";
import { env } from "~/lib/server/env.server";
import { metaFor } from "~/lib/sharing/social-meta";
import { keptAs } from "~/lib/http/route-keeping.server";
import { NO_SCRIPTS } from "~/lib/document/page-scripts";

/** Text only: nothing on the page runs, so it ships no JavaScript. */
export const handle = NO_SCRIPTS;
export const meta = metaFor(PRIVACY_PAGE);
export const headers: HeadersFunction = (args) => keptAs("public", args);

export function loader() {
  return { organizer: env.organizer, contactEmail: env.contactEmail };
}

export default function PrivacyPage() {
  const values = organizerValues(useLoaderData<typeof loader>());
  return (
    <div className="pt-16">
      <LegalDocumentHeader
        eyebrow="Tus datos"
        title={PRIVACY_POLICY.title}
        lead={PRIVACY_POLICY.lead}
        values={values}
      />
      <LegalDocumentBody sections={PRIVACY_POLICY.sections} values={values} />
    </div>
  );
}
