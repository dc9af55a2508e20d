import type { OutgoingMail } from "~/lib/mail/outbox.server";
import { renderMail } from "~/lib/mail/render-mail.server";
import { env } from "~/lib/server/env.server";
import { CONFIRM_PATH, LEAVE_PATH, mailLinkAction } from "./fields";

const linkTo = (pathname: string, token: string) => new URL(mailLinkAction(pathname, token), env.siteUrl).href;

/** The double opt-in mail: a link to confirm, valid `validDays`, and a way out in every mail. */
export function confirmationMail(to: string, token: string, validDays: number): OutgoingMail {
  const confirm = linkTo(CONFIRM_PATH, token);
  const leave = linkTo(LEAVE_PATH, token);
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
    headers: {
      "List-Unsubscribe": `<${leave}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
