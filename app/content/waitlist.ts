/**
 * The waitlist form of /encuesta: while no survey is open it asks to be told when one is (the
 * spec's "Avisarme cuando esté listo"); while one is, it asks to be told of the next ones.
 */
export const WAITLIST_FORM = {
  comingSoon: {
    button: "Avisarme cuando esté listo",
    consent: "Acepto que Opinion Labz use este email solo para avisarme cuando haya una encuesta abierta.",
  },
  surveyOpen: {
    button: "Avisarme de la próxima encuesta",
    consent: "Acepto que Opinion Labz use este email solo para avisarme cuando abra la próxima encuesta.",
  },
} as const;

/**
 * "Avisarme de cada sorteo" (docs/draw.md, "Witnesses the operator cannot recall"): offered on the
 * waitlist form and on the confirmation page, unticked; what it sends, and that it stops with the
 * same way out as every mail.
 */
export const DRAW_NOTICES_OPT_IN = {
  label: "Avisarme de cada sorteo",
  detail:
    "Cuando se cierra la lista te mandamos su huella (así podés comprobar que no la cambiamos) y después, quién ganó. Se cancela con el mismo enlace de baja de cada email.",
} as const;
