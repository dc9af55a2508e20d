import type { SheetSource } from "~/lib/server/parse-env.server";

/** What /healthz and the pages may say about the source: its kind, never the URL or the path. */
export type SheetSourceKind = "sample" | "url" | "file";

export function sheetSourceKind(source: SheetSource): SheetSourceKind {
  if (source.kind === "url") return "url";
  return source.isBundledSample ? "sample" : "file";
}
