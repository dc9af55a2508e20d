import { useNonce } from "~/lib/document/nonce";
import { useSiteUrl } from "~/lib/sharing/site-url";
import { organizationData, scriptSafeJson } from "~/lib/sharing/structured-data";

/** Structured data for search engines; the nonce keeps it allowed by the page's CSP. */
export function JsonLd({ data }: { data: unknown }) {
  return (
    <script
      type="application/ld+json"
      nonce={useNonce()}
      // The browser hides the nonce once the CSP has read it; the rest is the same text.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: scriptSafeJson(data) }}
    />
  );
}

export function OrganizationJsonLd() {
  return <JsonLd data={organizationData(useSiteUrl())} />;
}
