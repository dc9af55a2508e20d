import { describe, expect, it } from "vitest";
import { faqPageData, organizationData, scriptSafeJson } from "~/lib/sharing/structured-data";

describe("scriptSafeJson", () => {
  it("leaves no < that could close the script element, and parses back to the same data", () => {
    const data = { name: "</script><script>alert(1)</script>", answer: "a <b> c" };
    const json = scriptSafeJson(data);
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual(data);
  });
});

describe("faqPageData", () => {
  it("makes one Question with its accepted Answer per item, in order", () => {
    expect(
      faqPageData([
        { question: "¿Uno?", answer: ["Sí."] },
        {
          question: "¿Dos?",
          answer: ["No, escribinos desde la ", { text: "página de contacto", href: "/contacto" }, "."],
        },
      ]).mainEntity,
    ).toEqual([
      { "@type": "Question", name: "¿Uno?", acceptedAnswer: { "@type": "Answer", text: "Sí." } },
      {
        "@type": "Question",
        name: "¿Dos?",
        acceptedAnswer: { "@type": "Answer", text: "No, escribinos desde la página de contacto." },
      },
    ]);
  });

  it("is a schema.org FAQPage", () => {
    expect(faqPageData([])).toEqual({ "@context": "https://schema.org", "@type": "FAQPage", mainEntity: [] });
  });
});

describe("organizationData", () => {
  it("names the organisation, its home page and its logo by absolute URL", () => {
    expect(organizationData("https://opinionlabz.example")).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Opinion Labz",
      url: "https://opinionlabz.example/",
      logo: "https://opinionlabz.example/icon-512.png",
    });
  });
});
