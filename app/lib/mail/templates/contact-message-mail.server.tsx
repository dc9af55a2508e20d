import { CONTACT_MESSAGE_MAIL as COPY } from "~/content/mails";
import { formatArgentinaInstant } from "~/lib/draw/countdown";
import { renderMail, type RenderedMail } from "../render-mail.server";
import { MailButton, MailHeading, MailLayout, MailQuote, MailSmallPrint, MailText } from "./mail-layout.server";

export interface ContactMessageMailInput {
  siteUrl: string;
  /** The sender's name and parsed address, as checked by the form. */
  name: string;
  email: string;
  message: string;
  receivedAt: number;
}

/** How much of the message the preheader shows: what an inbox has room for after the subject. */
const PREHEADER_LENGTH = 120;

/**
 * A `mailto:` link that writes to `email` and nothing else: a mailbox may hold `?`, `&` or `=`
 * (RFC 5322 allows them, and the parser keeps them), which a mail client would otherwise read as
 * the start of more fields (`?bcc=…`); they are percent-encoded (RFC 6068).
 */
function replyLink(email: string): string {
  const at = email.lastIndexOf("@");
  return `mailto:${encodeURIComponent(email.slice(0, at))}${email.slice(at)}?subject=${encodeURIComponent(COPY.replySubject)}`;
}

/**
 * A message from /contacto, to the team: who wrote, when, their words as written, and one
 * button to answer them (the mail's Reply-To is them too). Everything the team needs to answer
 * is in the mail.
 */
export function renderContactMessageMail({
  siteUrl,
  name,
  email,
  message,
  receivedAt,
}: ContactMessageMailInput): Promise<RenderedMail> {
  const subject = COPY.subject(name);
  const reply = replyLink(email);
  return renderMail(
    subject,
    <MailLayout
      siteUrl={siteUrl}
      subject={subject}
      preheader={message.replace(/\s+/g, " ").slice(0, PREHEADER_LENGTH)}
      footer={<MailSmallPrint>{COPY.retention}</MailSmallPrint>}
    >
      <MailHeading>{COPY.heading(name)}</MailHeading>
      <MailText>
        {COPY.from}: {name} &lt;{email}&gt;
        <br />
        {COPY.receivedAt} {formatArgentinaInstant(new Date(receivedAt).toISOString())} (hora de Argentina)
      </MailText>
      <MailQuote>{message}</MailQuote>
      <MailButton href={reply}>{COPY.button(name.split(" ")[0]!)}</MailButton>
      <MailSmallPrint>{COPY.duty}</MailSmallPrint>
    </MailLayout>,
  );
}
