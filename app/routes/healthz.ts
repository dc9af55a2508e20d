import { publicHealth } from "~/lib/forms/server-health.server";
import { healthResponse } from "~/lib/http/finish-response.server";

/**
 * Status only, from memory, never waiting on the sheet or the database: the process is up, the
 * sheet's state, whether the storage took this server's last report. The details are the
 * organizer's: `npm run status` (docs/operations.md, "Health and readiness").
 */
export const loader = () => healthResponse(publicHealth());
