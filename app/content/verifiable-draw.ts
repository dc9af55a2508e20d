/**
 * How a winner is chosen and how anyone can hold us to it, in plain words: the "Verificalo vos"
 * section of /sorteos and the rules' "Cómo se elige" and "Cómo controlar el sorteo" sections
 * state these same texts. No technical words here (docs/decisions/086-one-round-never-moved.md):
 * docs/draw.md holds the precise rule and the recipe to check it.
 */
import { DRAW_FACTS } from "./draw-facts";

export interface DrawRuleStep {
  title: string;
  text: string;
}

export const DRAW_RULE_STEPS: DrawRuleStep[] = [
  {
    title: "En el sorteo, la lista congelada y sellada",
    text: `A la hora del sorteo congelamos las participaciones del mes: ${DRAW_FACTS.entryWindow}. Publicamos la lista, un número de participación por línea, cada uno una sola vez, y su huella: un código que sale de la lista y ya no coincidiría si le cambiáramos una letra. Enseguida dos autoridades de sellado de tiempo independientes de nosotros y entre sí (empresas que certifican fechas para firmas y contratos digitales) sellan esa huella con la fecha y la hora, y a quienes pidieron los avisos de cada sorteo les llega por email.`,
  },
  {
    title: "Un azar que nadie controla",
    text: "El ganador depende también de un número al azar que todavía no existía cuando se selló la lista: el que publica drand, una red de universidades y empresas que genera números al azar a la vista de todos, firmados para que nadie los pueda inventar. Es siempre el primero que sale 30 minutos después de la hora del sorteo, así que queda fijado de antemano: ni nosotros ni nadie lo puede elegir, y ningún otro lo reemplaza.",
  },
  {
    title: "Sin los dos sellos, no hay sorteo",
    text: "Si cuando sale ese número la lista no tiene los sellos de las dos autoridades, ese día no hay sorteo: lo decimos en esta página, en el inicio y a quienes pidieron los avisos, y todas sus participaciones pasan al sorteo siguiente. Nunca se sortea con otro número.",
  },
  {
    title: "La cuenta",
    text: "Con la lista y el número de drand, y nada más (no hay ningún número secreto nuestro), una cuenta que cualquiera puede repetir da la posición del ganador en la lista. Todas las participaciones tienen la misma probabilidad de salir, y la receta completa está publicada para que la rehagas en tu navegador o a mano.",
  },
  {
    title: "Si nadie reclama el premio",
    text: "Pasados los 30 días se resortea entre los que quedan, sin los ganadores anteriores, con la misma lista y un número de drand nuevo: el primero que sale 30 minutos después de cumplido el plazo. Un reclamo cuenta solo si las dos autoridades lo sellan antes de que salga ese número.",
  },
];

/** What a participant should keep to hold us to a draw without relying on our page, and until when. */
export const WHAT_TO_KEEP: DrawRuleStep = {
  title: "Qué guardar y hasta cuándo",
  text: "Si querés controlarnos sin depender de esta página, pedí los avisos de cada sorteo (en la página de la encuesta) o guardá, el día del sorteo y apenas se publique, la huella de la lista con sus sellos (y la lista, si querés): están en «Verificalo vos», con un enlace al texto sellado y a los sellos de cada autoridad. Guardalos hasta que se entregue el premio: 30 días después del sorteo, y 30 más por cada resorteo. Los sellos son archivos firmados por las autoridades, no por nosotros: prueban la fecha aunque después cambiáramos algo en esta página. Eso sí: un sello prueba que un texto existía a esa hora, no que fuera el único que hicimos sellar; el aviso que te llegó antes del número de drand es lo que muestra que no lo cambiamos por otro.",
};

/** What anyone can check after the draw, with nothing of ours but the published files. */
export const WHAT_ANYONE_CAN_CHECK: DrawRuleStep = {
  title: "Qué puede comprobar cualquiera después",
  text: "Con lo que guardaste y los archivos de cada sorteo, cualquiera puede comprobar sin pedirnos nada: que la lista es la que sellaron las dos autoridades antes del número de drand; que el sorteo fue el primer lunes del mes a las 12:00 en punto; que el número de drand es el único que fija la regla, firmado por drand; y que la cuenta da el ganador publicado. Los sellos se comprueban con las raíces públicas de confianza de siempre (las de Mozilla), nunca con una que elijamos nosotros. Si algo no te coincide, escribinos.",
};
