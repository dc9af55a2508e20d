import { DRAW_FACTS as FACT } from "./draw-facts";
import type { LinkedText } from "./rich-text";

export interface FaqItem {
  question: string;
  answer: LinkedText;
}

/** Every rule of the draw that docs/product.md, "FAQ" lists, plus the prize, in the words of DRAW_FACTS. */
export const FAQ_ITEMS: FaqItem[] = [
  {
    question: "¿Qué se sortea?",
    answer: [`Cada mes sorteamos ${FACT.prize}. ${FACT.noCashAlternative}`],
  },
  {
    question: "¿Cuándo se hace el sorteo?",
    answer: [`Se hace ${FACT.schedule}. ${FACT.firstDayMonday}`],
  },
  {
    question: "¿Cómo participo?",
    answer: [`Gratis, ${FACT.howToEnter}.`],
  },
  {
    question: "¿Cuántas veces puedo participar?",
    answer: [
      `Hay ${FACT.entriesPerMonth}: aunque respondas más de una encuesta, entrás una sola vez en el sorteo de ese mes.`,
    ],
  },
  {
    question: "¿Tiene algún costo participar?",
    answer: [
      `No. Participar es totalmente gratis y ${FACT.freeEntry}: nunca te vamos a pedir una tarjeta ni un pago de ningún tipo.`,
    ],
  },
  {
    question: "¿Cómo me entero si gané?",
    answer: [
      `Si ganás, te ${FACT.winnerNotice}, a ${FACT.surveyAddress}. Además, publicamos el resultado en esta página para que cualquiera pueda verlo.`,
    ],
  },
  {
    question: "¿Cuánto tiempo tengo para reclamar el premio?",
    answer: [`Tenés ${FACT.claimWindow}. ${FACT.claimFrom} Si en ese plazo no lo reclamás, ${FACT.redraw}.`],
  },
  {
    question: "¿Qué datos publican de quienes participan y de quienes ganan?",
    answer: [`Publicamos ${FACT.published}, por ejemplo ${FACT.publishedExample}. ${FACT.neverPublished}`],
  },
  {
    question: "¿Desde qué países puedo participar?",
    answer: [`Desde ${FACT.countries}, si tenés ${FACT.minimumAge}.`],
  },
  {
    question: "¿Cómo me comunico con soporte?",
    answer: ["Escribinos desde la ", { text: "página de contacto", href: "/contacto" }, `: ${FACT.supportReply}.`],
  },
];
