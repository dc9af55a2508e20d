/** Card colour families; the component maps each to a fixed set of Tailwind classes. */
export type WinnerTone = "indigo" | "amber" | "emerald" | "sky" | "rose" | "violet";

/**
 * docs/product.md, "Winners": one of the spec's hard-coded testimonials. They fill the home
 * carousel's places only while there are fewer recorded draws, each marked as an example and
 * never as verified: the spec's "verified flag" is left out for that reason, and so are its date
 * and prize, which would read as a draw's record (docs/decisions/066-examples-that-cannot-pass-for-real.md).
 * Each speaks the Spanish of where it says it is from.
 */
export interface Winner {
  id: string;
  /** First name and surname initial only, as the site promises (docs/product.md, "Winners"). */
  name: string;
  /** "Ciudad, País". */
  location: string;
  testimonial: string;
  surveyType: string;
  tone: WinnerTone;
}

/** The monthly prize as a winner card's badge names it. */
export const DRAW_PRIZE = "Visa US$200";

export const WINNERS: Winner[] = [
  {
    id: "ejemplo-1",
    name: "Valentina R.",
    location: "Córdoba, Argentina",
    testimonial:
      "Pensé que era un chiste hasta que me llegó el mail. La tarjeta llegó en una semana y la usé para las compras del mes.",
    surveyType: "Consumo masivo",
    tone: "indigo",
  },
  {
    id: "ejemplo-2",
    name: "Diego M.",
    location: "Guadalajara, México",
    testimonial: "Las encuestas son cortas y sobre cosas que uso. Respondía una en el camión y un mes me tocó a mí.",
    surveyType: "Tecnología",
    tone: "amber",
  },
  {
    id: "ejemplo-3",
    name: "Camila S.",
    location: "Barranquilla, Colombia",
    testimonial:
      "Me gustó que nunca me pidieran datos de más. Respondí con tranquilidad y el premio fue una sorpresa hermosa.",
    surveyType: "Belleza y cuidado personal",
    tone: "emerald",
  },
  {
    id: "ejemplo-4",
    name: "Martín P.",
    location: "Valparaíso, Chile",
    testimonial:
      "Me escribieron de soporte para confirmar mis datos y en pocos días tenía la tarjeta. Todo súper claro.",
    surveyType: "Servicios financieros",
    tone: "sky",
  },
  {
    id: "ejemplo-5",
    name: "Javiera L.",
    location: "Santiago, Chile",
    testimonial: "Dos minutos por encuesta, de verdad. Lo hago mientras tomo once y ya me gané un sorteo.",
    surveyType: "Alimentos y bebidas",
    tone: "rose",
  },
  {
    id: "ejemplo-6",
    name: "Luis H.",
    location: "Lima, Perú",
    testimonial: "Desconfiaba, como todos. Ver mi nombre publicado con la inicial nada más me dio mucha confianza.",
    surveyType: "Telecomunicaciones",
    tone: "violet",
  },
  {
    id: "ejemplo-7",
    name: "Florencia G.",
    location: "Rosario, Argentina",
    testimonial: "Las preguntas tenían que ver con lo que compro de verdad. Se nota que las marcas escuchan.",
    surveyType: "Hogar y decoración",
    tone: "amber",
  },
  {
    id: "ejemplo-8",
    name: "Mariana C.",
    location: "Monterrey, México",
    testimonial: "Usé la tarjeta para comprarle los útiles a mis hijos. Sigo respondiendo todos los meses.",
    surveyType: "Educación",
    tone: "indigo",
  },
  {
    id: "ejemplo-9",
    name: "Rafael T.",
    location: "Curitiba, Brasil",
    testimonial: "Nada de cuestionarios eternos ni de descalificarte a la mitad. Respondes y listo.",
    surveyType: "Movilidad y transporte",
    tone: "emerald",
  },
  {
    id: "ejemplo-10",
    name: "Sofía B.",
    location: "Bogotá, Colombia",
    testimonial: "Me avisaron por correo, respondí y de una me ayudaron con todo. Atención humana de verdad.",
    surveyType: "Entretenimiento",
    tone: "sky",
  },
];
