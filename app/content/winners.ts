/** Card colour families; the component maps each to a fixed set of Tailwind classes. */
export type WinnerTone = "indigo" | "amber" | "emerald" | "sky" | "rose" | "violet";

/**
 * docs/product.md, "Winners": one of the spec's hard-coded testimonials. They fill the home
 * carousel's places only while there are fewer recorded draws, each marked as an example and
 * never as verified: the spec's "verified flag" is left out for that reason.
 */
export interface Winner {
  id: string;
  /** First name and surname initial only, as the site promises (docs/product.md, "Winners"). */
  name: string;
  /** "Ciudad, País". */
  location: string;
  date: string;
  prize: string;
  testimonial: string;
  surveyType: string;
  tone: WinnerTone;
}

/** The monthly prize as a winner card's badge names it. */
export const DRAW_PRIZE = "Visa US$200";

export const WINNERS: Winner[] = [
  {
    id: "w-2026-11",
    name: "Valentina R.",
    location: "Córdoba, Argentina",
    date: "noviembre de 2026",
    prize: DRAW_PRIZE,
    testimonial:
      "Pensé que era un chiste hasta que me llegó el mail. La tarjeta llegó en una semana y la usé para las compras del mes.",
    surveyType: "Consumo masivo",
    tone: "indigo",
  },
  {
    id: "w-2026-10",
    name: "Diego M.",
    location: "Guadalajara, México",
    date: "octubre de 2026",
    prize: DRAW_PRIZE,
    testimonial: "Las encuestas son cortas y sobre cosas que uso. Respondía una en el colectivo y un mes me tocó a mí.",
    surveyType: "Tecnología",
    tone: "amber",
  },
  {
    id: "w-2026-09",
    name: "Camila S.",
    location: "Barranquilla, Colombia",
    date: "septiembre de 2026",
    prize: DRAW_PRIZE,
    testimonial:
      "Me gustó que nunca me pidieran datos de más. Respondí con tranquilidad y el premio fue una sorpresa hermosa.",
    surveyType: "Belleza y cuidado personal",
    tone: "emerald",
  },
  {
    id: "w-2026-08",
    name: "Martín P.",
    location: "Valparaíso, Chile",
    date: "agosto de 2026",
    prize: DRAW_PRIZE,
    testimonial: "Me escribieron de soporte para confirmar mis datos y en pocos días tenía la tarjeta. Todo muy claro.",
    surveyType: "Servicios financieros",
    tone: "sky",
  },
  {
    id: "w-2026-07",
    name: "Javiera L.",
    location: "Santiago, Chile",
    date: "julio de 2026",
    prize: DRAW_PRIZE,
    testimonial: "Dos minutos por encuesta, de verdad. Lo hago mientras tomo el café y ya me gané un sorteo.",
    surveyType: "Alimentos y bebidas",
    tone: "rose",
  },
  {
    id: "w-2026-06",
    name: "Luis H.",
    location: "Lima, Perú",
    date: "junio de 2026",
    prize: DRAW_PRIZE,
    testimonial: "Desconfiaba, como todos. Ver mi nombre publicado con la inicial nada más me dio mucha confianza.",
    surveyType: "Telecomunicaciones",
    tone: "violet",
  },
  {
    id: "w-2026-05",
    name: "Florencia G.",
    location: "Rosario, Argentina",
    date: "mayo de 2026",
    prize: DRAW_PRIZE,
    testimonial: "Las preguntas tenían que ver con lo que compro de verdad. Se nota que las marcas escuchan.",
    surveyType: "Hogar y decoración",
    tone: "amber",
  },
  {
    id: "w-2026-04",
    name: "Mariana C.",
    location: "Monterrey, México",
    date: "abril de 2026",
    prize: DRAW_PRIZE,
    testimonial: "Usé la tarjeta para comprarle útiles a mis hijos. Sigo respondiendo todos los meses.",
    surveyType: "Educación",
    tone: "indigo",
  },
  {
    id: "w-2026-03",
    name: "Rafael T.",
    location: "Curitiba, Brasil",
    date: "marzo de 2026",
    prize: DRAW_PRIZE,
    testimonial: "Nada de cuestionarios eternos ni de descalificarte a la mitad. Respondés y listo.",
    surveyType: "Movilidad y transporte",
    tone: "emerald",
  },
  {
    id: "w-2026-02",
    name: "Sofía B.",
    location: "Bogotá, Colombia",
    date: "febrero de 2026",
    prize: DRAW_PRIZE,
    testimonial: "Me avisaron por mail, respondí y al toque me ayudaron con todo. Atención humana de verdad.",
    surveyType: "Entretenimiento",
    tone: "sky",
  },
];
