import { Link } from "@remix-run/react";
import { Fragment } from "react";
import type { RichText, ValueName } from "~/content/rich-text";

/** A value a page fills in, and whether it is a sample the page must mark as such. */
export interface FilledValue {
  value: string;
  sample: boolean;
}

export type FilledValues = Partial<Record<ValueName, FilledValue>>;

const LINK = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";

/**
 * Set after a value that is not the operator's yet, so nobody takes it for the real one. The
 * space before it is text, so a screen reader (and a copy) keeps the words apart.
 */
export function SampleMark() {
  return (
    <>
      {" "}
      <span className="inline-block whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 align-baseline text-xs font-semibold text-amber-900">
        dato de ejemplo
      </span>
    </>
  );
}

/**
 * An address as a mail link that may wrap after its "@" on a narrow screen rather than in
 * the middle of a word; only an address too long for a line breaks anywhere else.
 */
export function EmailLink({ address, className }: { address: string; className: string }) {
  const at = address.lastIndexOf("@");
  return (
    <a href={`mailto:${address}`} className={`${className} [overflow-wrap:anywhere]`}>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </a>
  );
}

function FilledIn({ name, filled }: { name: ValueName; filled: FilledValue | undefined }) {
  // A page whose copy names a value its loader does not give is a programming error.
  if (!filled) throw new Error(`no value for ${name}`);
  const text =
    name === "contactEmail" ? (
      <EmailLink address={filled.value} className={LINK} />
    ) : (
      // A CUIT broken at one of its hyphens reads as two numbers.
      <strong className={`font-semibold text-slate-900 ${name === "organizerTaxId" ? "whitespace-nowrap" : ""}`}>
        {filled.value}
      </strong>
    );
  return (
    <>
      {text}
      {filled.sample ? <SampleMark /> : null}
    </>
  );
}

/** A sentence of copy: its text, its links (router links on the site, plain ones for mail) and its values. */
export function RichTextContent({ text, values = {} }: { text: RichText; values?: FilledValues }) {
  return (
    <>
      {text.map((part, index) => {
        if (typeof part === "string") return <Fragment key={index}>{part}</Fragment>;
        if ("value" in part) return <FilledIn key={index} name={part.value} filled={values[part.value]} />;
        return part.href.startsWith("/") ? (
          <Link key={index} to={part.href} className={LINK}>
            {part.text}
          </Link>
        ) : (
          <a key={index} href={part.href} className={LINK}>
            {part.text}
          </a>
        );
      })}
    </>
  );
}
