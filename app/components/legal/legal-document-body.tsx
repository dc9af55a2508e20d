import type { DocumentBlock, DocumentSection } from "~/content/rich-text";
import { RichTextContent, type FilledValues } from "../rich-text";

function Block({ block, values }: { block: DocumentBlock; values: FilledValues }) {
  if ("paragraph" in block) {
    return (
      <p>
        <RichTextContent text={block.paragraph} values={values} />
      </p>
    );
  }
  if ("list" in block) {
    return (
      <ul className="list-disc space-y-2 pl-5 marker:text-brand-600">
        {block.list.map((item, index) => (
          <li key={index}>
            <RichTextContent text={item} values={values} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <p className="rounded-2xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700 sm:px-5 sm:py-4">
      <RichTextContent text={block.notice} values={values} />
    </p>
  );
}

/**
 * The numbered sections of a rules or policy page, with an index that links to each: on a
 * wide screen it stays in view beside the text.
 */
export function LegalDocumentBody({ sections, values }: { sections: DocumentSection[]; values: FilledValues }) {
  return (
    <div className="container-page grid gap-10 pb-16 sm:pb-24 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16">
      <nav aria-labelledby="indice-titulo" className="lg:sticky lg:top-24 lg:self-start">
        <h2 id="indice-titulo" className="text-sm font-semibold uppercase tracking-wider text-slate-600">
          En esta página
        </h2>
        <ol className="mt-3 space-y-2 border-l border-slate-200 pl-4 text-sm">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="text-slate-700 underline-offset-4 hover:text-brand-700 hover:underline"
              >
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="max-w-3xl space-y-10 leading-relaxed text-slate-700">
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-titulo`} className="scroll-mt-24">
            <h2 id={`${section.id}-titulo`} className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
              {index + 1}. {section.title}
            </h2>
            <div className="mt-4 space-y-4">
              {section.blocks.map((block, blockIndex) => (
                <Block key={blockIndex} block={block} values={values} />
              ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
