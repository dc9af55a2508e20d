/**
 * One of each mail the site sends, rendered by its template from values a real month would give
 * them: for the template tests, the mail-client test (test/e2e/mails.test.ts) and the mail
 * screenshots (test/support/mail-screenshots.ts).
 */
import type { RecordedDraw } from "~/lib/draw/published-draw";
import type { RenderedMail } from "~/lib/mail/render-mail.server";
import { renderConfirmationMail } from "~/lib/mail/templates/confirmation-mail.server";
import { renderContactAcknowledgementMail } from "~/lib/mail/templates/contact-acknowledgement-mail.server";
import { renderContactMessageMail } from "~/lib/mail/templates/contact-message-mail.server";
import { renderDrawRecordMail } from "~/lib/mail/templates/draw-record-mail.server";
import { renderSurveyNoticeMail } from "~/lib/mail/templates/survey-notice-mail.server";

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

/** A record as /sorteos publishes it: 1,234 entries, one round drawn from drand. */
export function sampleDraw(overrides: Partial<RecordedDraw> = {}): RecordedDraw {
  return {
    drawAt: SAMPLE_DRAW_AT,
    entryCount: 1234,
    window: { from: "2026-11-02", through: "2026-12-07" },
    leftOut: { outsideWindow: 2, unreadableDate: 1, refusedId: 0 },
    idRule: 2,
    listHash: "3f9a1c0e5b7d2a4c6e8f0a1b3c5d7e9f1a2b3c4d5e6f708192a3b4c5d6e7f809",
    listUrl: `${SAMPLE_SITE_URL}/sorteos/2026-12-07/ids.txt`,
    commitment: "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90",
    committedAt: "2026-11-02T15:00:05.000Z",
    frozenAt: "2026-12-07T15:00:01.000Z",
    seed: "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0",
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
    witnesses: { commitment: null, list: null },
    ...overrides,
  };
}

/** 30 days after the sample draw, as the rules count the time to claim. */
export const SAMPLE_CLAIM_BY = Date.parse(SAMPLE_DRAW_AT) + 30 * 24 * 60 * 60 * 1000;

export type SampleMailName =
  "confirmation" | "surveyNotice" | "contactAcknowledgement" | "contactMessage" | "drawRecord";

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
  };
}
