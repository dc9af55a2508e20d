import { type ActionFunctionArgs, type LoaderFunctionArgs, type HeadersFunction } from "@remix-run/node";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { MailLinkPage } from "~/components/avisos/mail-link-page";
import { mailLinkAnswer, mailLinkPageData, mailLinkPost, unreadableMailLinkPost } from "~/lib/forms/mail-link.server";
import { deleteSubscription, unsubscribe } from "~/lib/forms/waitlist.server";
import { answerInPlace, keepDataAfterForms } from "~/lib/forms/answer-in-place";
import { metaFor } from "~/lib/sharing/social-meta";
import { LEAVE_PAGE } from "~/content/pages/leave-list";
import { keptAs } from "~/lib/http/route-keeping.server";

export const meta = metaFor(LEAVE_PAGE);
export const headers: HeadersFunction = (args) => keptAs("personal", args);

/**
 * Two ways out, one URL: a mail client's RFC 8058 one-click POST (body
 * `List-Unsubscribe=One-Click`) unsubscribes; the page's button deletes the address. The
 * answer is the same whether the token was known or not.
 */
export const loader = ({ request }: LoaderFunctionArgs) => mailLinkPageData(request, LEAVE_PAGE.path);

export async function action({ request }: ActionFunctionArgs) {
  const posted = await mailLinkPost(request);
  if (!posted) return unreadableMailLinkPost();
  if (posted.fields.get("List-Unsubscribe") === "One-Click") {
    await unsubscribe(posted.token);
    return mailLinkAnswer(LEAVE_PAGE.path, { title: "Listo", message: "Listo: no te vamos a mandar más emails." });
  }
  await deleteSubscription(posted.token);
  return mailLinkAnswer(LEAVE_PAGE.path, {
    title: "Email borrado",
    message: "Listo: borramos tu email de nuestra lista. No te vamos a escribir más.",
  });
}

/** Failures on the way stay inside the form (app/lib/forms/answer-in-place.ts). */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) => answerInPlace(serverAction);
export const shouldRevalidate = keepDataAfterForms;

export default function LeaveListPage() {
  return (
    <MailLinkPage
      path={LEAVE_PAGE.path}
      title="Borrar mi email"
      explanation="Tocá el botón para borrar tu email de nuestra lista. No te vamos a escribir más."
      buttonLabel="Borrar mi email"
    />
  );
}
