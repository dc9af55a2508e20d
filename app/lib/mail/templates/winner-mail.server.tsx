import { CLAIM_NOTICE_MAIL, DRAW_RECORD_MAIL, WINNER_MAIL as COPY } from "~/content/mails";
import { formatDrawDay } from "~/lib/draw/countdown";
import { renderMail, type RenderedMail } from "../render-mail.server";
import { MailButton, MailHeading, MailLayout, MailLink, MailSmallPrint, MailText } from "./mail-layout.server";

/** "el sorteo del lunes 7 de diciembre de 2026", "el resorteo 1 del sorteo del …": the draw a round's winner won. */
export function drawnIn(drawAt: string, round: number): string {
  const roundName = DRAW_RECORD_MAIL.roundName(round).toLowerCase();
  return `el ${round === 0 ? "" : `${roundName} del `}sorteo del ${formatDrawDay(new Date(drawAt))}`;
}

export interface WinnerMailInput {
  siteUrl: string;
  /** "diciembre de 2026": the month whose draw they won. */
  month: string;
  firstName: string;
  winnerId: string;
  /** "el sorteo del lunes 7 de diciembre de 2026", "el resorteo 1 del sorteo del …". */
  drawnIn: string;
  /** Until when they may claim, Argentina time, as the site writes instants. */
  deadline: string;
  /** The page whose button claims the prize (a GET only shows it: mail scanners open links). */
  claimUrl: string;
  /** Where the draw's record is published. */
  recordUrl: string;
  /** The reminder's: the days left and when they were first told; null for the first mail. */
  reminder: { daysLeft: number; toldOn: string } | null;
}

/**
 * The winner's mail and its reminder (docs/draw.md, "The winner told"): what they won, until
 * when, how to claim it, one button to the claim page, and the record. Sent to the address the
 * survey holds; no list footer: they are on no list.
 */
export function renderWinnerMail(input: WinnerMailInput): Promise<RenderedMail> {
  const { reminder } = input;
  const subject = reminder ? COPY.reminderSubject(reminder.daysLeft) : COPY.subject(input.month);
  return renderMail(
    subject,
    <MailLayout siteUrl={input.siteUrl} subject={subject} preheader={COPY.preheader(input.deadline)}>
      <MailHeading>{reminder ? COPY.reminderHeading : COPY.heading}</MailHeading>
      <MailText>{COPY.greeting(input.firstName)}</MailText>
      {reminder ? <MailText>{COPY.toldOn(reminder.toldOn)}</MailText> : null}
      <MailText>{COPY.drawn(input.winnerId, input.drawnIn)}</MailText>
      <MailText>{COPY.prize}</MailText>
      <MailText>
        <strong>{COPY.deadline(input.deadline)}</strong>
      </MailText>
      <MailText>{COPY.how}</MailText>
      <MailButton href={input.claimUrl}>{COPY.button}</MailButton>
      <MailText>{COPY.identity}</MailText>
      <MailText>{COPY.unclaimed}</MailText>
      <MailText>
        <MailLink href={input.recordUrl}>{COPY.record}</MailLink>
      </MailText>
      <MailSmallPrint>{COPY.personal}</MailSmallPrint>
    </MailLayout>,
  );
}

export interface ClaimNoticeMailInput {
  siteUrl: string;
  /** "2026-12": the draw's month, as the commands name it. */
  month: string;
  winnerId: string;
  /** "sorteo", "resorteo 1". */
  roundName: string;
  /** Instants, Argentina time, as the site writes them. */
  claimedAt: string;
  toldAt: string;
  /** The address the winner was told at: the team writes to it to deliver the prize. */
  email: string;
  /** The claim's first seal when two authorities sealed it in time; else until when they are asked. */
  seals: { sealedAt: string } | { askedUntil: string };
  /** Where the draw's record is published. */
  recordUrl: string;
}

/** The team's notice when the winner claims with the mail's link: Reply-To the winner, to deliver the prize. */
export function renderClaimNoticeMail(input: ClaimNoticeMailInput): Promise<RenderedMail> {
  const subject = CLAIM_NOTICE_MAIL.subject(input.month, input.winnerId);
  const seals =
    "sealedAt" in input.seals
      ? CLAIM_NOTICE_MAIL.sealed(input.seals.sealedAt)
      : CLAIM_NOTICE_MAIL.pending(input.seals.askedUntil);
  return renderMail(
    subject,
    <MailLayout siteUrl={input.siteUrl} subject={subject} preheader={seals}>
      <MailHeading>{CLAIM_NOTICE_MAIL.heading(input.month)}</MailHeading>
      <MailText>{CLAIM_NOTICE_MAIL.claimed(input.winnerId, input.roundName, input.claimedAt)}</MailText>
      <MailText>{CLAIM_NOTICE_MAIL.told(input.toldAt, input.email)}</MailText>
      <MailText>{seals}</MailText>
      <MailText>{CLAIM_NOTICE_MAIL.deliver}</MailText>
      <MailButton href={input.recordUrl}>{DRAW_RECORD_MAIL.button}</MailButton>
    </MailLayout>,
  );
}
