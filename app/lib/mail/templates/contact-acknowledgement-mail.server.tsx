import { CONTACT_ACKNOWLEDGEMENT_MAIL as COPY } from "~/content/mails";
import { renderMail, type RenderedMail } from "../render-mail.server";
import { MailButton, MailHeading, MailLayout, MailSmallPrint, MailText } from "./mail-layout.server";

/** Where the frequent questions are on the site: the acknowledgement's one button. */
const FAQ_PATH = "/sorteos#preguntas-frecuentes";

/**
 * The answer to whoever wrote from /contacto. Anyone can type someone else's address, so it
 * repeats nothing they wrote: not their name, not their message.
 */
export function renderContactAcknowledgementMail({ siteUrl }: { siteUrl: string }): Promise<RenderedMail> {
  return renderMail(
    COPY.subject,
    <MailLayout
      siteUrl={siteUrl}
      subject={COPY.subject}
      preheader={COPY.preheader}
      footer={<MailSmallPrint>{COPY.why}</MailSmallPrint>}
    >
      <MailHeading>{COPY.heading}</MailHeading>
      <MailText>{COPY.intro}</MailText>
      <MailText>{COPY.meanwhile}</MailText>
      <MailButton href={new URL(FAQ_PATH, siteUrl).href}>{COPY.button}</MailButton>
      <MailSmallPrint>{COPY.notYou}</MailSmallPrint>
    </MailLayout>,
  );
}
