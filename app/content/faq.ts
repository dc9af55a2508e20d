export interface FaqItem {
  question: string;
  answer: string;
}

/** Every rule of the draw that docs/product.md, "FAQ" lists, the schedule of "Next draw" included. */
export const FAQ_ITEMS: FaqItem[] = [
  {
    question: "¿Cuándo se hace el sorteo?",
    answer:
      "El primer lunes de cada mes a las 12:00 (hora de Argentina). Si el día 1 cae lunes, el sorteo es ese mismo día.",
  },
  {
    question: "¿Cuántas veces puedo participar?",
    answer:
      "Una participación por persona por mes. Aunque respondas más de una encuesta, entrás una sola vez en el sorteo de ese mes.",
  },
  {
    question: "¿Tiene algún costo participar?",
    answer: "No. Participar es totalmente gratis: nunca te vamos a pedir una tarjeta ni un pago de ningún tipo.",
  },
  {
    question: "¿Cómo me entero si gané?",
    answer:
      "Le avisamos a quien gana por email. Además, publicamos el resultado en esta página para que cualquiera pueda verlo.",
  },
  {
    question: "¿Cuánto tiempo tengo para reclamar el premio?",
    answer:
      "Tenés 30 días desde el aviso. Si en ese plazo no lo reclamás, hacemos un nuevo sorteo entre el resto de los participantes del mes.",
  },
  {
    question: "¿Qué datos publican de los ganadores?",
    answer:
      "Solo el nombre y la inicial del apellido, por ejemplo «Valentina R.». Tu apellido completo, tu email y tus respuestas nunca se publican.",
  },
  {
    question: "¿Desde qué países puedo participar?",
    answer:
      "Desde Argentina, México, Colombia, Chile, Perú, Uruguay, Paraguay, España y otros países de habla hispana.",
  },
  {
    question: "¿Cómo me comunico con soporte?",
    answer:
      "Escribinos desde la sección de contacto: te responde una persona de nuestro equipo dentro de las 24 horas.",
  },
];
