import type { PageSummary } from "~/content/site";
import { LEAVE_PATH } from "./mail-link-paths";

/** The page every mail's way out opens. */
export const LEAVE_PAGE: PageSummary = {
  path: LEAVE_PATH,
  title: "Borrar mi email | Opinion Labz",
  description: "Borrá tu email de la lista de avisos de Opinion Labz: no te escribimos más.",
};
