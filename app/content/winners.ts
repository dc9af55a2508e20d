/** Card colour families; the component maps each to a fixed set of Tailwind classes. */
export type WinnerTone = "indigo" | "amber" | "emerald" | "sky" | "rose" | "violet";

/**
 * docs/product.md, "Winners": one of the spec's hard-coded testimonials, with every field the
 * spec gives it. They fill the home carousel's places only while there are fewer recorded draws,
 * each marked "Ejemplo" (docs/decisions/066-examples-that-cannot-pass-for-real.md): their verified
 * flag is false, since the badge is earned only by a recorded draw whose check passed. Each speaks
 * the Spanish of where it says it is from.
 */
export interface Winner {
  id: string;
  /** First name and surname initial only, as the site promises (docs/product.md, "Winners"). */
  name: string;
  /** "Ciudad, País". */
  location: string;
  /** The spec's date text: "noviembre de 2026". */
  date: string;
  prize: string;
  testimonial: string;
  surveyType: string;
  /** The spec's verified flag: false for every example, since no draw of theirs was checked. */
  verified: boolean;
  /** The spec's background colour, as one of the card's colour families. */
  tone: WinnerTone;
}

/** The monthly prize as a winner card's badge names it. */
export const DRAW_PRIZE = "Visa US$200";

export const WINNERS: Winner[] = [
  {
    id: "ejemplo-1",
    name: "Valentina R.",
    location: "Córdoba, Argentina",
    date: "noviembre de 2026",
    prize: DRAW_PRIZE,
    testimonial:
      "Pensé que era un chiste hasta que me llegó el mail. La tarjeta llegó en una semana y la usé para las compras del mes.",
    surveyType: "Consumo masivo",
    verified: false,
    tone: "indigo",
  },
  {
    id: "ejemplo-2",
    name: "Diego M.",
    location: "Guadalajara, México",
    date: "octubre de 2026",
    prize: DRAW_PRIZE,
    testimonial: "Las encuestas son cortas y sobre cosas que uso. Respondía una en el camión y un mes me tocó a mí.",
    surveyType: "Tecnología",
    verified: false,
    tone: "amber",
  },
  {
    id: "ejemplo-3",
    name: "Camila S.",
    location: "Barranquilla, Colombia",
    date: "septiembre de 2026",
    prize: DRAW_PRIZE,
    testimonial:
      "Me gustó que nunca me pidieran datos de más. Respondí con tranquilidad y el premio fue una sorpresa hermosa.",
    surveyType: "Belleza y cuidado personal",
    verified: false,
    tone: "emerald",
  },
  {
    id: "ejemplo-4",
    name: "Martín P.",
    location: "Valparaíso, Chile",
    date: "agosto de 2026",
    prize: DRAW_PRIZE,
    testimonial:
      "Me escribieron de soporte para confirmar mis datos y en pocos días tenía la tarjeta. Todo súper claro.",
    surveyType: "Servicios financieros",
    verified: false,
    tone: "sky",
  },
  {
    id: "ejemplo-5",
    name: "Javiera L.",
    location: "Santiago, Chile",
    date: "julio de 2026",
    prize: DRAW_PRIZE,
    testimonial: "Las encuestas son cortitas, de verdad. Las hago mientras tomo once y ya me gané un sorteo.",
    surveyType: "Alimentos y bebidas",
    verified: false,
    tone: "rose",
  },
  {
    id: "ejemplo-6",
    name: "Luis H.",
    location: "Lima, Perú",
    date: "junio de 2026",
    prize: DRAW_PRIZE,
    testimonial: "Desconfiaba, como todos. Ver mi nombre publicado con la inicial nada más me dio mucha confianza.",
    surveyType: "Telecomunicaciones",
    verified: false,
    tone: "violet",
  },
  {
    id: "ejemplo-7",
    name: "Florencia G.",
    location: "Rosario, Argentina",
    date: "mayo de 2026",
    prize: DRAW_PRIZE,
    testimonial: "Las preguntas tenían que ver con lo que compro de verdad. Se nota que las marcas escuchan.",
    surveyType: "Hogar y decoración",
    verified: false,
    tone: "amber",
  },
  {
    id: "ejemplo-8",
    name: "Mariana C.",
    location: "Monterrey, México",
    date: "abril de 2026",
    prize: DRAW_PRIZE,
    testimonial: "Usé la tarjeta para comprarle los útiles a mis hijos. Sigo respondiendo todos los meses.",
    surveyType: "Educación",
    verified: false,
    tone: "indigo",
  },
  {
    id: "ejemplo-9",
    name: "Rafael T.",
    location: "Curitiba, Brasil",
    date: "marzo de 2026",
    prize: DRAW_PRIZE,
    testimonial: "Nada de cuestionarios eternos ni de descalificarte a la mitad. Respondes y listo.",
    surveyType: "Movilidad y transporte",
    verified: false,
    tone: "emerald",
  },
  {
    id: "ejemplo-10",
    name: "Sofía B.",
    location: "Bogotá, Colombia",
    date: "febrero de 2026",
    prize: DRAW_PRIZE,
    testimonial: "Me avisaron por correo, respondí y de una me ayudaron con todo. Atención humana de verdad.",
    surveyType: "Entretenimiento",
    verified: false,
    tone: "sky",
  },
];
