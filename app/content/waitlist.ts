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
