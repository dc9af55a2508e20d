import { SURVEY_TIME } from "./survey-time";
import { DRAW_FACTS } from "./draw-facts";
import { SITE_NAME } from "./site";
import { CLAIM_PAGE_COPY } from "./pages/claim-prize";

/**
 * The words of every mail the site sends: to visitors (the confirmation, the survey notice, the
 * contact acknowledgement) and to the team (a contact message, a draw's record). Each mail's
 * subject, preheader (the line an inbox shows after the subject), heading, button and
 * paragraphs; the templates in app/lib/mail/templates lay them out. Values the template knows
 * (a day, a count, a name) come in already written, as the site writes them.
 */

/** What every mail says at its foot: who sends it. */
export const MAIL_SIGNATURE = `${SITE_NAME} · Encuestas confidenciales y un sorteo mensual de US$200`;

/** Under a button: where it leads, so nobody has to trust a button blindly. */
export const buttonDestination = (host: string) => `El botón abre ${host}.`;

/** The way out that every mail to the list carries (RFC 8058 one-click is in its headers too). */
export const LIST_FOOTER = {
  why: "Recibís este email porque anotaste esta dirección para que te avisemos de las encuestas de Opinion Labz.",
  leaveBefore: "¿No querés recibir más? ",
  leaveLink: "Borrá tu dirección de la lista",
  leaveAfter: " (o usá «Cancelar suscripción» en tu programa de correo).",
} as const;

export const CONFIRMATION_MAIL = {
  subject: "Confirmá tu email para el aviso de Opinion Labz",
  preheader: (validDays: number) =>
    `Tocá «Confirmar mi email» y te avisamos cuando abra una encuesta. El enlace vale ${validDays} días.`,
  heading: "Confirmá tu email",
  intro:
    "Nos pediste que te avisemos a esta dirección cuando abra una encuesta de Opinion Labz. Para confirmarlo, tocá el botón: se abre nuestra página y ahí confirmás con un toque.",
  button: "Confirmar mi email",
  expiry: (validDays: number) =>
    `El enlace vale ${validDays} días. Si no fuiste vos, ignorá este email: si nadie lo confirma, borramos la dirección cuando venza.`,
} as const;

export const SURVEY_NOTICE_MAIL = {
  subject: "Ya abrió una encuesta de Opinion Labz",
  preheader: `Son ${SURVEY_TIME} y entrás en el próximo sorteo de ${DRAW_FACTS.prize}.`,
  heading: "Ya abrió una encuesta",
  intro: `Nos pediste que te avisáramos cuando hubiera una encuesta de Opinion Labz: ya está abierta. Respondela y entrás en el próximo sorteo de ${DRAW_FACTS.prize}.`,
  button: "Responder la encuesta",
  details: `Son ${SURVEY_TIME}, es gratis y tus respuestas son confidenciales.`,
} as const;

export const CONTACT_ACKNOWLEDGEMENT_MAIL = {
  subject: "Recibimos tu mensaje: te respondemos en 24 horas",
  preheader: "Una persona del equipo te va a responder a este email dentro de las 24 horas.",
  heading: "Recibimos tu mensaje",
  intro: `Gracias por escribirnos: ${DRAW_FACTS.supportReply}, a este mismo email.`,
  quoted: "Esto es lo que nos escribiste:",
  /** Under a quote cut at `shown` characters: the team has the whole message. */
  quoteCut: (shown: number) => `Acá van los primeros ${shown} caracteres; el equipo recibió tu mensaje completo.`,
  replyHint: "Si querés agregar algo, respondé este email: le llega al equipo.",
  meanwhile: "Mientras tanto, quizás tu pregunta ya tenga respuesta:",
  button: "Ver las preguntas frecuentes",
  /** Anyone can type someone else's address: whoever did not write is told what to do. */
  notYou:
    "Si no fuiste vos quien escribió, ignorá este email; si te llegan más, respondé a cualquiera de ellos y lo frenamos.",
  why: "Recibís este email porque alguien usó esta dirección en el formulario de contacto de Opinion Labz.",
} as const;

/** The team's copy of a message sent from /contacto. Reply-To is the sender: answering the mail answers them. */
export const CONTACT_MESSAGE_MAIL = {
  subject: (name: string) => `Consulta de ${name} (formulario de contacto)`,
  heading: (name: string) => `Consulta de ${name}`,
  from: "De",
  receivedAt: "Recibida el",
  /** The sender's first word: a name may be 100 characters, a button a few words. */
  button: (firstName: string) => `Responder a ${firstName}`,
  replySubject: "Re: tu consulta a Opinion Labz",
  duty: "Respondé dentro de las 24 horas: es lo que promete el sitio. Responder este email le escribe a su dirección.",
  retention:
    "Los mensajes de contacto se guardan 12 meses: borrá este email (y tu respuesta) de la casilla cuando cumpla 12 meses, como dice la política de privacidad.",
} as const;

/** The draw's record, mailed to the team by `draw -- run` and `redraw`: what happened and what to do now. */
export const DRAW_RECORD_MAIL = {
  /** "Sorteo" for round 0, "Resorteo 1", "Resorteo 2"… after. */
  roundName: (round: number) => (round === 0 ? "Sorteo" : `Resorteo ${round}`),
  subject: (roundName: string, day: string, winnerId: string) => `${roundName} del ${day}: ganó el ID ${winnerId}`,
  rehearsalSubject: (roundName: string, day: string, winnerId: string) =>
    `Ensayo (no es un sorteo real): ${roundName.toLowerCase()} del ${day}, salió el ID ${winnerId}`,
  preheader: (winner: string, deadline: string) =>
    `Ganó ${winner}. Tiene hasta el ${deadline} para reclamar el premio.`,
  heading: (roundName: string, day: string) => `${roundName} del ${day}`,
  winnerLine: (winnerId: string, winner: string, entries: string) =>
    `Ganó el ID ${winnerId}, publicado como ${winner}, entre ${entries}.`,
  rehearsal:
    "ENSAYO: este registro se hizo con una clave de prueba, no con drand. No es un sorteo válido: no hay a quién avisar ni premio que entregar.",
  sample:
    "Planilla de ejemplo: la lista salió de la planilla de muestra que trae el sitio, no de participantes reales. No hay a quién avisar ni premio que entregar.",
  nextStepsHeading: "Qué hacer ahora",
  contactWinner: (winnerId: string) =>
    `Avisale a quien ganó: buscá el ID ${winnerId} en las respuestas de la encuesta y mandale, a la dirección con la que respondió, el email con el premio, el plazo y el enlace para reclamarlo (el reclamo queda registrado y sellado solo, y te llega un aviso):`,
  writeYourself: "Si preferís escribirle vos, podés mandarle este texto:",
  claimWindow: (deadline: string) =>
    `Tiene ${DRAW_FACTS.claimWindow} para reclamar el premio: hasta el ${deadline} (hora de Argentina).`,
  noticeSubject: "Asunto",
  whenDelivered:
    "Si lo reclama por otra vía, registralo vos (el sitio muestra entonces «Premio entregado»), antes de que venza el plazo:",
  whenUnclaimed: (deadline: string) =>
    `Si no lo reclama hasta el ${deadline}, ${DRAW_FACTS.redraw}. Desde esa fecha y hora:`,
  inContainer: "En el contenedor, lo mismo con",
  /** The organizer's commands, from a checkout and inside the container (`node build/draw.js`). */
  commands: {
    tellWinner: (month: string) => `npm run draw -- tell-winner ${month} <EMAIL>`,
    tellWinnerInContainer: (month: string) => `node build/draw.js tell-winner ${month} <EMAIL>`,
    claimed: (month: string) => `npm run draw -- claimed ${month}`,
    claimedInContainer: (month: string) => `node build/draw.js claimed ${month}`,
    // Each prize is redrawn on its own calendar: the month names which.
    redraw: (month: string) => `npm run draw -- redraw ${month}`,
    redrawInContainer: (month: string) => `node build/draw.js redraw ${month}`,
  },
  button: "Ver el sorteo en el sitio",
  recordHeading: "El registro",
  recordIntro: "Lo que el sitio publica para que cualquiera pueda recalcular el resultado:",
  facts: {
    drawAt: "Sorteo",
    frozenAt: "Lista congelada",
    entries: "Participantes",
    listHash: "Huella de la lista (SHA-256)",
    list: "Lista de IDs",
    commitment: "Compromiso",
    committedAt: "publicado el",
    seed: "Semilla",
    round: (round: number) => (round === 0 ? "Ronda del sorteo" : `Ronda del resorteo ${round}`),
    beacon: "Valor",
    beaconLink: "ver la ronda en drand",
    winner: "Salió",
    claimedAt: "Premio entregado el",
  },
  hour: "hora de Argentina",
} as const;

/**
 * What the team writes to the winner, ready to copy from the draw record's mail: the rules' own
 * facts (the prize, the time to claim, the redraw), the day and the deadline filled in.
 */
export const WINNER_NOTICE = {
  subject: (month: string) => `Ganaste el sorteo de Opinion Labz de ${month}`,
  body: ({
    firstName,
    winnerId,
    drawnIn,
    deadline,
    resultsAt,
  }: {
    firstName: string;
    winnerId: string;
    /** "el sorteo del lunes 7 de diciembre de 2026", "el resorteo 1 del sorteo del …". */
    drawnIn: string;
    deadline: string;
    /** Where the result is published, as a short address ("opinionlabz.com/sorteos"). */
    resultsAt: string;
  }) =>
    [
      `Hola, ${firstName}:`,
      `¡Ganaste el sorteo mensual de Opinion Labz! Tu participación ${winnerId} salió en ${drawnIn}. El resultado está publicado en ${resultsAt}, con todo lo necesario para verificarlo.`,
      `El premio es ${DRAW_FACTS.prize}. ${DRAW_FACTS.noCashAlternative}`,
      `Para reclamarlo, respondé este email: tenés ${DRAW_FACTS.claimWindow}, hasta el ${deadline} (hora de Argentina). Para entregártelo podemos pedirte que acredites tu identidad y tu edad (${DRAW_FACTS.minimumAge}).`,
      `Si no lo reclamás en ese plazo, ${DRAW_FACTS.redraw}.`,
      "El equipo de Opinion Labz",
    ].join("\n\n"),
} as const;

/**
 * "Avisarme de cada sorteo" (docs/draw.md, "Witnesses the operator cannot recall"): at the freeze,
 * the list's count, hash and link, which the reader keeps as proof of the list before its round;
 * after the draw, the winner. To those who asked, and to the team (CONTACT_EMAIL).
 */
export const DRAW_NOTICE_MAIL = {
  list: {
    subject: (day: string, entries: string) => `Sorteo del ${day}: la lista está cerrada (${entries})`,
    preheader: (round: string, time: string) =>
      `El ganador sale de la ronda ${round} de drand, a las ${time} (hora de Argentina). Guardá este email.`,
    heading: (day: string) => `La lista del sorteo del ${day} está cerrada`,
    entries: (entries: string) => `Entran ${entries}. Desde ahora la lista no cambia.`,
    hashLabel: "Su huella (SHA-256), la que tiene que dar la lista publicada:",
    round: (round: string, time: string) =>
      `El ganador sale de esa lista y de la ronda ${round} de drand, que se publica a las ${time} (hora de Argentina): nadie la conoce antes, ni nosotros. Si antes de esa hora la lista no tiene los sellos de las dos autoridades de sellado de tiempo, ese día no hay sorteo y sus participaciones pasan al siguiente.`,
    keep: "Guardá este email: prueba qué lista se cerró antes de la ronda. Si después publicáramos otra, no daría esta huella.",
    button: "Ver el texto sellado de la lista",
  },
  winner: {
    subject: (day: string, roundName: string, winner: string) => `${roundName} del ${day}: ganó ${winner}`,
    preheader: (entries: string) => `Entre ${entries}. Comprobalo vos con la lista que te mandamos.`,
    heading: (roundName: string, day: string) => `${roundName} del ${day}`,
    winner: (winner: string, winnerId: string, entries: string) => `Ganó ${winner} (ID ${winnerId}), entre ${entries}.`,
    round: (round: string) =>
      `Salió de la lista cerrada y de la ronda ${round} de drand, con la cuenta publicada: cualquiera puede rehacerla.`,
    button: "Comprobar el resultado",
  },
  /** The team's copy has no way out: it goes to CONTACT_EMAIL, whoever asked. */
  team: "Copia para el equipo: este aviso salió también a cada dirección que lo pidió.",
} as const;

/**
 * The winner's mail (`npm run draw -- tell-winner`) and its reminder 7 days before the deadline
 * (docs/draw.md, "The winner told"): what they won, until when, how to claim it, and the link to
 * the page whose button records the claim. The rules' own facts, the day and the deadline filled in.
 */
export const WINNER_MAIL = {
  subject: WINNER_NOTICE.subject,
  reminderSubject: (days: number) => `Te quedan ${days} días para reclamar tu premio de Opinion Labz`,
  preheader: (deadline: string) => `Tenés hasta el ${deadline} (hora de Argentina) para reclamar ${DRAW_FACTS.prize}.`,
  heading: "¡Ganaste el sorteo de Opinion Labz!",
  reminderHeading: "Todavía no reclamaste tu premio",
  greeting: (firstName: string) => `Hola, ${firstName}:`,
  drawn: (winnerId: string, drawnIn: string) =>
    `Tu participación ${winnerId} salió en ${drawnIn}. El resultado está publicado en el sitio, con todo lo necesario para verificarlo.`,
  toldOn: (toldOn: string) =>
    `Te escribimos el ${toldOn} para avisarte que ganaste, y todavía no reclamaste el premio.`,
  prize: `El premio es ${DRAW_FACTS.prize}. ${DRAW_FACTS.noCashAlternative}`,
  deadline: (deadline: string) =>
    `Tenés hasta el ${deadline} (hora de Argentina) para reclamarlo: ${DRAW_FACTS.claimWindow}.`,
  how: "Para reclamarlo, tocá el botón: se abre una página de nuestro sitio con un botón «Reclamar mi premio». Al tocarlo, tu reclamo queda registrado y sellado por dos autoridades de sellado de tiempo, y te escribimos para coordinar la entrega.",
  identity: `Para entregártelo podemos pedirte que acredites tu identidad y tu edad (${DRAW_FACTS.minimumAge}).`,
  button: CLAIM_PAGE_COPY.button,
  unclaimed: `Si no lo reclamás en ese plazo, ${DRAW_FACTS.redraw}.`,
  record: "Ver el sorteo en el sitio",
  personal:
    "El enlace es solo tuyo: no lo reenvíes. Si no respondiste una encuesta de Opinion Labz, ignorá este email. Si tenés dudas, escribinos desde la página de contacto.",
} as const;

/** The team's notice when the winner claims with the mail's link: who, when told, when claimed, the seals. */
export const CLAIM_NOTICE_MAIL = {
  subject: (month: string, winnerId: string) => `Sorteo de ${month}: el ganador reclamó el premio (ID ${winnerId})`,
  heading: (month: string) => `El ganador del sorteo de ${month} reclamó el premio`,
  claimed: (winnerId: string, round: string, claimedAt: string) =>
    `El ID ${winnerId} (${round}) tocó «Reclamar mi premio» el ${claimedAt} (hora de Argentina).`,
  told: (toldAt: string, email: string) => `Le avisamos el ${toldAt} (hora de Argentina), a ${email}.`,
  sealed: (sealedAt: string) =>
    `Dos autoridades independientes sellaron el reclamo el ${sealedAt} (hora de Argentina), antes de la ronda del resorteo: cuenta, y no hay resorteo.`,
  pending: (until: string) =>
    `Todavía faltan los sellos de dos autoridades: el servidor los sigue pidiendo hasta el ${until} (hora de Argentina). Si no llegan antes, el reclamo no cuenta y el resorteo vale. Mirá \`npm run draw -- status\`.`,
  deliver:
    "Escribile para coordinar la entrega: respondé este email, que va a su dirección. La dirección se borra del sitio cuando termina el plazo para reclamar.",
} as const;
