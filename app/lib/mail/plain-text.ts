/**
 * Control characters (C0 but tab and line feed, DEL, C1) and the bidirectional marks, embeddings,
 * overrides and isolates: nothing a person types into a form, and in a mail's subject or body they
 * split headers, hide text or show it reversed.
 */
const CONTROLS = /(?![\t\n])\p{Cc}|[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** `text` without control or direction characters; tabs and line breaks stay. */
export function withoutControls(text: string): string {
  return text.replace(CONTROLS, "");
}

/** `text` as one line: no control or direction characters, every run of white space one space. */
export function oneLine(text: string): string {
  return withoutControls(text).replace(/\s+/g, " ").trim();
}
