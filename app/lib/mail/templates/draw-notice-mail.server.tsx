import { DRAW_NOTICE_MAIL as COPY } from "~/content/mails";
import { mergedMail, renderMail, type RenderedMail } from "../render-mail.server";
import { ListFooter } from "./list-footer.server";
import { MailButton, MailCode, MailHeading, MailLayout, MailSmallPrint, MailText } from "./mail-layout.server";

/** A list closed, as its notice says it; every value comes written as the site writes it. */
export interface ListNoticeInput {
  siteUrl: string;
  /** "7/12/2026". */
  day: string;
  /** "29 participaciones". */
  entries: string;
  listHash: string;
  /** The list's statement (`lista.txt`), which the authorities seal. */
  statementUrl: string;
  /** "34.618.012" and "12:30". */
  round: string;
  roundTime: string;
}

/** A round's winner, as its notice says it. */
export interface WinnerNoticeInput {
  siteUrl: string;
  day: string;
  /** "Sorteo", "Resorteo 1". */
  roundName: string;
  /** First name and surname initial only. */
  winner: string;
  winnerId: string;
  entries: string;
  round: string;
  /** The record on /sorteos, where anyone can check it. */
  recordUrl: string;
}

/** The way out of a subscriber's copy, or the team's line on its own. */
const footerOf = (leaveUrl: string | null) => (leaveUrl ? <ListFooter leaveUrl={leaveUrl} /> : null);

function renderListNotice(input: ListNoticeInput, leaveUrl: string | null): Promise<RenderedMail> {
  const subject = COPY.list.subject(input.day, input.entries);
  return renderMail(
    subject,
    <MailLayout
      siteUrl={input.siteUrl}
      subject={subject}
      preheader={COPY.list.preheader(input.round, input.roundTime)}
      footer={footerOf(leaveUrl)}
    >
      <MailHeading>{COPY.list.heading(input.day)}</MailHeading>
      <MailText>{COPY.list.entries(input.entries)}</MailText>
      <MailText>{COPY.list.hashLabel}</MailText>
      <MailCode>{input.listHash}</MailCode>
      <MailText>{COPY.list.round(input.round, input.roundTime)}</MailText>
      <MailButton href={input.statementUrl}>{COPY.list.button}</MailButton>
      <MailSmallPrint>{leaveUrl ? COPY.list.keep : COPY.team}</MailSmallPrint>
    </MailLayout>,
  );
}

function renderWinnerNotice(input: WinnerNoticeInput, leaveUrl: string | null): Promise<RenderedMail> {
  const subject = COPY.winner.subject(input.day, input.roundName, input.winner);
  return renderMail(
    subject,
    <MailLayout
      siteUrl={input.siteUrl}
      subject={subject}
      preheader={COPY.winner.preheader(input.entries)}
      footer={footerOf(leaveUrl)}
    >
      <MailHeading>{COPY.winner.heading(input.roundName, input.day)}</MailHeading>
      <MailText>{COPY.winner.winner(input.winner, input.winnerId, input.entries)}</MailText>
      <MailText>{COPY.winner.round(input.round)}</MailText>
      <MailButton href={input.recordUrl}>{COPY.winner.button}</MailButton>
      {leaveUrl ? null : <MailSmallPrint>{COPY.team}</MailSmallPrint>}
    </MailLayout>,
  );
}

/**
 * A draw notice for every reader of one list or one round: the team's copy (no way out), and a
 * subscriber's, rendered once and merged with each reader's own way out (`mergedMail`).
 */
export async function drawNoticeMails(
  notice: { kind: "list"; input: ListNoticeInput } | { kind: "winner"; input: WinnerNoticeInput },
): Promise<{ team: RenderedMail; subscriber: (leaveUrl: string) => Promise<RenderedMail> }> {
  const render = (leaveUrl: string | null) =>
    notice.kind === "list" ? renderListNotice(notice.input, leaveUrl) : renderWinnerNotice(notice.input, leaveUrl);
  const [team, subscriber] = await Promise.all([render(null), mergedMail((link) => render(link))]);
  return { team, subscriber };
}
