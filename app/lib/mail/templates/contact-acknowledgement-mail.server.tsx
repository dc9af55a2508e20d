import { CONTACT_ACKNOWLEDGEMENT_MAIL as COPY } from "~/content/mails";
import { renderMail, type RenderedMail } from "../render-mail.server";
import { MailButton, MailHeading, MailLayout, MailQuote, MailSmallPrint, MailText } from "./mail-layout.server";

/** Where the frequent questions are on the site: the acknowledgement's one button. */
const FAQ_PATH = "/sorteos#preguntas-frecuentes";

/**
 * How much of the message the acknowledgement quotes: enough for the sender to recognise it,
 * too little to carry someone else's letter to a stranger's inbox
 * (docs/decisions/076-contact-acknowledgement-quotes-and-answers-to-support.md).
 */
const QUOTE_LIMIT = 500;

/** The first QUOTE_LIMIT characters (whole code points), cut at a space where one is near, or the message whole. */
function quoteOf(message: string): { quote: string; cut: boolean } {
  const characters = [...message];
  if (characters.length <= QUOTE_LIMIT) return { quote: message, cut: false };
  const head = characters.slice(0, QUOTE_LIMIT).join("");
  const space = head.search(/\s\S*$/);
  return { quote: `${(space > QUOTE_LIMIT * 0.8 ? head.slice(0, space) : head).trimEnd()} […]`, cut: true };
}

/**
 * The answer to whoever wrote from /contacto: the 24-hour promise and their message quoted, so
 * they know what reached us; its Reply-To is the support address, so answering it adds to their
 * message. The quote is text (React escapes it) and bounded; the name is not repeated.
 */
export function renderContactAcknowledgementMail({
  siteUrl,
  message,
}: {
  siteUrl: string;
  message: string;
}): Promise<RenderedMail> {
  const { quote, cut } = quoteOf(message);
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
      <MailText>{COPY.quoted}</MailText>
      <MailQuote>{quote}</MailQuote>
      {cut && <MailSmallPrint>{COPY.quoteCut(QUOTE_LIMIT)}</MailSmallPrint>}
      <MailText>{COPY.replyHint}</MailText>
      <MailText>{COPY.meanwhile}</MailText>
      <MailButton href={new URL(FAQ_PATH, siteUrl).href}>{COPY.button}</MailButton>
      <MailSmallPrint>{COPY.notYou}</MailSmallPrint>
    </MailLayout>,
  );
}
