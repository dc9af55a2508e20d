import { FAQ_ITEMS } from "~/content/faq";
import { faqPageData } from "~/lib/sharing/structured-data";
import { Icon } from "../icons";
import { JsonLd } from "../json-ld";
import { RichTextContent } from "../rich-text";
import { PageSection } from "./page-section";

/**
 * Native exclusive accordion: `<details name>` keeps at most one answer open, lets it be
 * closed again and works before (or without) JavaScript.
 */
export function FaqSection() {
  return (
    <PageSection id="preguntas-frecuentes" tone="slate" eyebrow="Reglas del sorteo" title="Preguntas frecuentes">
      <div className="mx-auto max-w-3xl space-y-3" data-testid="faq">
        {FAQ_ITEMS.map((item) => (
          <details
            key={item.question}
            name="faq"
            className="group rounded-2xl border border-slate-200 bg-white shadow-sm open:border-brand-200 open:ring-1 open:ring-brand-200"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left font-semibold text-slate-900 hover:text-brand-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:px-6 [&::-webkit-details-marker]:hidden">
              {item.question}
              <Icon
                name="chevronDown"
                className="h-5 w-5 shrink-0 text-brand-600 transition-transform duration-200 group-open:rotate-180"
              />
            </summary>
            <p className="px-5 pb-5 leading-relaxed text-slate-600 sm:px-6">
              <RichTextContent text={item.answer} />
            </p>
          </details>
        ))}
      </div>
    </PageSection>
  );
}

/**
 * The FAQ as structured data, from the same items as the accordion. Beside the section, not in
 * json-ld.tsx: the home page loads that module, and would load the FAQ's text with it.
 */
export function FaqJsonLd() {
  return <JsonLd data={faqPageData(FAQ_ITEMS)} />;
}
