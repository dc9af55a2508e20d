import type { PageSummary } from "~/content/site";

/** The page a confirmation mail's link opens. */
export const CONFIRM_PAGE: PageSummary = {
  path: "/avisos/confirmar",
  title: "Confirmá tu email | Opinion Labz",
  description:
    "Confirmá que querés que Opinion Labz te avise cuando haya una encuesta abierta: abrí el enlace del email que te mandamos y tocá el botón.",
};

/** The page every mail's way out opens. */
export const LEAVE_PAGE: PageSummary = {
  path: "/avisos/baja",
  title: "Borrar mi email | Opinion Labz",
  description:
    "Borrá tu email de la lista de avisos de Opinion Labz y no te escribimos más: abrí el enlace del email que te mandamos y tocá el botón.",
};
