/**
 * How a winner is chosen and how anyone can hold us to it, in plain words: the "Verificalo vos"
 * section of /sorteos and the rules' "Cómo se elige" and "Cómo controlar el sorteo" sections
 * state these same texts. No technical words here (docs/decisions/055-the-order-proven-or-no-draw.md):
 * docs/draw.md holds the precise rule and the recipe to check it.
 */
import { DRAW_FACTS } from "./draw-facts";

export interface DrawRuleStep {
  title: string;
  text: string;
}

export const DRAW_RULE_STEPS: DrawRuleStep[] = [
  {
    title: "Antes del sorteo, un compromiso sellado",
    text: "Desde el sorteo anterior, nuestro servidor guarda un número secreto elegido al azar, la semilla, y publica en la página de sorteos su huella: un código que sale de la semilla y no deja adivinarla, pero que ya no coincidiría si la cambiáramos. Autoridades de sellado de tiempo independientes de nosotros y entre sí (empresas que certifican fechas para firmas y contratos digitales) sellan esa huella con la fecha y la hora: así no depende de nuestra palabra que la publicamos antes del sorteo.",
  },
  {
    title: "En el sorteo, la lista congelada y sellada",
    text: `A la hora del sorteo congelamos las participaciones del mes: ${DRAW_FACTS.entryWindow}. Publicamos la lista, un número de participación por línea, cada uno una sola vez, y su huella; y las autoridades sellan enseguida esa huella junto con la del compromiso. Desde ese sello, la lista ya no puede cambiar sin que se note.`,
  },
  {
    title: "Un azar que nadie controla",
    text: "El ganador depende también de un número al azar que todavía no existía cuando se selló la lista: el que publica drand, una red de universidades y empresas que genera números al azar a la vista de todos, firmados para que nadie los pueda inventar. Es siempre el primero que sale 30 minutos después de la hora del sorteo, así que queda fijado de antemano: ni nosotros ni nadie lo puede elegir. Si ninguna autoridad llegara a sellar la lista antes de que salga ese número, el sorteo se hace con el primero que salga 30 minutos después del primer sello de la lista, y el registro del sorteo lo dice.",
  },
  {
    title: "La cuenta",
    text: "Con la semilla, la lista y el número de drand, una cuenta que cualquiera puede repetir da la posición del ganador en la lista. Todas las participaciones tienen la misma probabilidad de salir, y la receta completa está publicada para que la rehagas en tu navegador o a mano.",
  },
  {
    title: "Si nadie reclama el premio",
    text: "Pasados los 30 días se resortea entre los que quedan, sin los ganadores anteriores, con la misma semilla, la misma lista y un número de drand nuevo: el primero que sale 30 minutos después de cumplido el plazo.",
  },
];

/** What a participant should keep to hold us to a draw without relying on our page, and until when. */
export const WHAT_TO_KEEP: DrawRuleStep = {
  title: "Qué guardar y hasta cuándo",
  text: "Si querés controlarnos sin depender de esta página, guardá dos cosas, cada una con sus sellos: antes del sorteo, el compromiso; el día del sorteo, apenas se publique, la huella de la lista (y la lista, si querés). Están en «Verificalo vos», cada una con un enlace a su texto y a los sellos de cada autoridad. Guardalas hasta que se entregue el premio: 30 días después del sorteo, y 30 más por cada resorteo. Los sellos son archivos firmados por las autoridades, no por nosotros: prueban la fecha aunque después cambiáramos algo en esta página. Eso sí: un sello prueba que un texto existía a esa hora, no que fuera el único que hicimos sellar; lo que guardaste es lo que muestra que no lo cambiamos por otro.",
};

/** What anyone can check once the seed is published, with nothing of ours but the published files. */
export const WHAT_ANYONE_CAN_CHECK: DrawRuleStep = {
  title: "Qué puede comprobar cualquiera después",
  text: "Después del sorteo publicamos la semilla. Con eso, lo que guardaste y los archivos de cada sorteo, cualquiera puede comprobar sin pedirnos nada: que la semilla es la del compromiso sellado antes del sorteo; que la lista es la que se selló a la hora del sorteo; que el sorteo fue el primer lunes del mes a las 12:00 en punto; que el número de drand es el que fija la regla, firmado por drand y publicado después del sello de la lista; y que la cuenta da el ganador publicado. Si algo no te coincide, escribinos.",
};
