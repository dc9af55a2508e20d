import type { HeadersFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { organizerValues } from "~/components/legal/filled-values";
import { LegalDocumentBody } from "~/components/legal/legal-document-body";
import { LegalDocumentHeader } from "~/components/legal/legal-document-header";
import { DRAW_RULES } from "~/content/draw-rules";
import { RULES_PAGE } from "~/content/pages/rules";
import { nextDrawAt } from "~/lib/draw/next-draw";
import { env } from "~/lib/server/env.server";
import { metaFor } from "~/lib/sharing/social-meta";
import { keptAs } from "~/lib/http/route-keeping.server";
import { NO_SCRIPTS } from "~/lib/document/page-scripts";

/** Text only: nothing on the page runs, so it ships no JavaScript. */
export const handle = NO_SCRIPTS;
export const meta = metaFor(RULES_PAGE);
export const headers: HeadersFunction = (args) => keptAs("public", args);

/** The next draw by the countdown's rule: the stored page changes when the draw it names has passed. */
export function loader() {
  return { organizer: env.organizer, contactEmail: env.contactEmail, nextDrawAt: nextDrawAt(Date.now()).getTime() };
}

export default function RulesPage() {
  const data = useLoaderData<typeof loader>();
  const values = organizerValues(data, data.nextDrawAt);
  return (
    <div className="pt-16">
      <LegalDocumentHeader eyebrow="Sorteo mensual" title={DRAW_RULES.title} lead={DRAW_RULES.lead} values={values} />
      <LegalDocumentBody sections={DRAW_RULES.sections} values={values} />
    </div>
  );
}
