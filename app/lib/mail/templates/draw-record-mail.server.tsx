import { Fragment, type ReactNode } from "react";
import { DRAW_RECORD_MAIL as COPY, WINNER_NOTICE } from "~/content/mails";
import { formatArgentinaDate, formatArgentinaInstant, formatDrawDay, formatDrawMonth } from "~/lib/draw/countdown";
import { argentinaDay } from "~/lib/draw/entry-window";
import { drawAnchor, type PublishedDraw } from "~/lib/draw/published-draw";
import { formatCount } from "~/lib/ui/wording";
import { renderMail, type RenderedMail } from "../render-mail.server";
import {
  MailButton,
  MailCode,
  MailHeading,
  MailLayout,
  MailLink,
  MailNotice,
  MailQuote,
  MailSmallPrint,
  MailText,
} from "./mail-layout.server";
import { drawnIn } from "./winner-mail.server";

export interface DrawRecordMailInput {
  siteUrl: string;
  /** The record as /sorteos publishes it, with its latest round: the one this mail is about. */
  draw: PublishedDraw;
  /** Until when the latest round's winner may claim the prize; from then on a redraw is allowed. */
  claimBy: number;
}

/** One fact of the record: its name, then its value. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <MailText>
      <strong>{label}:</strong> {children}
    </MailText>
  );
}

/** A command the team runs, then the same in the container. */
function Command({ checkout, container }: { checkout: string; container: string }) {
  return (
    <MailText>
      <MailCode>{checkout}</MailCode>
      <br />
      {COPY.inContainer} <MailCode>{container}</MailCode>
    </MailText>
  );
}

/**
 * A draw's record, to the team (`npm run draw -- run` and `redraw` queue it): who won, what to
 * do now and until when, the commands to record the delivery or draw again, and every value
 * the site publishes for anyone to recompute the result. All of it in Spanish and in the mail
 * itself: the team needs nothing else to act on it. A rehearsal or a sample sheet says so first.
 */
export function renderDrawRecordMail({ siteUrl, draw, claimBy }: DrawRecordMailInput): Promise<RenderedMail> {
  const round = draw.rounds.length - 1;
  const latest = draw.rounds[round]!;
  const roundName = COPY.roundName(round);
  const day = formatArgentinaDate(draw.drawAt);
  const month = argentinaDay(Date.parse(draw.drawAt)).slice(0, 7);
  const winner = latest.winnerCountry ? `${latest.winnerName} (${latest.winnerCountry})` : latest.winnerName;
  const deadline = formatArgentinaInstant(new Date(claimBy).toISOString());
  const notReal = latest.rehearsal ? COPY.rehearsal : draw.sample ? COPY.sample : null;
  const subject = (latest.rehearsal ? COPY.rehearsalSubject : COPY.subject)(roundName, day, latest.winnerId);
  return renderMail(
    subject,
    <MailLayout siteUrl={siteUrl} subject={subject} preheader={notReal ?? COPY.preheader(winner, deadline)}>
      <MailHeading>{COPY.heading(roundName, formatDrawDay(new Date(draw.drawAt)))}</MailHeading>
      {notReal ? <MailNotice>{notReal}</MailNotice> : null}
      <MailText>
        {COPY.winnerLine(
          latest.winnerId,
          winner,
          `${formatCount(draw.entryCount)} ${COPY.facts.entries.toLowerCase()}`,
        )}
      </MailText>
      <MailButton href={new URL(`/sorteos#${drawAnchor(draw.drawAt)}`, siteUrl).href}>{COPY.button}</MailButton>
      {notReal ? null : (
        <>
          <MailHeading level={2}>{COPY.nextStepsHeading}</MailHeading>
          <MailText>{COPY.contactWinner(latest.winnerId)}</MailText>
          <Command checkout={COPY.commands.tellWinner(month)} container={COPY.commands.tellWinnerInContainer(month)} />
          <MailText>{COPY.writeYourself}</MailText>
          <MailQuote>
            {`${COPY.noticeSubject}: ${WINNER_NOTICE.subject(formatDrawMonth(draw.drawAt))}\n\n${WINNER_NOTICE.body({
              firstName: latest.winnerName.split(" ")[0]!,
              winnerId: latest.winnerId,
              drawnIn: drawnIn(draw.drawAt, round),
              deadline,
              resultsAt: `${new URL(siteUrl).host}/sorteos`,
            })}`}
          </MailQuote>
          <MailText>{COPY.claimWindow(deadline)}</MailText>
          <MailText>{COPY.whenDelivered}</MailText>
          <Command checkout={COPY.commands.claimed(month)} container={COPY.commands.claimedInContainer(month)} />
          <MailText>{COPY.whenUnclaimed(deadline)}</MailText>
          <Command checkout={COPY.commands.redraw(month)} container={COPY.commands.redrawInContainer(month)} />
        </>
      )}
      <MailHeading level={2}>{COPY.recordHeading}</MailHeading>
      <MailSmallPrint>{COPY.recordIntro}</MailSmallPrint>
      <Fact label={COPY.facts.drawAt}>
        {formatArgentinaInstant(draw.drawAt)} ({COPY.hour})
      </Fact>
      <Fact label={COPY.facts.frozenAt}>
        {/* The list's closing time is its first seal's, never the database's word (docs/draw.md, "Witnesses"). */}
        {formatArgentinaInstant(
          (draw.witnesses.list?.tokens ?? []).map((token) => token.stampedAt).sort()[0] ?? draw.frozenAt,
        )}{" "}
        ({COPY.hour}), {formatCount(draw.entryCount)} {COPY.facts.entries.toLowerCase()}
      </Fact>
      <Fact label={COPY.facts.listHash}>
        <MailCode>{draw.listHash}</MailCode>
      </Fact>
      <Fact label={COPY.facts.list}>
        <MailLink href={draw.listUrl}>{new URL(draw.listUrl).pathname.slice(1)}</MailLink>
      </Fact>
      {draw.commitment !== null && draw.committedAt !== null ? (
        <Fact label={COPY.facts.commitment}>
          <MailCode>{draw.commitment}</MailCode> ({COPY.facts.committedAt} {formatArgentinaInstant(draw.committedAt)})
        </Fact>
      ) : null}
      {draw.seed !== null ? (
        <Fact label={COPY.facts.seed}>
          <MailCode>{draw.seed}</MailCode>
        </Fact>
      ) : null}
      {draw.rounds.map((published, index) => (
        <Fragment key={index}>
          <Fact label={COPY.facts.round(index)}>
            {published.beaconSource}
            {published.beaconUrl ? (
              <>
                {" "}
                (<MailLink href={published.beaconUrl}>{COPY.facts.beaconLink}</MailLink>)
              </>
            ) : null}
            <br />
            {COPY.facts.beacon}: <MailCode>{published.beacon}</MailCode>
            <br />
            {COPY.facts.winner}: ID <MailCode>{published.winnerId}</MailCode>, {published.winnerName}
            {published.winnerCountry ? ` (${published.winnerCountry})` : ""}
          </Fact>
        </Fragment>
      ))}
      {draw.claimedAt ? <Fact label={COPY.facts.claimedAt}>{formatArgentinaDate(draw.claimedAt)}</Fact> : null}
    </MailLayout>,
  );
}
