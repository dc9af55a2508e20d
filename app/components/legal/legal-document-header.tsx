import type { RichText } from "~/content/rich-text";
import { RichTextContent, type FilledValues } from "../rich-text";
import { SampleValuesNotice } from "./sample-values-notice";

/** The top of a rules or policy page: what it is, its title, what it covers. */
export function LegalDocumentHeader({
  eyebrow,
  title,
  lead,
  values,
}: {
  eyebrow: string;
  title: string;
  lead: RichText;
  values: FilledValues;
}) {
  return (
    <div className="bg-gradient-to-b from-brand-50 via-white to-white">
      <div className="container-page pb-10 pt-10 sm:pb-14 sm:pt-16">
        <div className="max-w-3xl">
          <p className="eyebrow">{eyebrow}</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-4 text-lg leading-relaxed text-slate-600">
            <RichTextContent text={lead} values={values} />
          </p>
          <SampleValuesNotice values={values} />
        </div>
      </div>
    </div>
  );
}
