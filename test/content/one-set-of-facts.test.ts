/**
 * One set of facts (docs/decisions/067-one-set-of-facts.md): the FAQ, the rules, the privacy
 * policy and the notice to the winner read what is published, what is kept and by whom, and the
 * 30 days to claim from the same content module, DRAW_FACTS, and say them alike.
 */
import { describe, expect, it } from "vitest";
import { DRAW_FACTS } from "~/content/draw-facts";
import { DRAW_RULES } from "~/content/draw-rules";
import { FAQ_ITEMS } from "~/content/faq";
import { WINNER_NOTICE } from "~/content/mails";
import { PRIVACY_POLICY } from "~/content/privacy-policy";
import type { LegalDocument, RichText } from "~/content/rich-text";

const words = (text: RichText) =>
  text.map((part) => (typeof part === "string" ? part : "text" in part ? part.text : "…")).join("");

function documentText(document: LegalDocument): string {
  const blocks = document.sections.flatMap((section) => section.blocks);
  return blocks
    .flatMap((block) => ("list" in block ? block.list : "paragraph" in block ? [block.paragraph] : [block.notice]))
    .map(words)
    .join("\n");
}

const faq = FAQ_ITEMS.map((item) => `${item.question} ${words(item.answer)}`).join("\n");
const rules = documentText(DRAW_RULES);
const privacy = documentText(PRIVACY_POLICY);
const notice = WINNER_NOTICE.body({
  firstName: "Valentina",
  winnerId: "OL-24001",
  drawnIn: "el sorteo del lunes 7 de diciembre de 2026",
  deadline: "6/1/2027, 12:00",
  resultsAt: "opinionlabz.example/sorteos",
});

describe("one set of facts", () => {
  it("states what is published the same way in the FAQ, the rules and the privacy policy", () => {
    // Name and initial, country, id and date: every field a list shows.
    expect(DRAW_FACTS.published).toBe(
      "el nombre y la inicial del apellido, el país, el número de participación (ID) y la fecha de la participación",
    );
    for (const [where, text] of [
      ["FAQ", faq],
      ["rules", rules],
      ["privacy", privacy],
    ]) {
      expect(text, where).toContain(DRAW_FACTS.published);
      expect(text, where).toContain(DRAW_FACTS.neverPublished);
    }
  });

  it("says what is kept of the winner's address, and by whom, in the FAQ, the rules and the privacy policy", () => {
    expect(DRAW_FACTS.surveyAddressKept).toContain("formulario de la encuesta (en Google)");
    for (const text of [faq, rules, privacy]) expect(text).toContain(DRAW_FACTS.surveyAddress);
    for (const text of [rules, privacy]) expect(text).toContain(DRAW_FACTS.surveyAddressKept);
    // The policy names who holds it among those who process data for us.
    expect(privacy).toMatch(
      /Google, donde se guardan la lista de participantes del sorteo y las respuestas de la encuesta/,
    );
  });

  it("counts the 30 days to claim from one instant, the draw's, in the FAQ, the rules and the notice", () => {
    expect(DRAW_FACTS.claimWindow).toBe("30 días desde el momento del sorteo");
    for (const [where, text] of [
      ["FAQ", faq],
      ["rules", rules],
      ["notice", notice],
    ]) {
      expect(text, where).toContain(DRAW_FACTS.claimWindow);
      expect(text, where).not.toMatch(/desde el aviso|desde que te avisamos/);
    }
    for (const text of [faq, rules]) expect(text).toContain(DRAW_FACTS.claimFrom);
    expect(DRAW_FACTS.claimFrom).toContain("el lunes del sorteo a las 12:00, hora de Argentina");
    // The notice states the deadline the commands count (the draw instant plus 30 days).
    expect(notice).toContain("hasta el 6/1/2027, 12:00 (hora de Argentina)");
  });
});
