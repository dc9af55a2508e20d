import { witnessRootsFile } from "~/lib/draw-records/draws-view.server";
import { drawFileResponse } from "~/lib/http/finish-response.server";

/**
 * The public roots a seal of a draw must lead to, as the page's check, the badge and `draw --
 * verify` use them (docs/draw.md, "Witnesses"): Node's own set, served so anyone can use the same.
 */
export const loader = () => drawFileResponse(witnessRootsFile());
