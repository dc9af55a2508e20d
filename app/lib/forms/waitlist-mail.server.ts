import type { OutgoingMail } from "~/lib/mail/outbox.server";
import { env } from "~/lib/server/env.server";
import { CONFIRM_PATH, LEAVE_PATH, mailLinkAction } from "./fields";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const linkTo = (pathname: string, token: string) => new URL(mailLinkAction(pathname, token), env.siteUrl).href;

/** The double opt-in mail: a link to confirm, valid `validDays`, and a way out in every mail. */
export function confirmationMail(to: string, token: string, validDays: number): OutgoingMail {
  const confirm = linkTo(CONFIRM_PATH, token);
  const leave = linkTo(LEAVE_PATH, token);
  const paragraphs: { text: string; link?: string }[] = [
    { text: "¡Hola!" },
    {
      text: "Nos pediste que te avisemos a esta dirección cuando las encuestas de Opinion Labz estén listas. Para confirmarlo, abrí este enlace y tocá «Confirmar mi email»:",
      link: confirm,
    },
    {
      text: `El enlace vale ${validDays} días. Si no fuiste vos, ignorá este email: si nadie lo confirma, borramos la dirección cuando venza.`,
    },
    { text: "¿No querés recibir más emails nuestros? Borrá tu dirección acá:", link: leave },
    { text: "Opinion Labz" },
  ];
  const text = paragraphs.map(({ text, link }) => (link ? `${text}\n${link}` : text)).join("\n\n");
  const html = paragraphs
    .map(({ text, link }) => {
      const anchor = link ? `<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a>` : "";
      return `<p>${escapeHtml(text)}${anchor}</p>`;
    })
    .join("\n");
  return {
    kind: "waitlist-confirm",
    to,
    subject: "Confirmá tu email para el aviso de Opinion Labz",
    text,
    html: `<!doctype html><html lang="es"><body style="font-family:sans-serif;line-height:1.5">${html}</body></html>`,
    headers: {
      "List-Unsubscribe": `<${leave}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
