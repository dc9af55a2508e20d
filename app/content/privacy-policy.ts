import { DRAW_FACTS as FACT } from "./draw-facts";
import type { LegalDocument } from "./rich-text";

/**
 * /privacidad: what the site holds about people, why, for how long, who processes it, and
 * how to exercise the rights of Ley N° 25.326, with the notice that Disposición DNPDP
 * 10/2008 requires (the control body is now the AAIP).
 */
export const PRIVACY_POLICY: LegalDocument = {
  title: "Política de privacidad",
  lead: [
    "En Opinion Labz tratamos pocos datos y los cuidamos. Acá te contamos cuáles son, para qué los usamos, cuánto tiempo los guardamos, quién nos ayuda a tratarlos y cómo podés verlos, corregirlos o pedirnos que los borremos.",
  ],
  sections: [
    {
      id: "responsable",
      title: "Quién es responsable de tus datos",
      blocks: [
        {
          paragraph: [
            "El responsable es ",
            { value: "organizerName" },
            ", CUIT ",
            { value: "organizerTaxId" },
            ", con domicilio en ",
            { value: "organizerAddress" },
            ". Para cualquier consulta sobre tus datos escribinos a ",
            { value: "contactEmail" },
            ".",
          ],
        },
      ],
    },
    {
      id: "datos",
      title: "Qué datos tratamos",
      blocks: [
        {
          list: [
            [
              `Participantes del sorteo: el nombre, el país, el número de participación y la fecha en que te sumaste, tal como quedan registrados al responder una encuesta. En el sitio se publican ${FACT.published}; nunca el nombre completo.`,
            ],
            [
              `Para avisarle a quien gana: ${FACT.surveyAddress}, que ${FACT.surveyAddressKept}. ${FACT.neverPublished}`,
            ],
            [
              "Si ganás: copiamos en nuestra base el email con el que respondiste la encuesta, para mandarte el aviso con el enlace para reclamar el premio y, si hace falta, un recordatorio; guardamos también cuándo te avisamos y cuándo lo reclamaste.",
            ],
            [`Respuestas de las encuestas: ${FACT.answersKept}.`],
            [
              "Avisos de encuestas: si nos pedís que te avisemos cuando haya encuestas, tu email y la fecha en que lo pediste y lo confirmaste. Si además marcás «Avisarme de cada sorteo», la fecha en que lo pediste y cuándo te mandamos cada aviso de sorteo (la lista cerrada y el ganador); dejás de recibirlos con el mismo enlace para darte de baja.",
            ],
            ["Mensajes de contacto: si nos escribís, tu nombre, tu email y lo que nos contás."],
            [
              "Registros del servidor: la página pedida, la hora y cuánto tardó la respuesta. No registran tu dirección IP ni lo que buscás en la lista de participantes.",
            ],
          ],
        },
        {
          paragraph: [
            "No usamos herramientas de publicidad ni de seguimiento, y no te pedimos datos que no necesitamos. La única cookie guarda una hora el código de un enlace de nuestros emails para que no quede en la barra de direcciones.",
          ],
        },
      ],
    },
    {
      id: "para-que",
      title: "Para qué los usamos",
      blocks: [
        {
          list: [
            ["Hacer el sorteo, avisarle a quien gana y entregarle el premio."],
            ["Mostrar la lista de participantes como prometemos, para que cualquiera pueda ver que el sorteo es real."],
            ["Avisarte de las encuestas, si lo pediste, y responder tus mensajes."],
            ["Mantener el sitio funcionando y seguro."],
          ],
        },
        {
          paragraph: [
            "Tratamos tus datos porque nos das tu consentimiento al participar, al pedir un aviso o al escribirnos. Podés retirarlo cuando quieras, con efecto para adelante.",
          ],
        },
      ],
    },
    {
      id: "cuanto-tiempo",
      title: "Cuánto tiempo los guardamos",
      blocks: [
        {
          list: [
            [
              "Datos de participación: hasta 12 meses después del sorteo en el que participaste, para atender cualquier reclamo sobre ese sorteo. Pasado ese plazo borramos de nuestra base la lista de números de participación de ese sorteo, los nombres y países que la acompañan y quién ganó; del sorteo conservamos solo lo que no identifica a nadie (las huellas, los sellos de tiempo, el valor público y, en los sorteos anteriores a la regla sin semilla, la semilla). La lista de participantes y las respuestas de la encuesta, con el email con el que respondiste, las depuramos con el mismo plazo.",
            ],
            [
              "Emails para avisos: mientras sigas suscripto. Si no confirmás tu email, lo borramos a los 7 días. Si te das de baja desde tu programa de correo, guardamos tu email marcado como dado de baja, solo para no volver a escribirte; con el enlace para borrarlo que va en cada email nuestro, lo borramos del todo. Después de borrarlo (con ese enlace o a pedido tuyo), durante 30 días no aceptamos que nadie vuelva a anotar esa casilla ni le escribimos: para eso guardamos solo una huella cifrada de la casilla, que no permite leer la dirección, y la borramos al terminar esos 30 días.",
            ],
            [
              `Email de quien gana: hasta que termina el plazo para reclamar el premio (${FACT.claimWindow}; el de un nuevo sorteo, 30 días más); ese día lo borramos de nuestra base, con el enlace para reclamar. Quedan solo las fechas del aviso y del reclamo, que no identifican a nadie.`,
            ],
            [
              "Mensajes de contacto: 12 meses desde que nos escribiste, tanto en nuestra base de datos como en la casilla de soporte donde los recibimos.",
            ],
            [
              "Copias de los emails que te mandamos: 30 días desde que los enviamos (o desde que dejamos de intentarlo).",
            ],
            ["Registros del servidor: hasta 30 días."],
          ],
        },
      ],
    },
    {
      id: "quien-los-procesa",
      title: "Quién nos ayuda a tratarlos",
      blocks: [
        {
          paragraph: [
            "Trabajamos con proveedores que tratan datos solo por encargo nuestro y para lo que les pedimos:",
          ],
        },
        {
          list: [
            ["El proveedor de alojamiento (hosting) donde funciona este sitio."],
            ["El proveedor de correo con el que enviamos los emails."],
            [
              "Google, donde se guardan la lista de participantes del sorteo y las respuestas de la encuesta, con el email con el que la respondiste.",
            ],
          ],
        },
        {
          paragraph: [
            "Algunos de estos proveedores pueden guardar datos fuera de la Argentina; en ese caso les exigimos un nivel de protección adecuado. No vendemos, alquilamos ni cedemos tus datos a nadie para publicidad ni para ningún otro fin.",
          ],
        },
      ],
    },
    {
      id: "derechos",
      title: "Tus derechos y cómo ejercerlos",
      blocks: [
        {
          paragraph: [
            "Podés pedirnos acceso a tus datos, que los corrijamos o actualicemos, y que los borremos. Escribinos a ",
            { value: "contactEmail" },
            " o desde la ",
            { text: "página de contacto", href: "/contacto" },
            ", con tu nombre y, si participaste del sorteo, tu número de participación. Para proteger tus datos, antes de responder podemos pedirte que acredites tu identidad.",
          ],
        },
        {
          paragraph: [
            "Respondemos los pedidos de acceso dentro de los 10 días corridos, y los de corrección o supresión dentro de los 5 días hábiles, como fija la Ley N° 25.326 de Protección de los Datos Personales.",
          ],
        },
      ],
    },
    {
      id: "aviso-aaip",
      title: "Autoridad de control",
      blocks: [
        {
          notice: [
            "El titular de los datos personales tiene la facultad de ejercer el derecho de acceso a los mismos en forma gratuita a intervalos no inferiores a seis meses, salvo que se acredite un interés legítimo al efecto conforme lo establecido en el artículo 14, inciso 3 de la Ley N° 25.326.",
          ],
        },
        {
          notice: [
            "La AGENCIA DE ACCESO A LA INFORMACIÓN PÚBLICA, en su carácter de Órgano de Control de la Ley N° 25.326, tiene la atribución de atender las denuncias y reclamos que interpongan quienes resulten afectados en sus derechos por incumplimiento de las normas vigentes en materia de protección de datos personales.",
          ],
        },
      ],
    },
    {
      id: "cambios",
      title: "Cambios en esta política",
      blocks: [
        {
          paragraph: [
            "Si cambiamos esta política, publicamos la versión nueva en esta página antes de que rija. Si el cambio afecta el uso de datos que ya tenemos, te avisamos por email cuando tengamos tu dirección.",
          ],
        },
      ],
    },
  ],
};
