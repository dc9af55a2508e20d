import { SURVEY_NOTICE_KIND, type OutgoingMail } from "~/lib/mail/outbox.server";
import { renderConfirmationMail } from "~/lib/mail/templates/confirmation-mail.server";
import { renderSurveyNoticeMail } from "~/lib/mail/templates/survey-notice-mail.server";
import { env } from "~/lib/server/env.server";
import { listWayOut } from "~/lib/mail/list-way-out.server";
import { CONFIRM_PATH } from "~/content/pages/mail-link-paths";
import { mailLinkPath } from "./fields";

const linkTo = (pathname: string, token: string) => new URL(mailLinkPath(pathname, token), env.siteUrl).href;

/** Every mail to the list carries the way out: RFC 8058 one-click in the headers, and the delete link. */
const wayOut = (token: string) => listWayOut(env.siteUrl, token);

/** The outbox kind of the double opt-in mail. */
export const CONFIRMATION_KIND = "waitlist-confirm";

/** The double opt-in mail: a link to confirm, valid `validDays`, and a way out in every mail. */
export async function confirmationMail(to: string, token: string, validDays: number): Promise<OutgoingMail> {
  const { leave, headers } = wayOut(token);
  const mail = await renderConfirmationMail({
    siteUrl: env.siteUrl,
    confirmUrl: linkTo(CONFIRM_PATH, token),
    leaveUrl: leave,
    validDays,
  });
  return { kind: CONFIRMATION_KIND, to, ...mail, headers };
}

/**
 * "Avisarme", kept: the survey is open. Sent once per confirmed address and survey
 * (`npm run waitlist:notify`), with the same way out as every mail to the list.
 */
export async function surveyNoticeMail(to: string, token: string, surveyUrl: string): Promise<OutgoingMail> {
  const { leave, headers } = wayOut(token);
  const mail = await renderSurveyNoticeMail({ siteUrl: env.siteUrl, surveyUrl, leaveUrl: leave });
  return { kind: SURVEY_NOTICE_KIND, to, ...mail, headers };
}
