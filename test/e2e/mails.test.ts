/**
 * Every mail the site sends, as it arrives: the built server delivers each through its outbox
 * to a real SMTP server (aiosmtpd); SpamAssassin (Debian's, local rules) scores each message as
 * received, and Chromium shows each HTML part at 320, 390 and 1024 px, light and dark, the way a
 * mail client does (the logo loaded from the site, no script). The sign-up and /contacto mails
 * come from the forms over HTTP; the survey notice, the draw record, the draw notices and the
 * winner's mails (told, reminded, the claim to the team), whose commands and timers have tests
 * of their own, are rendered by their templates and queued in the server's outbox.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CONTACT_MESSAGE_MAIL, LIST_FOOTER } from "~/content/mails";
import { DRAW_NOTICE_KIND, enqueueMail } from "~/lib/mail/outbox.server";
import { parseEnv } from "~/lib/server/parse-env.server";
import { openStorage } from "~/lib/storage/open-storage.server";
import { ROOT, startAppServer, type AppServer } from "../support/app-server";
import { axeViolations, openPage, sharedBrowser } from "../support/browser";
import { drawCommand } from "../support/draw-command";
import { renderSampleMails, SAMPLE_MESSAGE, SAMPLE_SITE_URL, sampleLinks } from "../support/sample-mails";
import { startSmtpServer, type ReceivedMail, type SmtpServer } from "../support/smtp-server";
import { spamVerdicts, type SpamVerdict } from "../support/spamassassin";
import { postForm, postSignUp } from "../support/waitlist";
import { decodeEntities } from "../support/html-entities";

const TEAM = "equipo@opinionlabz.example";
const VISITOR = "lucia@example.com";
/** The winner's address, as `draw -- tell-winner` is given it. */
const WINNER = "ganadora@example.com";
/** Brand indigo: the one button's colour, in both palettes. */
const BUTTON_COLOUR = "rgb(79, 70, 229)";

type MailName =
  | "confirmation"
  | "contactMessage"
  | "contactAcknowledgement"
  | "surveyNotice"
  | "drawRecord"
  | "listNotice"
  | "listNoticeToTeam"
  | "winnerNotice"
  | "winnerTold"
  | "winnerReminder"
  | "claimNotice";

/** axe's page-landmark rules: a mail is shown inside its client's page, whose landmarks hold it. */
const MAIL_CLIENT_LANDMARKS = ["landmark-one-main", "region"];

/** A message built the way phishing is: HTML only, hidden words, a link whose words name another address, a big remote image. */
const PHISHING = [
  "From: Opinion Labz <hola@opinionlabz.example>",
  `To: ${VISITOR}`,
  "Subject: CONFIRM YOUR ACCOUNT NOW",
  "Message-ID: <control@opinionlabz.example>",
  "Date: Mon, 07 Dec 2026 15:00:00 +0000",
  "MIME-Version: 1.0",
  "Content-Type: text/html; charset=utf-8",
  "",
  '<html><body><p style="color:#ffffff;background-color:#ffffff">hidden words</p><a href="http://192.0.2.7/login">https://opinionlabz.example/avisos</a><img src="http://192.0.2.7/banner.png" width="600" height="800"></body></html>',
  "",
].join("\n");

describe("the mails, as they arrive", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "mails-data-"));
  let smtp: SmtpServer;
  let app: AppServer;
  let browser: Browser;
  const received = {} as Record<MailName, ReceivedMail>;
  let verdicts: Map<string, SpamVerdict>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // A public https origin, as in production: every link and the logo point at it.
    [app, browser] = await Promise.all([
      startAppServer({ DATA_DIR: dataDir, SMTP_URL: smtp.url, SITE_URL: SAMPLE_SITE_URL, CONTACT_EMAIL: TEAM }),
      sharedBrowser(),
    ]);
    const client = "198.51.100.77";
    expect((await postSignUp(app, { email: VISITOR, client })).status).toBeLessThan(400);
    const contact = await postForm(
      app,
      "/contacto",
      { nombre: "Lucía Fernández", email: VISITOR, mensaje: SAMPLE_MESSAGE },
      { client },
    );
    expect(contact.status).toBe(200);
    const samples = await renderSampleMails();
    const storage = await openStorage(parseEnv({ DATA_DIR: dataDir }, ROOT).database);
    try {
      // With the list's headers, as every mail to the list has them (docs/operations.md, "Mail").
      const { leaveUrl } = sampleLinks();
      const headers = { "List-Unsubscribe": `<${leaveUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
      await enqueueMail(
        storage.db,
        { kind: "survey-notice", to: VISITOR, ...samples.surveyNotice, headers },
        Date.now(),
      );
      await enqueueMail(storage.db, { kind: "draw-record", to: TEAM, ...samples.drawRecord }, Date.now());
      // The draw notices (docs/draw.md, "Witnesses the operator cannot recall"): a reader's, with
      // the list's headers, and the team's.
      for (const name of ["listNotice", "winnerNotice"] as const) {
        await enqueueMail(storage.db, { kind: DRAW_NOTICE_KIND, to: VISITOR, ...samples[name], headers }, Date.now());
      }
      await enqueueMail(storage.db, { kind: DRAW_NOTICE_KIND, to: TEAM, ...samples.listNoticeToTeam }, Date.now());
      // The winner told, reminded, and the team told of the claim (docs/draw.md, "The winner told").
      for (const [name, kind] of [
        ["winnerTold", "winner-told"],
        ["winnerReminder", "winner-reminder"],
      ] as const) {
        await enqueueMail(storage.db, { kind, to: WINNER, ...samples[name] }, Date.now());
      }
      await enqueueMail(
        storage.db,
        { kind: "winner-claimed", to: TEAM, replyTo: WINNER, ...samples.claimNotice },
        Date.now(),
      );
    } finally {
      await storage.db.destroy();
    }
    // The server's sender takes what the forms queued at once, and polls for the rest.
    await vi.waitFor(
      () => {
        if (smtp.mails().length < 11) throw new Error(`${smtp.mails().length} of 11 mails delivered`);
      },
      { timeout: 30_000, interval: 100 },
    );
    const toVisitor = smtp.mails().filter((mail) => mail.to === VISITOR);
    const toTeam = smtp.mails().filter((mail) => mail.to === TEAM);
    const bySubject = (mails: ReceivedMail[], subject: string) => mails.find((mail) => mail.subject === subject)!;
    received.confirmation = bySubject(toVisitor, "Confirmá tu email para el aviso de Opinion Labz");
    received.contactAcknowledgement = bySubject(toVisitor, "Recibimos tu mensaje: te respondemos en 24 horas");
    received.surveyNotice = bySubject(toVisitor, samples.surveyNotice.subject);
    received.contactMessage = bySubject(toTeam, "Consulta de Lucía Fernández (formulario de contacto)");
    received.drawRecord = bySubject(toTeam, samples.drawRecord.subject);
    received.listNotice = bySubject(toVisitor, samples.listNotice.subject);
    received.winnerNotice = bySubject(toVisitor, samples.winnerNotice.subject);
    received.listNoticeToTeam = bySubject(toTeam, samples.listNoticeToTeam.subject);
    const toWinner = smtp.mails().filter((mail) => mail.to === WINNER);
    received.winnerTold = bySubject(toWinner, samples.winnerTold.subject);
    received.winnerReminder = bySubject(toWinner, samples.winnerReminder.subject);
    received.claimNotice = bySubject(toTeam, samples.claimNotice.subject);
    verdicts = await spamVerdicts([...Object.values(received).map((mail) => mail.raw), PHISHING]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const names = [
    "confirmation",
    "contactMessage",
    "contactAcknowledgement",
    "surveyNotice",
    "drawRecord",
    "listNotice",
    "listNoticeToTeam",
    "winnerNotice",
    "winnerTold",
    "winnerReminder",
    "claimNotice",
  ] as const;

  it("SpamAssassin's local rules are live: a mail built the way phishing is scores 2 or more", () => {
    const control = verdicts.get("<control@opinionlabz.example>")!;
    expect(control.score, control.rules.join(", ")).toBeGreaterThanOrEqual(2);
  });

  it.each(names)("SpamAssassin scores the %s below 2", (name) => {
    const verdict = verdicts.get(received[name].headers.get("message-id")!)!;
    expect(verdict.score, `${name}: ${verdict.rules.join(", ")}`).toBeLessThan(2);
  });

  it.each(names)("the %s keeps its plain-text part, every link of the HTML written out in full", (name) => {
    const mail = received[name];
    expect(mail.text.length).toBeGreaterThan(200);
    const hrefs = [...mail.html.matchAll(/<a [^>]*href="(https:[^"]+)"/g)].map((match) => decodeEntities(match[1]!));
    for (const href of hrefs) if (href !== `${SAMPLE_SITE_URL}/`) expect(mail.text).toContain(href);
  });

  /** What a reader of the mail sees at this width and in this palette. */
  async function checkReadable(page: Page, name: MailName, width: number, scheme: "light" | "dark") {
    const where = `${name} at ${width} px, ${scheme}`;
    const seen = await page.evaluate(() => {
      const luminance = (colour: string) => {
        const [r, g, b] = colour
          .match(/\d+/g)!
          .slice(0, 3)
          .map((value) => {
            const channel = Number(value) / 255;
            return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
          });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const card = document.querySelector(".mail-card")!;
      const heading = document.querySelector("h1")!;
      const logo = document.querySelector("img")!;
      const buttons = [...document.querySelectorAll("a")].filter(
        (link) => getComputedStyle(link).backgroundColor !== "rgba(0, 0, 0, 0)",
      );
      const box = buttons[0]?.getBoundingClientRect();
      const preheader = document.querySelector('[data-skip-in-text="true"][style*="display:none"]')!;
      const paragraphs = [...document.querySelectorAll(".mail-card p")].map((p) =>
        parseFloat(getComputedStyle(p).fontSize),
      );
      return {
        sideways: document.documentElement.scrollWidth - window.innerWidth,
        cardLuminance: luminance(getComputedStyle(card).backgroundColor),
        headingLuminance: luminance(getComputedStyle(heading).color),
        logoLoaded: logo.complete && logo.naturalWidth === 192,
        buttons: buttons.map((button) => ({
          text: button.textContent!.trim(),
          colour: getComputedStyle(button).backgroundColor,
        })),
        button: box && { left: box.left, right: box.right, height: box.height },
        preheaderShown: preheader.getBoundingClientRect().height > 0,
        smallestText: Math.min(...paragraphs),
      };
    });
    expect(seen.sideways, where).toBeLessThanOrEqual(0);
    expect(seen.logoLoaded, where).toBe(true);
    expect(seen.buttons, where).toHaveLength(1);
    expect(seen.buttons[0]!.colour, where).toBe(BUTTON_COLOUR);
    // A thumb's target, whole on the screen.
    expect(seen.button!.height, where).toBeGreaterThanOrEqual(44);
    expect(seen.button!.left, where).toBeGreaterThanOrEqual(0);
    expect(seen.button!.right, where).toBeLessThanOrEqual(width);
    expect(seen.preheaderShown, where).toBe(false);
    expect(seen.smallestText, where).toBeGreaterThanOrEqual(13);
    // Dark mode: a dark card with light words, not the light mail on a dark screen.
    if (scheme === "dark") {
      expect(seen.cardLuminance, where).toBeLessThan(0.05);
      expect(seen.headingLuminance, where).toBeGreaterThan(0.8);
    } else {
      expect(seen.cardLuminance, where).toBe(1);
      expect(seen.headingLuminance, where).toBeLessThan(0.05);
    }
  }

  it.each(names)(
    "the %s reads well in Chromium at 320, 390 and 1024 px, light and dark, and passes axe",
    async (name) => {
      const { page, context } = await openPage(browser, 390);
      // A mail client fetches the logo from the site itself: here, the server under test.
      await page.route(`${SAMPLE_SITE_URL}/**`, async (route) => {
        const url = new URL(route.request().url());
        await route.fulfill({ response: await route.fetch({ url: `${app.origin}${url.pathname}` }) });
      });
      await page.setContent(received[name].html, { waitUntil: "load" });
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const width of [320, 390, 1024]) {
          await page.setViewportSize({ width, height: 800 });
          await checkReadable(page, name, width, scheme);
          if (width === 390)
            expect(await axeViolations(page, undefined, MAIL_CLIENT_LANDMARKS), `${name}, ${scheme}`).toEqual([]);
        }
      }
      await context.close();
    },
  );

  it("loads the logo in a mail client on another origin, where the site's other images stay blocked", async () => {
    // No route in between: Chromium itself applies each answer's Cross-Origin-Resource-Policy.
    const { page, context } = await openPage(browser, 390, {
      // The share image's refusal, as Chromium logs it (the logo's would fail the widths below).
      expectProblems: /ERR_BLOCKED_BY_RESPONSE\.NotSameOrigin|og-image\.png/,
    });
    await page.setContent(
      `<img id="logo" src="${app.origin}/icon-192.png"><img id="share" src="${app.origin}/og-image.png">`,
      { waitUntil: "load" },
    );
    const loaded = await page.evaluate(() =>
      ["logo", "share"].map((id) => (document.getElementById(id) as HTMLImageElement).naturalWidth),
    );
    expect(loaded).toEqual([192, 0]);
    await context.close();
  });

  it("names in the draw record the draw command's own commands: each one runs, none is a usage error", async () => {
    const text = received.drawRecord.text;
    const fromCheckout = [...text.matchAll(/^npm run draw -- (.+)$/gm)].map((match) => match[1]!);
    const inContainer = [...text.matchAll(/lo mismo con node build\/draw\.js (.+)$/gm)].map((match) => match[1]!);
    expect(fromCheckout).toEqual(["tell-winner 2026-12 <EMAIL>", "claimed 2026-12", "redraw 2026-12"]);
    expect(inContainer).toEqual(fromCheckout);
    for (const command of inContainer) {
      // As the image runs it, on this server's database: no December draw there, so refused (2),
      // where a command the program does not know would be a usage error (64).
      const words = command.replace("<EMAIL>", "ganadora@example.com").split(" ");
      const run = await drawCommand({ DATA_DIR: dataDir, SITE_URL: SAMPLE_SITE_URL }, words, { built: true });
      expect(run.code, `${command}: ${run.stderr}`).toBe(2);
    }
  });

  it("adds nothing to any page's scripts: the templates and react-email stay on the server", () => {
    const scripts = readdirSync(path.join(ROOT, "public/build"), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".js"))
      .map((file) => readFileSync(path.join(ROOT, "public/build", file), "utf8"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      // react-email's head, the layout's class names, and words only mails say.
      expect(script).not.toContain("x-apple-disable-message-reformatting");
      expect(script).not.toContain("mail-card-cell");
      expect(script).not.toContain(LIST_FOOTER.why);
      expect(script).not.toContain(CONTACT_MESSAGE_MAIL.retention);
    }
  });
});
