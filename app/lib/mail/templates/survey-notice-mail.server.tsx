import { SURVEY_NOTICE_MAIL as COPY } from "~/content/mails";
import { mergedMail, renderMail, type RenderedMail } from "../render-mail.server";
import { ListFooter } from "./list-footer.server";
import { MailButton, MailHeading, MailLayout, MailText } from "./mail-layout.server";

export interface SurveyNoticeMailInput {
  siteUrl: string;
  /** The survey open now (SURVEY_URL), the one the site's own button opens. */
  surveyUrl: string;
  leaveUrl: string;
}

function renderNotice({ siteUrl, surveyUrl, leaveUrl }: SurveyNoticeMailInput): Promise<RenderedMail> {
  return renderMail(
    COPY.subject,
    <MailLayout
      siteUrl={siteUrl}
      subject={COPY.subject}
      preheader={COPY.preheader}
      footer={<ListFooter leaveUrl={leaveUrl} />}
    >
      <MailHeading>{COPY.heading}</MailHeading>
      <MailText>{COPY.intro}</MailText>
      <MailButton href={surveyUrl}>{COPY.button}</MailButton>
      <MailText>{COPY.details}</MailText>
    </MailLayout>,
  );
}

/** The notice of the survey being told: `npm run waitlist:notify` sends one survey to every address. */
let current: { survey: string; copyFor: Promise<(leaveUrl: string) => Promise<RenderedMail>> } | null = null;

/**
 * "Avisarme", kept: the survey is open, one button to it, and the way out. Every address gets
 * the same mail but for its own way-out link: rendered once per survey and merged.
 */
export function renderSurveyNoticeMail({ siteUrl, surveyUrl, leaveUrl }: SurveyNoticeMailInput): Promise<RenderedMail> {
  const survey = `${siteUrl} ${surveyUrl}`;
  if (current?.survey !== survey) {
    current = { survey, copyFor: mergedMail((link) => renderNotice({ siteUrl, surveyUrl, leaveUrl: link })) };
  }
  return current.copyFor.then((copyFor) => copyFor(leaveUrl));
}
