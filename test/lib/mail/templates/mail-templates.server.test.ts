// @vitest-environment jsdom
/**
 * Every template, rendered: what each mail says in both parts, what every mail shares (the
 * logo, one button, short visible links, a preheader, the plain-text part), and what the team's
 * mails must be (all Spanish, self-contained). How they look in a browser, and what SpamAssassin
 * makes of them, is test/e2e/mails.test.ts.
 */
import { describe, expect, it } from "vitest";
import { CONFIRMATION_MAIL, CONTACT_ACKNOWLEDGEMENT_MAIL, SURVEY_NOTICE_MAIL } from "~/content/mails";
import type { RenderedMail } from "~/lib/mail/render-mail.server";
import { renderContactMessageMail } from "~/lib/mail/templates/contact-message-mail.server";
import { renderDrawRecordMail } from "~/lib/mail/templates/draw-record-mail.server";
import { renderSurveyNoticeMail } from "~/lib/mail/templates/survey-notice-mail.server";
import { renderClaimNoticeMail } from "~/lib/mail/templates/winner-mail.server";
import { parseEmailAddress } from "~/lib/server/email-address.server";
import {
  renderSampleMails,
  SAMPLE_CLAIM_BY,
  SAMPLE_CLAIM_URL,
  SAMPLE_DRAW_AT,
  SAMPLE_SITE_URL,
  SAMPLE_SURVEY_URL,
  SAMPLE_TOKEN,
  sampleDraw,
  sampleLinks,
  type SampleMailName,
} from "../../../support/sample-mails";

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * The sample mail, rendered inside the test that reads it: a mutation test activates its mutant
 * for the tests it runs, not for what a module computed as it loaded.
 */
const sample = async (name: SampleMailName) => (await renderSampleMails())[name];
const NAMES: SampleMailName[] = [
  "confirmation",
  "surveyNotice",
  "contactAcknowledgement",
  "contactMessage",
  "drawRecord",
  "listNotice",
  "listNoticeToTeam",
  "winnerNotice",
  "winnerTold",
  "winnerReminder",
  "claimNotice",
];
const { confirmUrl, leaveUrl } = sampleLinks();

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");

/** The links a reader sees (not the logo's), with their words. */
function visibleLinks(mail: RenderedMail): { text: string; href: string }[] {
  return [...parse(mail.html).querySelectorAll("a")]
    .filter((link) => link.textContent!.trim() !== "" && !link.closest("[data-skip-in-text]"))
    .map((link) => ({ text: link.textContent!.trim(), href: link.getAttribute("href")! }));
}

/** The links drawn as buttons: a coloured box. */
function buttons(mail: RenderedMail): { text: string; href: string }[] {
  return [...parse(mail.html).querySelectorAll<HTMLAnchorElement>("a")]
    .filter((link) => link.style.backgroundColor !== "")
    .map((link) => ({ text: link.textContent!.trim(), href: link.getAttribute("href")! }));
}

const preheaderOf = (mail: RenderedMail) =>
  parse(mail.html).querySelector<HTMLElement>('div[data-skip-in-text="true"][style*="display:none"]');

describe.each(NAMES)("every mail: %s", (name) => {
  it("shows the logo and the wordmark, linked to the site, and is in Spanish", async () => {
    const mail = await sample(name);
    const document = parse(mail.html);
    expect(document.documentElement.lang).toBe("es");
    expect(document.title).toBe(mail.subject);
    const logo = document.querySelector("img")!;
    expect(logo.getAttribute("src")).toBe(`${SAMPLE_SITE_URL}/icon-192.png`);
    // Decorative: the wordmark beside it says the name, also where images are blocked.
    expect(logo.getAttribute("alt")).toBe("");
    expect(logo.closest("a")!.getAttribute("href")).toBe(`${SAMPLE_SITE_URL}/`);
    expect(logo.closest("a")!.textContent!.replace(/\s+/g, " ").trim()).toBe("Opinion Labz");
  });

  it("has one button, and every link a reader sees is a few words, never a raw address", async () => {
    const mail = await sample(name);
    expect(buttons(mail)).toHaveLength(1);
    for (const link of visibleLinks(mail)) {
      expect(link.text.length, link.text).toBeLessThanOrEqual(40);
      expect(link.text).not.toMatch(/:\/\/|\?t=|%[0-9A-F]{2}/i);
    }
  });

  it("has a preheader for the inbox, hidden in the mail and left out of the plain text", async () => {
    const mail = await sample(name);
    const preheader = preheaderOf(mail)!;
    const words = preheader.firstChild!.textContent!;
    expect(words.length).toBeGreaterThan(20);
    expect(preheader.style.display).toBe("none");
    expect(mail.text.split("\n\n")).not.toContain(words);
  });

  it("keeps a plain-text part with the same words and every link in full", async () => {
    const mail = await sample(name);
    const document = parse(mail.html);
    const heading = document.querySelector("h1")!.textContent!;
    expect(mail.text.startsWith(`${heading}\n\n`)).toBe(true);
    for (const { href } of visibleLinks(mail)) {
      if (href.startsWith("mailto:")) continue;
      // The site's own name in the foot stands for its address.
      if (href === `${SAMPLE_SITE_URL}/`) continue;
      expect(mail.text).toContain(href);
    }
    expect(mail.text).not.toMatch(/<\/?[a-z]+[ >]/);
  });

  it("is readable in dark mode: a dark palette for clients that follow the reader's setting", async () => {
    const mail = await sample(name);
    expect(mail.html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(mail.html).toMatch(/@media \(prefers-color-scheme: dark\) \{[^}]*\.mail-page \{ background-color: #0f172a/);
  });
});

describe("the confirmation", () => {
  it("says in both parts what to do, for how long, and how to leave", async () => {
    const confirmation = await sample("confirmation");
    expect(confirmation.subject).toBe(CONFIRMATION_MAIL.subject);
    expect(buttons(confirmation)).toEqual([{ text: "Confirmar mi email", href: confirmUrl }]);
    expect(preheaderOf(confirmation)!.firstChild!.textContent).toBe(
      "Tocá «Confirmar mi email» y te avisamos cuando abra una encuesta. El enlace vale 7 días.",
    );
    expect(confirmation.text).toBe(
      [
        "Confirmá tu email",
        "",
        "Nos pediste que te avisemos a esta dirección cuando abra una encuesta de Opinion Labz. Para confirmarlo, tocá el botón: se abre nuestra página y ahí confirmás con un toque.",
        "",
        `Confirmar mi email ${confirmUrl}`,
        "",
        "El botón abre opinionlabz.example.",
        "",
        "El enlace vale 7 días. Si no fuiste vos, ignorá este email: si nadie lo confirma, borramos la dirección cuando venza.",
        "",
        `Recibís este email porque anotaste esta dirección para que te avisemos de las encuestas de Opinion Labz. ¿No querés recibir más? Borrá tu dirección de la lista ${leaveUrl} (o usá «Cancelar suscripción» en tu programa de correo).`,
        "",
        "Opinion Labz · Encuestas confidenciales y un sorteo mensual de US$200 · opinionlabz.example",
      ].join("\n"),
    );
  });
});

describe("the survey notice", () => {
  it("leads to the survey, says which site the button opens, and carries the way out", async () => {
    const surveyNotice = await sample("surveyNotice");
    expect(surveyNotice.subject).toBe(SURVEY_NOTICE_MAIL.subject);
    expect(buttons(surveyNotice)).toEqual([{ text: "Responder la encuesta", href: SAMPLE_SURVEY_URL }]);
    expect(surveyNotice.text).toContain(
      `Responder la encuesta ${SAMPLE_SURVEY_URL}\n\nEl botón abre encuestas.example.`,
    );
    expect(surveyNotice.text).toContain("entrás en el próximo sorteo de una tarjeta de regalo Visa de US$200");
    expect(visibleLinks(surveyNotice)).toContainEqual({ text: "Borrá tu dirección de la lista", href: leaveUrl });
    expect(surveyNotice.text).toContain(`?t=${SAMPLE_TOKEN}`);
  });
});

describe("the survey notice, merged", () => {
  it("is each survey's own, and each address's own way out, whatever was told before", async () => {
    const notice = (siteUrl: string, surveyUrl: string, token: string) =>
      renderSurveyNoticeMail({ siteUrl, surveyUrl, leaveUrl: `${siteUrl}/avisos/baja?t=${token}` });
    const first = await notice(SAMPLE_SITE_URL, "https://encuestas.example/primera", "uno");
    const second = await notice(SAMPLE_SITE_URL, "https://encuestas.example/segunda", "dos");
    const elsewhere = await notice("https://otro.example", "https://encuestas.example/segunda", "tres");
    expect(buttons(first)[0]!.href).toBe("https://encuestas.example/primera");
    expect(buttons(second)[0]!.href).toBe("https://encuestas.example/segunda");
    expect(second.text).toContain(`${SAMPLE_SITE_URL}/avisos/baja?t=dos`);
    expect(second.text).not.toMatch(/primera|t=uno/);
    expect(parse(elsewhere.html).querySelector("img")!.getAttribute("src")).toBe("https://otro.example/icon-192.png");
    expect(elsewhere.text).toContain("https://otro.example/avisos/baja?t=tres");
  });
});

describe("the contact acknowledgement", () => {
  it("promises the answer, quotes the message, offers the frequent questions, and never names the sender", async () => {
    const contactAcknowledgement = await sample("contactAcknowledgement");
    expect(contactAcknowledgement.subject).toBe(CONTACT_ACKNOWLEDGEMENT_MAIL.subject);
    expect(buttons(contactAcknowledgement)).toEqual([
      { text: "Ver las preguntas frecuentes", href: `${SAMPLE_SITE_URL}/sorteos#preguntas-frecuentes` },
    ]);
    expect(contactAcknowledgement.text).toContain("dentro de las 24 horas");
    expect(contactAcknowledgement.text).toContain("Hola, ¿puedo participar desde Uruguay?\n\nGracias,\nLucía");
    expect(contactAcknowledgement.text).not.toContain("Fernández");
    expect(contactAcknowledgement.text).not.toContain("primeros");
  });
});

describe("the contact message to the team", () => {
  it("says who wrote and when, keeps the message's lines, and answers with one button", async () => {
    const mail = await sample("contactMessage");
    expect(mail.subject).toBe("Consulta de Lucía Fernández (formulario de contacto)");
    expect(mail.text).toContain(
      "De: Lucía Fernández <lucia@example.com>\nRecibida el 26/11/2026, 11:05 (hora de Argentina)",
    );
    expect(mail.text).toContain("Hola, ¿puedo participar desde Uruguay?\n\nGracias,\nLucía");
    expect(buttons(mail)).toEqual([
      {
        text: "Responder a Lucía",
        href: "mailto:lucia@example.com?subject=Re%3A%20tu%20consulta%20a%20Opinion%20Labz",
      },
    ]);
    // What the team must do is in the mail: the 24 hours, the 12 months.
    expect(mail.text).toContain("Respondé dentro de las 24 horas");
    expect(mail.text).toContain("12 meses");
    expect(preheaderOf(mail)!.firstChild!.textContent).toBe("Hola, ¿puedo participar desde Uruguay? Gracias, Lucía");
  });

  it("shows in the inbox the start of the message, on one line", async () => {
    const message = `${"Primera línea.\n\n".repeat(20)}Fin.`;
    const mail = await renderContactMessageMail({
      siteUrl: SAMPLE_SITE_URL,
      name: "Ana",
      email: "ana@example.com",
      message,
      receivedAt: Date.parse("2026-11-26T14:05:00.000Z"),
    });
    expect(preheaderOf(mail)!.firstChild!.textContent).toBe("Primera línea. ".repeat(20).slice(0, 120));
  });

  it("keeps whatever the sender typed as text, and a mailbox's `?` or `&` cannot add fields to the reply", async () => {
    const email = parseEmailAddress("x?bcc=espia&cc=otra@example.com")!;
    expect(email).toBe("x?bcc=espia&cc=otra@example.com");
    const hostile = `"><script>alert(1)</script><img src=x onerror=alert(1)>`;
    const mail = await renderContactMessageMail({
      siteUrl: SAMPLE_SITE_URL,
      name: hostile,
      email,
      message: `${hostile}\n<b>negrita</b>`,
      receivedAt: Date.parse("2026-11-26T14:05:00.000Z"),
    });
    expect(mail.html).not.toMatch(/<script|<img src=x|<b>/);
    expect(mail.text).toContain(`${hostile}\n<b>negrita</b>`);
    const [reply] = buttons(mail);
    expect(reply!.href).toBe(
      "mailto:x%3Fbcc%3Despia%26cc%3Dotra@example.com?subject=Re%3A%20tu%20consulta%20a%20Opinion%20Labz",
    );
    expect(new URL(reply!.href).searchParams.has("bcc")).toBe(false);
  });
});

/** describeDraw's English, which the team's mail once carried. */
const ENGLISH =
  /\b(draw of|frozen at|entries|list hash|commitment|seed|(?<!tell-)winner|published as|round \d|prize|delivered|redraw allowed)\b/i;

describe("the draw record to the team", () => {
  it("says who won, until when they may claim, and what to run, in Spanish and with nothing to look up elsewhere", async () => {
    const mail = await sample("drawRecord");
    expect(mail.subject).toBe("Sorteo del 7/12/2026: ganó el ID OL-10482");
    expect(buttons(mail)).toEqual([
      { text: "Ver el sorteo en el sitio", href: `${SAMPLE_SITE_URL}/sorteos#sorteo-2026-12-07` },
    ]);
    expect(mail.text).toContain("Ganó el ID OL-10482, publicado como Lucía F. (Argentina), entre 1.234 participantes.");
    // 30 days from the draw instant (7/12/2026 12:00 in Argentina).
    expect(mail.text).toContain("hasta el 6/1/2027, 12:00 (hora de Argentina)");
    expect(mail.text).toContain(
      "npm run draw -- claimed 2026-12\nEn el contenedor, lo mismo con node build/draw.js claimed 2026-12",
    );
    expect(mail.text).toContain("npm run draw -- redraw");
    expect(mail.text).toContain("buscá el ID OL-10482 en las respuestas de la encuesta");
    expect(mail.text).toContain(
      "npm run draw -- tell-winner 2026-12 <EMAIL>\nEn el contenedor, lo mismo con node build/draw.js tell-winner 2026-12 <EMAIL>",
    );
    // The notice to the winner, ready to send: the day, the deadline, where the result is.
    expect(mail.text).toContain("Asunto: Ganaste el sorteo de Opinion Labz de diciembre de 2026\n\nHola, Lucía:");
    expect(mail.text).toContain(
      "Tu participación OL-10482 salió en el sorteo del lunes 7 de diciembre de 2026. El resultado está publicado en opinionlabz.example/sorteos",
    );
    expect(mail.text).toMatch(
      /respondé este email: tenés 30 días [^,]*, hasta el 6\/1\/2027, 12:00 \(hora de Argentina\)/,
    );
    for (const value of [sampleDraw().listHash, sampleDraw().rounds[0]!.beacon]) {
      expect(mail.text).toContain(value);
    }
    // No secret on a record of rule v2.
    expect(mail.text).not.toMatch(/Semilla|Compromiso/);
    expect(mail.text).toContain(sampleDraw().listUrl);
    // The list's closing time is its first seal's.
    expect(mail.text).toContain("Lista congelada: 7/12/2026, 12:00 (hora de Argentina), 1.234 participantes");
    expect(visibleLinks(mail)).toContainEqual({ text: "sorteos/2026-12-07/ids.txt", href: sampleDraw().listUrl });
    expect(mail.text).toContain(
      `Ronda del sorteo: drand quicknet, ronda 28.012.345 (ver la ronda en drand ${sampleDraw().rounds[0]!.beaconUrl})`,
    );
    const sections = [...parse(mail.html).querySelectorAll("h2")].map((heading) => heading.textContent);
    expect(sections).toEqual(["Qué hacer ahora", "El registro"]);
    expect(mail.text).toContain(sampleDraw().rounds[0]!.beaconUrl!);
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(ENGLISH);
    expect(`${mail.html}`).not.toMatch(/docs\/|\.md\b/);
  });

  it("names a redraw as such, with the next 30 days", async () => {
    const first = sampleDraw().rounds[0]!;
    const redrawn = await renderDrawRecordMail({
      siteUrl: SAMPLE_SITE_URL,
      draw: sampleDraw({
        rounds: [first, { ...first, winnerId: "OL-20001", winnerName: "Mateo G.", winnerCountry: "Chile" }],
      }),
      claimBy: Date.parse(SAMPLE_DRAW_AT) + 60 * DAY_MS,
    });
    expect(redrawn.subject).toBe("Resorteo 1 del 7/12/2026: ganó el ID OL-20001");
    expect(redrawn.text).toContain("Ganó el ID OL-20001, publicado como Mateo G. (Chile)");
    expect(redrawn.text).toContain("hasta el 5/2/2027, 12:00 (hora de Argentina)");
    expect(redrawn.text).toContain(
      "Hola, Mateo:\n\n¡Ganaste el sorteo mensual de Opinion Labz! Tu participación OL-20001 salió en el resorteo 1 del sorteo del lunes 7 de diciembre de 2026.",
    );
    // Both rounds are in the record.
    expect(redrawn.text).toContain("Salió: ID OL-10482, Lucía F. (Argentina)");
    expect(redrawn.text).toContain("Salió: ID OL-20001, Mateo G. (Chile)");
    // A round drawn before the winner's country was kept names none.
    const older = await renderDrawRecordMail({
      siteUrl: SAMPLE_SITE_URL,
      draw: sampleDraw({ rounds: [{ ...first, winnerCountry: null }] }),
      claimBy: SAMPLE_CLAIM_BY,
    });
    expect(older.text).toContain("Ganó el ID OL-10482, publicado como Lucía F., entre");
    expect(older.text).toMatch(/Salió: ID OL-10482, Lucía F\.\n/);
    expect(redrawn.text).not.toMatch(ENGLISH);
  });

  it("says first, and in the subject, that a rehearsal is not a draw, and asks nothing of the team", async () => {
    const first = sampleDraw().rounds[0]!;
    const rehearsal = await renderDrawRecordMail({
      siteUrl: SAMPLE_SITE_URL,
      draw: sampleDraw({
        rounds: [
          {
            ...first,
            rehearsal: true,
            beaconUrl: null,
            beaconSource: "ensayo con una clave de prueba, ronda 28.012.345: no es un valor de drand",
          },
        ],
      }),
      claimBy: SAMPLE_CLAIM_BY,
    });
    expect(rehearsal.subject).toMatch(/^Ensayo \(no es un sorteo real\)/);
    expect(rehearsal.text.split("\n\n")[1]).toMatch(/^ENSAYO: /);
    expect(preheaderOf(rehearsal)!.firstChild!.textContent).toMatch(/^ENSAYO: /);
    expect(rehearsal.text).not.toContain("Qué hacer ahora");
    expect(rehearsal.text).not.toContain("claimed");
  });

  it("says that a sample sheet's draw has no real entrants", async () => {
    const sample = await renderDrawRecordMail({
      siteUrl: SAMPLE_SITE_URL,
      draw: sampleDraw({ sample: true }),
      claimBy: SAMPLE_CLAIM_BY,
    });
    expect(sample.text.split("\n\n")[1]).toMatch(/^Planilla de ejemplo: /);
    expect(sample.text).not.toContain("Qué hacer ahora");
  });
});

describe("the winner's mail", () => {
  it("says what they won, until when, how to claim it, and carries the claim link in both parts", async () => {
    const mail = await sample("winnerTold");
    expect(mail.subject).toBe("Ganaste el sorteo de Opinion Labz de diciembre de 2026");
    expect(buttons(mail)).toEqual([{ text: "Reclamar mi premio", href: SAMPLE_CLAIM_URL }]);
    expect(mail.text).toContain(SAMPLE_CLAIM_URL);
    expect(mail.text).toContain("Hola, Lucía:");
    expect(mail.text).toContain("Tu participación OL-10482 salió en el sorteo del lunes 7 de diciembre de 2026.");
    expect(mail.text).toContain("El premio es una tarjeta de regalo Visa de US$200.");
    // 30 days from the draw instant, as the rules count them.
    expect(mail.text).toContain(
      "Tenés hasta el 6/1/2027, 12:00 (hora de Argentina) para reclamarlo: 30 días desde el momento del sorteo.",
    );
    expect(mail.text).toContain("tocá el botón");
    expect(mail.text).toContain("podemos pedirte que acredites tu identidad y tu edad (18 años o más)");
    expect(mail.text).toContain("Si no lo reclamás en ese plazo, hacemos un nuevo sorteo");
    expect(visibleLinks(mail)).toContainEqual({
      text: "Ver el sorteo en el sitio",
      href: `${SAMPLE_SITE_URL}/sorteos#sorteo-2026-12-07`,
    });
    // On no list: no way out to offer, no list headers.
    expect(mail.text).not.toContain("/avisos/baja");
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(ENGLISH);
  });

  it("reminds 7 days before the deadline with the same link, saying when they were told", async () => {
    const mail = await sample("winnerReminder");
    expect(mail.subject).toBe("Te quedan 7 días para reclamar tu premio de Opinion Labz");
    expect(mail.text.startsWith("Todavía no reclamaste tu premio\n\n")).toBe(true);
    expect(mail.text).toContain("Te escribimos el 8/12/2026 para avisarte que ganaste");
    expect(mail.text).toContain("Tenés hasta el 6/1/2027, 12:00 (hora de Argentina)");
    expect(buttons(mail)).toEqual([{ text: "Reclamar mi premio", href: SAMPLE_CLAIM_URL }]);
  });
});

describe("the team's notice of a claim", () => {
  it("says who claimed, when they were told and at what address, and whether the seals are in", async () => {
    const mail = await sample("claimNotice");
    expect(mail.subject).toBe("Sorteo de 2026-12: el ganador reclamó el premio (ID OL-10482)");
    expect(mail.text).toContain("El ID OL-10482 (sorteo) tocó «Reclamar mi premio» el 10/12/2026, 18:20");
    expect(mail.text).toContain("Le avisamos el 8/12/2026, 10:05 (hora de Argentina), a lucia@example.com.");
    expect(mail.text).toContain("Dos autoridades independientes sellaron el reclamo el 10/12/2026, 18:20");
    expect(mail.text).toContain("respondé este email, que va a su dirección");
    const pending = await renderClaimNoticeMail({
      siteUrl: SAMPLE_SITE_URL,
      month: "2026-12",
      winnerId: "OL-10482",
      roundName: "resorteo 1",
      claimedAt: "10/1/2027, 18:20",
      toldAt: "8/1/2027, 10:05",
      email: "lucia@example.com",
      seals: { askedUntil: "5/2/2027, 12:30" },
      recordUrl: `${SAMPLE_SITE_URL}/sorteos#sorteo-2026-12-07`,
    });
    expect(pending.text).toContain("El ID OL-10482 (resorteo 1)");
    expect(pending.text).toContain(
      "Todavía faltan los sellos de dos autoridades: el servidor los sigue pidiendo hasta el 5/2/2027, 12:30",
    );
    expect(`${pending.subject}\n${pending.text}`).not.toMatch(ENGLISH);
  });
});
