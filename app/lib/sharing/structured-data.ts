import type { FaqItem } from "~/content/faq";
import { LOGO_PATH, SITE_NAME } from "~/content/site";
import { plainText } from "~/content/rich-text";

/** schema.org Organization: who runs the site, for search engines' knowledge panels. */
export function organizationData(siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SITE_NAME,
    url: `${siteUrl}/`,
    logo: `${siteUrl}${LOGO_PATH}`,
  };
}

/** schema.org FAQPage built from the same items the accordion shows, so the two never differ. */
export function faqPageData(items: FaqItem[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: plainText(item.answer) },
    })),
  };
}

/**
 * JSON for an inline `<script>`: `<` is escaped so no text in the data (a `</script>`)
 * can end the element early. JSON parsers read `\u003c` back as `<`.
 */
export function scriptSafeJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
