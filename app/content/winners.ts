/** Card colour families; the component maps each to a fixed set of Tailwind classes. */
export type WinnerTone = "indigo" | "amber" | "emerald" | "sky" | "rose" | "violet";

/** docs/product.md, "Winners": a hard-coded previous winner shown on the home carousel. */
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
  verified: boolean;
  tone: WinnerTone;
}

const WINNER_PRIZE = "Visa US$200";

export const WINNERS: Winner[] = [
  {
    id: "w-2026-11",
    name: "Valentina R.",
    location: "Córdoba, Argentina",
    date: "noviembre de 2026",
    prize: WINNER_PRIZE,
    testimonial:
      "Pensé que era un chiste hasta que me llegó el mail. La tarjeta llegó en una semana y la usé para las compras del mes.",
    surveyType: "Consumo masivo",
    verified: true,
    tone: "indigo",
  },
  {
    id: "w-2026-10",
    name: "Diego M.",
    location: "Guadalajara, México",
    date: "octubre de 2026",
    prize: WINNER_PRIZE,
    testimonial: "Las encuestas son cortas y sobre cosas que uso. Respondía una en el colectivo y un mes me tocó a mí.",
    surveyType: "Tecnología",
    verified: true,
    tone: "amber",
  },
  {
    id: "w-2026-09",
    name: "Camila S.",
    location: "Barranquilla, Colombia",
    date: "septiembre de 2026",
    prize: WINNER_PRIZE,
    testimonial:
      "Me gustó que nunca me pidieran datos de más. Respondí con tranquilidad y el premio fue una sorpresa hermosa.",
    surveyType: "Belleza y cuidado personal",
    verified: true,
    tone: "emerald",
  },
  {
    id: "w-2026-08",
    name: "Martín P.",
    location: "Valparaíso, Chile",
    date: "agosto de 2026",
    prize: WINNER_PRIZE,
    testimonial: "Me escribieron de soporte para confirmar mis datos y en pocos días tenía la tarjeta. Todo muy claro.",
    surveyType: "Servicios financieros",
    verified: true,
    tone: "sky",
  },
  {
    id: "w-2026-07",
    name: "Javiera L.",
    location: "Santiago, Chile",
    date: "julio de 2026",
    prize: WINNER_PRIZE,
    testimonial: "Dos minutos por encuesta, de verdad. Lo hago mientras tomo el café y ya me gané un sorteo.",
    surveyType: "Alimentos y bebidas",
    verified: true,
    tone: "rose",
  },
  {
    id: "w-2026-06",
    name: "Luis H.",
    location: "Lima, Perú",
    date: "junio de 2026",
    prize: WINNER_PRIZE,
    testimonial: "Desconfiaba, como todos. Ver mi nombre publicado con la inicial nada más me dio mucha confianza.",
    surveyType: "Telecomunicaciones",
    verified: true,
    tone: "violet",
  },
  {
    id: "w-2026-05",
    name: "Florencia G.",
    location: "Rosario, Argentina",
    date: "mayo de 2026",
    prize: WINNER_PRIZE,
    testimonial: "Las preguntas tenían que ver con lo que compro de verdad. Se nota que las marcas escuchan.",
    surveyType: "Hogar y decoración",
    verified: true,
    tone: "amber",
  },
  {
    id: "w-2026-04",
    name: "Mariana C.",
    location: "Monterrey, México",
    date: "abril de 2026",
    prize: WINNER_PRIZE,
    testimonial: "Usé la tarjeta para comprarle útiles a mis hijos. Sigo respondiendo todos los meses.",
    surveyType: "Educación",
    verified: true,
    tone: "indigo",
  },
  {
    id: "w-2026-03",
    name: "Rafael T.",
    location: "Curitiba, Brasil",
    date: "marzo de 2026",
    prize: WINNER_PRIZE,
    testimonial: "Nada de cuestionarios eternos ni de descalificarte a la mitad. Respondés y listo.",
    surveyType: "Movilidad y transporte",
    verified: true,
    tone: "emerald",
  },
  {
    id: "w-2026-02",
    name: "Sofía B.",
    location: "Bogotá, Colombia",
    date: "febrero de 2026",
    prize: WINNER_PRIZE,
    testimonial: "Me avisaron por mail, respondí y al toque me ayudaron con todo. Atención humana de verdad.",
    surveyType: "Entretenimiento",
    verified: true,
    tone: "sky",
  },
];
