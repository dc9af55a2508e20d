import type { PageSummary } from "~/content/site";
import { CONFIRM_PATH } from "./mail-link-paths";

/** The page a confirmation mail's link opens. */
export const CONFIRM_PAGE: PageSummary = {
  path: CONFIRM_PATH,
  title: "Confirmá tu email | Opinion Labz",
  description: "Confirmá tu email para que Opinion Labz te avise cuando haya una encuesta abierta.",
};
