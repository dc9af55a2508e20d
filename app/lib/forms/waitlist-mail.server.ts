import { SURVEY_NOTICE_KIND, type OutgoingMail } from "~/lib/mail/outbox.server";
import { renderMail } from "~/lib/mail/render-mail.server";
import { env } from "~/lib/server/env.server";
import { CONFIRM_PATH, LEAVE_PATH, mailLinkAction } from "./fields";

const linkTo = (pathname: string, token: string) => new URL(mailLinkAction(pathname, token), env.siteUrl).href;

/** Every mail to the list carries the way out: RFC 8058 one-click in the headers, and the delete link. */
function wayOut(token: string): { leave: string; headers: Record<string, string> } {
  const leave = linkTo(LEAVE_PATH, token);
  return {
    leave,
    headers: { "List-Unsubscribe": `<${leave}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/** The double opt-in mail: a link to confirm, valid `validDays`, and a way out in every mail. */
export function confirmationMail(to: string, token: string, validDays: number): OutgoingMail {
  const confirm = linkTo(CONFIRM_PATH, token);
  const { leave, headers } = wayOut(token);
  const { text, html } = renderMail([
    { paragraph: "¡Hola!" },
    {
      paragraph:
        "Nos pediste que te avisemos a esta dirección cuando las encuestas de Opinion Labz estén listas. Para confirmarlo, abrí este enlace y tocá «Confirmar mi email»:",
      link: confirm,
    },
    {
      paragraph: `El enlace vale ${validDays} días. Si no fuiste vos, ignorá este email: si nadie lo confirma, borramos la dirección cuando venza.`,
    },
    { paragraph: "¿No querés recibir más emails nuestros? Borrá tu dirección acá:", link: leave },
    { paragraph: "Opinion Labz" },
  ]);
  return {
    kind: "waitlist-confirm",
    to,
    subject: "Confirmá tu email para el aviso de Opinion Labz",
    text,
    html,
    headers,
  };
}

/**
 * "Avisarme", kept: the survey is open. Sent once per confirmed address and survey
 * (`npm run waitlist:notify`), with the same way out as every mail to the list.
 */
export function surveyNoticeMail(to: string, token: string, surveyUrl: string): OutgoingMail {
  const { leave, headers } = wayOut(token);
  const { text, html } = renderMail([
    { paragraph: "¡Hola!" },
    {
      paragraph:
        "Nos pediste que te avisáramos cuando hubiera una encuesta de Opinion Labz: ya está abierta. Respondela desde este enlace y entrás en el próximo sorteo de una tarjeta Visa de US$200:",
      link: surveyUrl,
    },
    { paragraph: "Son unos minutos, es gratis y tus respuestas son confidenciales." },
    {
      paragraph:
        "¿No querés más avisos? Borrá tu dirección de nuestra lista acá (o usá la opción «Cancelar suscripción» de tu programa de correo):",
      link: leave,
    },
    { paragraph: "Opinion Labz" },
  ]);
  return { kind: SURVEY_NOTICE_KIND, to, subject: "Ya abrió una encuesta de Opinion Labz", text, html, headers };
}
