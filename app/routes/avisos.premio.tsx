import { type ActionFunctionArgs, type LoaderFunctionArgs, type HeadersFunction } from "@remix-run/node";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { MailLinkPage, type MailLinkOutcome } from "~/components/avisos/mail-link-page";
import { formatArgentinaInstant } from "~/lib/draw/countdown";
import { claimWithLink, type ClaimOutcome } from "~/lib/draw-records/claim-link.server";
import { mailLinkAnswer, mailLinkPageData, mailLinkPost, unreadableMailLinkPost } from "~/lib/forms/mail-link.server";
import { answerInPlace, keepDataAfterForms } from "~/lib/forms/answer-in-place";
import { metaFor } from "~/lib/sharing/social-meta";
import { CLAIM_PAGE, CLAIM_PAGE_COPY as COPY } from "~/content/pages/claim-prize";
import { keptAs } from "~/lib/http/route-keeping.server";

export const meta = metaFor(CLAIM_PAGE);
export const headers: HeadersFunction = (args) => keptAs("personal", args);

const instant = (ms: number) => formatArgentinaInstant(new Date(ms).toISOString());

/** What the page says of each outcome, and its status: a link that no longer works is gone (410). */
function answer(outcome: ClaimOutcome): [MailLinkOutcome, number] {
  switch (outcome.kind) {
    case "sealed":
      return [{ title: COPY.sealed.title, message: COPY.sealed.message(instant(outcome.at)) }, 200];
    case "pending":
      return [{ title: COPY.pending.title, message: COPY.pending.message(instant(outcome.until)) }, 200];
    case "late":
      return [{ title: COPY.late.title, message: COPY.late.message(instant(outcome.until)) }, 410];
    case "unknown":
      return [COPY.unknown, 410];
  }
}

/** The winner's mail links here; the button claims the prize (docs/draw.md, "The winner told"). */
export const loader = ({ request }: LoaderFunctionArgs) => mailLinkPageData(request, CLAIM_PAGE.path);

export async function action({ request }: ActionFunctionArgs) {
  const posted = await mailLinkPost(request);
  if (!posted) return unreadableMailLinkPost();
  const [outcome, status] = answer(await claimWithLink(posted.token, Date.now()));
  return mailLinkAnswer(CLAIM_PAGE.path, outcome, status);
}

/** Failures on the way stay inside the form (app/lib/forms/answer-in-place.ts). */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) => answerInPlace(serverAction);
export const shouldRevalidate = keepDataAfterForms;

export default function ClaimPrizePage() {
  return (
    <MailLinkPage path={CLAIM_PAGE.path} title={COPY.title} explanation={COPY.explanation} buttonLabel={COPY.button} />
  );
}
