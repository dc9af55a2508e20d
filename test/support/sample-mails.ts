/**
 * One of each mail the site sends, rendered by its template from values a real month would give
 * them: for the template tests, the mail-client test (test/e2e/mails.test.ts) and the mail
 * screenshots (test/support/mail-screenshots.ts).
 */
import type { PublishedDraw } from "~/lib/draw/published-draw";
import type { RenderedMail } from "~/lib/mail/render-mail.server";
import { renderConfirmationMail } from "~/lib/mail/templates/confirmation-mail.server";
import { renderContactAcknowledgementMail } from "~/lib/mail/templates/contact-acknowledgement-mail.server";
import { renderContactMessageMail } from "~/lib/mail/templates/contact-message-mail.server";
import { drawNoticeMails } from "~/lib/mail/templates/draw-notice-mail.server";
import { renderDrawRecordMail } from "~/lib/mail/templates/draw-record-mail.server";
import { renderSurveyNoticeMail } from "~/lib/mail/templates/survey-notice-mail.server";
import { drawnIn, renderClaimNoticeMail, renderWinnerMail } from "~/lib/mail/templates/winner-mail.server";

export const SAMPLE_SITE_URL = "https://opinionlabz.example";
export const SAMPLE_TOKEN = "k3J9xQ2mZr8vL1pT7wYc4nB6hD0sF5gA";
export const SAMPLE_SURVEY_URL = "https://encuestas.example/forms/d/e/1FAIpQLSfD3kX9pQ/viewform";

/** The confirmation's and the way out's links of the sample address, on `siteUrl`. */
export function sampleLinks(siteUrl = SAMPLE_SITE_URL): { confirmUrl: string; leaveUrl: string } {
  return {
    confirmUrl: `${siteUrl}/avisos/confirmar?t=${SAMPLE_TOKEN}`,
    leaveUrl: `${siteUrl}/avisos/baja?t=${SAMPLE_TOKEN}`,
  };
}

/** A message as people write them: lines, a blank line, accents. */
export const SAMPLE_MESSAGE = "Hola, ¿puedo participar desde Uruguay?\n\nGracias,\nLucía";

/** December 2026's draw: Monday 7, 12:00 in Argentina (15:00 UTC). */
export const SAMPLE_DRAW_AT = "2026-12-07T15:00:00.000Z";

/** A record as /sorteos publishes it: 1,234 entries, one round drawn from drand, the list sealed two seconds in. */
export function sampleDraw(overrides: Partial<PublishedDraw> = {}): PublishedDraw {
  return {
    drawAt: SAMPLE_DRAW_AT,
    rule: "opinionlabz-draw-v2",
    entryCount: 1234,
    window: { from: "2026-11-02", through: "2026-12-07" },
    leftOut: { outsideWindow: 2, unreadableDate: 1, refusedId: 0 },
    idRule: 3,
    idPattern: "^OL-[1-9][0-9]*$",
    listHash: "3f9a1c0e5b7d2a4c6e8f0a1b3c5d7e9f1a2b3c4d5e6f708192a3b4c5d6e7f809",
    listUrl: `${SAMPLE_SITE_URL}/sorteos/2026-12-07/ids.txt`,
    commitment: null,
    committedAt: null,
    frozenAt: "2026-12-07T15:00:01.000Z",
    seed: null,
    rounds: [
      {
        beacon: "9c8b7a6f5e4d3c2b1a0998877665544332211009f8e7d6c5b4a3928170615243",
        beaconSource: "drand quicknet, ronda 28.012.345",
        beaconUrl:
          "https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971/public/28012345",
        drandRound: 28012345,
        signature: null,
        rehearsal: false,
        winnerId: "OL-10482",
        winnerName: "Lucía F.",
        winnerCountry: "Argentina",
      },
    ],
    sample: false,
    claimedAt: null,
    claimRound: null,
    told: [],
    witnesses: {
      commitment: null,
      list: {
        url: `${SAMPLE_SITE_URL}/sorteos/2026-12-07/lista.txt`,
        tokens: [
          {
            authority: "http://timestamp.digicert.com",
            url: `${SAMPLE_SITE_URL}/sorteos/2026-12-07/lista.timestamp.digicert.com.tsr`,
            stampedAt: "2026-12-07T15:00:03.000Z",
            signer: "DigiCert, Inc.",
          },
        ],
      },
      claim: null,
    },
    ...overrides,
  };
}

/** 30 days after the sample draw, as the rules count the time to claim. */
export const SAMPLE_CLAIM_BY = Date.parse(SAMPLE_DRAW_AT) + 30 * 24 * 60 * 60 * 1000;

export type SampleMailName =
  | "confirmation"
  | "surveyNotice"
  | "contactAcknowledgement"
  | "contactMessage"
  | "drawRecord"
  | "listNotice"
  | "listNoticeToTeam"
  | "winnerNotice"
  | "winnerTold"
  | "winnerReminder"
  | "claimNotice";

/** Every mail the site sends, rendered from the samples above. */
export async function renderSampleMails(siteUrl = SAMPLE_SITE_URL): Promise<Record<SampleMailName, RenderedMail>> {
  const { confirmUrl, leaveUrl } = sampleLinks(siteUrl);
  return {
    confirmation: await renderConfirmationMail({ siteUrl, confirmUrl, leaveUrl, validDays: 7 }),
    surveyNotice: await renderSurveyNoticeMail({ siteUrl, surveyUrl: SAMPLE_SURVEY_URL, leaveUrl }),
    contactAcknowledgement: await renderContactAcknowledgementMail({ siteUrl, message: SAMPLE_MESSAGE }),
    contactMessage: await renderContactMessageMail({
      siteUrl,
      name: "Lucía Fernández",
      email: "lucia@example.com",
      message: SAMPLE_MESSAGE,
      receivedAt: Date.parse("2026-11-26T14:05:00.000Z"),
    }),
    drawRecord: await renderDrawRecordMail({ siteUrl, draw: sampleDraw(), claimBy: SAMPLE_CLAIM_BY }),
    ...(await sampleDrawNotices(siteUrl, leaveUrl)),
    ...(await sampleWinnerMails(siteUrl)),
  };
}

/** The sample link of a winner's claim page. */
export const SAMPLE_CLAIM_URL = `${SAMPLE_SITE_URL}/avisos/premio?t=${SAMPLE_TOKEN}`;

/** The winner's mail of the sample draw, its reminder, and the team's notice of the claim. */
async function sampleWinnerMails(
  siteUrl: string,
): Promise<Record<"winnerTold" | "winnerReminder" | "claimNotice", RenderedMail>> {
  const told = {
    siteUrl,
    month: "diciembre de 2026",
    firstName: "Lucía",
    winnerId: "OL-10482",
    drawnIn: drawnIn(SAMPLE_DRAW_AT, 0),
    deadline: "6/1/2027, 12:00",
    claimUrl: SAMPLE_CLAIM_URL,
    recordUrl: `${siteUrl}/sorteos#sorteo-2026-12-07`,
  };
  return {
    winnerTold: await renderWinnerMail({ ...told, reminder: null }),
    winnerReminder: await renderWinnerMail({ ...told, reminder: { daysLeft: 7, toldOn: "8/12/2026" } }),
    claimNotice: await renderClaimNoticeMail({
      siteUrl,
      month: "2026-12",
      winnerId: "OL-10482",
      roundName: "sorteo",
      claimedAt: "10/12/2026, 18:20",
      toldAt: "8/12/2026, 10:05",
      email: "lucia@example.com",
      seals: { sealedAt: "10/12/2026, 18:20" },
      recordUrl: `${siteUrl}/sorteos#sorteo-2026-12-07`,
    }),
  };
}

/** The draw notices of the sample draw: the list closed (a reader's copy and the team's), and its winner. */
async function sampleDrawNotices(
  siteUrl: string,
  leaveUrl: string,
): Promise<Record<"listNotice" | "listNoticeToTeam" | "winnerNotice", RenderedMail>> {
  const list = await drawNoticeMails({
    kind: "list",
    input: {
      siteUrl,
      day: "7/12/2026",
      entries: "1.234 participaciones",
      listHash: sampleDraw().listHash,
      statementUrl: `${siteUrl}/sorteos/2026-12-07/lista.txt`,
      round: "34.618.012",
      roundTime: "12:30",
    },
  });
  const winner = await drawNoticeMails({
    kind: "winner",
    input: {
      siteUrl,
      day: "7/12/2026",
      roundName: "Sorteo",
      winner: "Lucía F.",
      winnerId: "OL-10482",
      entries: "1.234 participaciones",
      round: "34.618.012",
      recordUrl: `${siteUrl}/sorteos#sorteo-2026-12-07`,
    },
  });
  return {
    listNotice: await list.subscriber(leaveUrl),
    listNoticeToTeam: list.team,
    winnerNotice: await winner.subscriber(leaveUrl),
  };
}
