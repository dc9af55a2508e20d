import type { LoaderFunctionArgs } from "@remix-run/node";
import { drawFile, drawList } from "~/lib/draw-records/draws-view.server";
import { drawFileResponse, drawListResponse } from "~/lib/http/finish-response.server";

/**
 * The files of a draw's folder (docs/draw.md, "Checking a draw" and "Witnesses"):
 * /sorteos/2026-12-07/ids.txt, the ids list frozen for that draw; …/lista.txt and …/reclamo.txt
 * (and a rule v1 record's …/compromiso.txt), the stamped statements;
 * …/lista.timestamp.digicert.com.tsr, each authority's token; …/sorteo.json, the record as
 * /sorteos shows it (or, for a day with no draw, why). One route for the folder, so the
 * pages' route manifest does not grow with each kind of file.
 */
export const loader = async ({ params }: LoaderFunctionArgs) => {
  const [date, name] = [params.fecha ?? "", params.archivo ?? ""];
  return name === "ids.txt" ? drawListResponse(await drawList(date)) : drawFileResponse(await drawFile(date, name));
};
