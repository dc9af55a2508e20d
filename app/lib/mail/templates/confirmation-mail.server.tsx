import { CONFIRMATION_MAIL as COPY } from "~/content/mails";
import { renderMail, type RenderedMail } from "../render-mail.server";
import { ListFooter } from "./list-footer.server";
import { MailButton, MailHeading, MailLayout, MailSmallPrint, MailText } from "./mail-layout.server";

export interface ConfirmationMailInput {
  siteUrl: string;
  /** The page whose button confirms the address (a GET only shows it: mail scanners open links). */
  confirmUrl: string;
  leaveUrl: string;
  validDays: number;
}

/** The double opt-in mail: one button to confirm, how long it works, the way out. */
export function renderConfirmationMail({
  siteUrl,
  confirmUrl,
  leaveUrl,
  validDays,
}: ConfirmationMailInput): Promise<RenderedMail> {
  return renderMail(
    COPY.subject,
    <MailLayout
      siteUrl={siteUrl}
      subject={COPY.subject}
      preheader={COPY.preheader(validDays)}
      footer={<ListFooter leaveUrl={leaveUrl} />}
    >
      <MailHeading>{COPY.heading}</MailHeading>
      <MailText>{COPY.intro}</MailText>
      <MailButton href={confirmUrl}>{COPY.button}</MailButton>
      <MailSmallPrint>{COPY.expiry(validDays)}</MailSmallPrint>
    </MailLayout>,
  );
}
