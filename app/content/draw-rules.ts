import { DRAW_FACTS as FACT } from "./draw-facts";
import type { LegalDocument } from "./rich-text";
import { DRAW_RULE_STEPS, WHAT_ANYONE_CAN_CHECK, WHAT_TO_KEEP } from "./verifiable-draw";

/**
 * /bases-y-condiciones: the rules of the monthly draw, with the sections an Argentine free
 * draw conventionally publishes. Every fact the FAQ also states comes from DRAW_FACTS.
 */
export const DRAW_RULES: LegalDocument = {
  title: "Bases y condiciones del sorteo mensual",
  lead: [
    "Estas son las reglas del sorteo mensual de Opinion Labz. Están escritas para que se entiendan: si algo no queda claro, ",
    { text: "escribinos", href: "/contacto" },
    " antes de participar.",
  ],
  sections: [
    {
      id: "organizador",
      title: "Organizador",
      blocks: [
        {
          paragraph: [
            "El sorteo lo organiza ",
            { value: "organizerName" },
            ", CUIT ",
            { value: "organizerTaxId" },
            ", con domicilio en ",
            { value: "organizerAddress" },
            " (en estas bases, «el organizador»).",
          ],
        },
      ],
    },
    {
      id: "vigencia",
      title: "Vigencia",
      blocks: [
        {
          paragraph: [
            `El sorteo se hace todos los meses, ${FACT.schedule}, mientras este sitio lo anuncie. ${FACT.firstDayMonday}`,
          ],
        },
        {
          paragraph: [
            `Cada sorteo incluye las participaciones registradas desde el sorteo anterior hasta el momento del sorteo: cuentan ${FACT.entryWindow}. Una fila con una fecha que no se puede leer no entra, y cada número de participación cuenta una sola vez. En cada sorteo publicamos cuántas filas quedaron afuera por su fecha. El próximo sorteo es el `,
            { value: "nextDrawDay" },
            " a las 12:00 (hora de Argentina).",
          ],
        },
      ],
    },
    {
      id: "quien-puede-participar",
      title: "Quién puede participar",
      blocks: [
        {
          paragraph: [
            `Pueden participar las personas de ${FACT.minimumAge} que vivan en ${FACT.countries}, siempre que las leyes de su país les permitan participar de un sorteo gratuito.`,
          ],
        },
        {
          paragraph: [
            "No pueden participar las personas que trabajan para el organizador, sus cónyuges o convivientes, ni sus familiares hasta el segundo grado (padres, hijos, hermanos, abuelos y nietos).",
          ],
        },
      ],
    },
    {
      id: "como-participar",
      title: "Cómo participar",
      blocks: [
        {
          paragraph: [
            `La participación es gratuita y ${FACT.freeEntry}: para participar alcanza con responder una encuesta gratuita en Opinion Labz. Nunca te vamos a pedir un pago, una compra ni los datos de una tarjeta.`,
          ],
        },
        {
          paragraph: [`Se participa ${FACT.howToEnter}.`],
        },
        {
          paragraph: [
            `Hay ${FACT.entriesPerMonth}. Aunque respondas más de una encuesta en el mes, entrás una sola vez en el sorteo de ese mes.`,
          ],
        },
        { paragraph: [FACT.idFormat] },
      ],
    },
    {
      id: "premio",
      title: "Premio",
      blocks: [
        {
          paragraph: [
            `En cada sorteo hay un solo premio: ${FACT.prize}. ${FACT.noCashAlternative} El premio es personal: solo lo puede recibir quien ganó.`,
          ],
        },
      ],
    },
    {
      id: "eleccion-y-aviso",
      title: "Cómo se elige y se avisa a quien gana",
      blocks: [
        {
          paragraph: [
            "El día y la hora del sorteo elegimos al azar una participación entre todas las participaciones válidas del mes. Cada participación tiene la misma probabilidad de ganar, y el ganador sale de una cuenta que cualquiera puede rehacer, en estos pasos:",
          ],
        },
        { list: DRAW_RULE_STEPS.map((step) => [`${step.title}. ${step.text}`]) },
        {
          paragraph: [
            "Cada sorteo publica todos esos valores (la lista y su huella con los sellos de las autoridades, el número de drand con su firma y el ganador), y en ",
            { text: "«Verificalo vos»", href: "/sorteos#verificalo-vos" },
            " podés rehacer la cuenta en tu navegador o a mano. Si algo no te coincide, ",
            { text: "escribinos", href: "/contacto" },
            ".",
          ],
        },
        {
          paragraph: [
            `A quien gana le ${FACT.winnerNotice}, a ${FACT.surveyAddress}, que ${FACT.surveyAddressKept}, y publicamos el resultado en la `,
            { text: "página de sorteos", href: "/sorteos#ganadores-anteriores" },
            ".",
          ],
        },
      ],
    },
    {
      id: "como-controlar",
      title: "Cómo controlar el sorteo",
      blocks: [
        {
          paragraph: [
            "No hace falta creernos. Las fechas que importan (cuándo se congeló la lista y cuándo se reclamó un premio) no las certificamos nosotros: las sellan dos autoridades de sellado de tiempo independientes, y si no sellan la lista antes de que salga el número de drand del sorteo, ese día no hay sorteo, como dice el paso «Sin los dos sellos, no hay sorteo». Quien pide los avisos de cada sorteo recibe la huella de la lista por email apenas se congela, antes de ese número.",
          ],
        },
        { paragraph: [`${WHAT_TO_KEEP.title}. ${WHAT_TO_KEEP.text}`] },
        { paragraph: [`${WHAT_ANYONE_CAN_CHECK.title}. ${WHAT_ANYONE_CAN_CHECK.text}`] },
      ],
    },
    {
      id: "plazo-para-reclamar",
      title: "Plazo para reclamar el premio",
      blocks: [
        {
          paragraph: [
            `Quien gana tiene ${FACT.claimWindow} para reclamar el premio respondiendo ese email. ${FACT.claimFrom} Para entregarlo podemos pedirle que acredite su identidad y su edad.`,
          ],
        },
        {
          paragraph: [
            `Si en ese plazo no lo reclama, o no cumple estas bases, ${FACT.redraw}, con las mismas reglas. El reclamo queda registrado en un texto que sellan las dos autoridades, y cuenta solo si lo sellan antes de que salga el número de drand del nuevo sorteo; después de ese número, el nuevo sorteo vale.`,
          ],
        },
      ],
    },
    {
      id: "publicacion",
      title: "Qué publicamos",
      blocks: [
        {
          paragraph: [
            `De quienes participan y de quienes ganan publicamos solo ${FACT.published}, por ejemplo ${FACT.publishedExample}. ${FACT.neverPublished}`,
          ],
        },
      ],
    },
    {
      id: "datos-personales",
      title: "Datos personales",
      blocks: [
        {
          paragraph: [
            "Los datos que nos das para participar se usan solo para el sorteo y se tratan como explica nuestra ",
            { text: "política de privacidad", href: "/privacidad" },
            ". Ahí también está cómo pedirnos que los veas, los corrijas o los borremos.",
          ],
        },
      ],
    },
    {
      id: "aceptacion",
      title: "Aceptación de estas bases",
      blocks: [
        {
          paragraph: [
            "Participar implica aceptar estas bases. Si el organizador tiene que cambiarlas, publica el cambio en esta página antes de que rija, y un cambio nunca afecta a un sorteo ya hecho.",
          ],
        },
        {
          paragraph: [
            "Estas bases se rigen por las leyes de la República Argentina. Para cualquier consulta, escribinos a ",
            { value: "contactEmail" },
            ".",
          ],
        },
      ],
    },
  ],
};
