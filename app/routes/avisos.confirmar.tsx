import { type ActionFunctionArgs, type LoaderFunctionArgs, type HeadersFunction } from "@remix-run/node";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { MailLinkPage, type MailLinkOutcome } from "~/components/avisos/mail-link-page";
import { DrawNoticesOptIn } from "~/components/draw-notices-opt-in";
import { FIELD } from "~/lib/forms/fields";
import { mailLinkAnswer, mailLinkPageData, mailLinkPost, unreadableMailLinkPost } from "~/lib/forms/mail-link.server";
import { confirmSubscription, type ConfirmOutcome } from "~/lib/forms/waitlist.server";
import { answerInPlace, keepDataAfterForms } from "~/lib/forms/answer-in-place";
import { metaFor } from "~/lib/sharing/social-meta";
import { CONFIRM_PAGE } from "~/content/pages/confirm-email";
import { keptAs } from "~/lib/http/route-keeping.server";

export const meta = metaFor(CONFIRM_PAGE);
export const headers: HeadersFunction = (args) => keptAs("personal", args);

const OUTCOMES: Record<ConfirmOutcome, MailLinkOutcome> = {
  confirmed: {
    title: "Email confirmado",
    message: "¡Listo, confirmaste tu email! Te vamos a escribir cuando haya una encuesta abierta.",
  },
  "already-confirmed": {
    title: "Email confirmado",
    message: "Tu email ya estaba confirmado: te vamos a avisar cuando haya una encuesta abierta.",
  },
  expired: {
    title: "Enlace vencido",
    message:
      "Este enlace venció o ya no es válido. Si todavía querés el aviso, volvé a anotarte en la página de la encuesta.",
    next: { label: "Ir a la página de la encuesta", href: "/encuesta" },
  },
};

export const loader = ({ request }: LoaderFunctionArgs) => mailLinkPageData(request, CONFIRM_PAGE.path);

export async function action({ request }: ActionFunctionArgs) {
  const posted = await mailLinkPost(request);
  if (!posted) return unreadableMailLinkPost();
  const outcome = await confirmSubscription(posted.token, posted.fields.get(FIELD.drawNotices) !== null);
  return mailLinkAnswer(CONFIRM_PAGE.path, OUTCOMES[outcome], outcome === "expired" ? 410 : 200);
}

/** Failures on the way stay inside the form (app/lib/forms/answer-in-place.ts). */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) => answerInPlace(serverAction);
export const shouldRevalidate = keepDataAfterForms;

export default function ConfirmEmailPage() {
  return (
    <MailLinkPage
      path={CONFIRM_PAGE.path}
      title="Confirmá tu email"
      explanation="Tocá el botón para confirmar que querés que te avisemos cuando haya una encuesta de Opinion Labz abierta."
      buttonLabel="Confirmar mi email"
      fields={<DrawNoticesOptIn id="avisos-sorteo" />}
    />
  );
}
