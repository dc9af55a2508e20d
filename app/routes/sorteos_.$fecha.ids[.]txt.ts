import type { LoaderFunctionArgs } from "@remix-run/node";
import { drawList } from "~/lib/draw-records/draws-view.server";
import { drawListResponse } from "~/lib/http/finish-response.server";

/** /sorteos/2026-12-07/ids.txt: the ids list frozen for that draw (docs/draw.md, "Checking a draw"). */
export const loader = async ({ params }: LoaderFunctionArgs) => drawListResponse(await drawList(params.fecha ?? ""));
