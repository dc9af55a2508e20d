import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CSSProperties, ReactNode } from "react";
import { buttonDestination, MAIL_SIGNATURE } from "~/content/mails";
import { MAIL_LOGO_PATH } from "~/content/mail-images";

/**
 * The look every mail shares (docs/decisions/069-mails-built-with-react-email.md): the logo, a
 * card with the message, one button, a foot in small print. Light by default, with a dark
 * palette for clients that follow the reader's setting; every colour pair is at least WCAG AA
 * in both. Styles are inline (what every mail client keeps); the `<style>` block only adds the
 * dark palette and the narrow-screen padding, so a client that drops it still shows the light,
 * readable mail.
 *
 * One piece: the palettes, the stylesheet and every block a template uses are one design; each
 * block restates its colours inline, so they are read together when one changes.
 */

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const MONOSPACE = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace";

const LIGHT = {
  page: "#f1f5f9",
  card: "#ffffff",
  border: "#e2e8f0",
  heading: "#0f172a",
  text: "#334155",
  muted: "#475569",
  link: "#4338ca",
  brand: "#4f46e5",
  notice: "#fef3c7",
  noticeText: "#78350f",
};

const DARK = {
  page: "#0f172a",
  card: "#1e293b",
  border: "#334155",
  heading: "#f8fafc",
  text: "#e2e8f0",
  muted: "#cbd5e1",
  link: "#c7d2fe",
  brand: "#c7d2fe",
  notice: "#451a03",
  noticeText: "#fde68a",
};

/** The button keeps its colours in both palettes: white on the brand's indigo, 6.3:1. */
const BUTTON = { background: "#4f46e5", text: "#ffffff" };

const STYLESHEET = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .mail-page { background-color: ${DARK.page} !important; }
  .mail-card { background-color: ${DARK.card} !important; border-color: ${DARK.border} !important; }
  .mail-heading, .mail-wordmark { color: ${DARK.heading} !important; }
  .mail-text { color: ${DARK.text} !important; }
  .mail-muted { color: ${DARK.muted} !important; }
  .mail-link, .mail-brand { color: ${DARK.link} !important; }
  .mail-notice { background-color: ${DARK.notice} !important; color: ${DARK.noticeText} !important; }
  .mail-code { background-color: ${DARK.page} !important; color: ${DARK.text} !important; }
  .mail-quote { border-color: ${DARK.border} !important; }
}
@media (max-width: 480px) {
  .mail-card-cell { padding: 24px 18px !important; }
}`;

const text: CSSProperties = { color: LIGHT.text, fontSize: "16px", lineHeight: "24px", margin: "0 0 16px" };
const small: CSSProperties = { color: LIGHT.muted, fontSize: "13px", lineHeight: "20px", margin: "0 0 8px" };

/** A paragraph of the card. */
export function MailText({ children }: { children: ReactNode }) {
  return (
    <Text className="mail-text" style={text}>
      {children}
    </Text>
  );
}

/** A paragraph in small print: the foot, a note under the button. */
export function MailSmallPrint({ children }: { children: ReactNode }) {
  return (
    <Text className="mail-muted" style={small}>
      {children}
    </Text>
  );
}

/** A link inside a sentence: its words say where it goes, never the raw address. */
export function MailLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link className="mail-link" href={href} style={{ color: LIGHT.link, textDecoration: "underline" }}>
      {children}
    </Link>
  );
}

export function MailHeading({ children, level = 1 }: { children: ReactNode; level?: 1 | 2 }) {
  return (
    <Heading
      as={level === 1 ? "h1" : "h2"}
      className="mail-heading"
      style={{
        color: LIGHT.heading,
        fontSize: level === 1 ? "24px" : "18px",
        lineHeight: level === 1 ? "32px" : "26px",
        fontWeight: 700,
        margin: level === 1 ? "0 0 16px" : "24px 0 12px",
      }}
    >
      {children}
    </Heading>
  );
}

/** A value a person may copy: a hash, an id, a command. It wraps anywhere, so a 64-digit hash fits 320 px. */
export function MailCode({ children }: { children: ReactNode }) {
  return (
    <code
      className="mail-code"
      style={{
        fontFamily: MONOSPACE,
        fontSize: "14px",
        backgroundColor: LIGHT.page,
        color: LIGHT.heading,
        padding: "1px 4px",
        borderRadius: "4px",
        // A hash has no space to wrap at and must fit 320 px; a command wraps at its spaces first.
        overflowWrap: "anywhere",
        wordBreak: "break-word",
      }}
    >
      {children}
    </code>
  );
}

/** A line set apart in amber: what the reader must not miss (a rehearsal, sample data). */
export function MailNotice({ children }: { children: ReactNode }) {
  return (
    <Text
      className="mail-notice"
      style={{
        ...text,
        backgroundColor: LIGHT.notice,
        color: LIGHT.noticeText,
        fontWeight: 600,
        padding: "12px 16px",
        borderRadius: "8px",
      }}
    >
      {children}
    </Text>
  );
}

/**
 * Text kept as it was written, line breaks and all: a visitor's message. A `<pre>` in the body's
 * font, so the plain-text part keeps its lines too.
 */
export function MailQuote({ children }: { children: string }) {
  return (
    <pre
      className="mail-text mail-quote"
      style={{
        ...text,
        fontFamily: FONT,
        whiteSpace: "pre-wrap",
        overflowWrap: "anywhere",
        borderLeft: `4px solid ${LIGHT.border}`,
        padding: "4px 0 4px 16px",
      }}
    >
      {children}
    </pre>
  );
}

/**
 * The mail's one button, and under it, in small print, the site it opens: a reader can see
 * where it leads without trusting it. A `mailto:` button says so in its own words, and is left
 * out of the plain-text part, where it would be words without a link (the address is in the
 * mail beside it).
 */
export function MailButton({ href, children }: { href: string; children: string }) {
  const url = new URL(href);
  const mailto = url.protocol === "mailto:";
  return (
    <Section style={{ margin: "24px 0" }} {...(mailto ? { "data-skip-in-text": "true" } : {})}>
      <Button
        href={href}
        style={{
          backgroundColor: BUTTON.background,
          color: BUTTON.text,
          borderRadius: "8px",
          fontSize: "16px",
          fontWeight: 600,
          padding: "14px 24px",
          textAlign: "center",
          // A word longer than the screen (a name typed without spaces) wraps inside the button.
          overflowWrap: "anywhere",
        }}
      >
        {children}
      </Button>
      {mailto ? null : (
        <Text className="mail-muted" style={{ ...small, margin: "8px 0 0" }}>
          {buttonDestination(url.host)}
        </Text>
      )}
    </Section>
  );
}

/**
 * A whole mail: the preheader (what an inbox shows after the subject), the logo linking to the
 * site, the card, and the foot. The logo is the site's own icon, loaded from `siteUrl`; where a
 * client blocks images the wordmark beside it is text and still says who writes.
 */
export function MailLayout({
  siteUrl,
  subject,
  preheader,
  children,
  footer,
}: {
  siteUrl: string;
  subject: string;
  preheader: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const site = new URL(siteUrl);
  return (
    <Html lang="es" dir="ltr">
      <Head>
        <title>{subject}</title>
        {/* A phone's browser or mail app lays the mail out at its own width, not at a desktop's 980 px. */}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{STYLESHEET}</style>
      </Head>
      {/* The page's colour on the body and again on a table around everything: some clients drop the body's style. */}
      <body className="mail-page" style={{ backgroundColor: LIGHT.page, margin: 0, padding: 0 }}>
        <Preview>{preheader}</Preview>
        {/* A screen reader in a webmail announces the mail as one article, in Spanish, named by its subject. */}
        <div role="article" aria-roledescription="email" aria-label={subject} lang="es" dir="ltr">
          <table
            className="mail-page"
            role="presentation"
            width="100%"
            cellPadding={0}
            cellSpacing={0}
            style={{ backgroundColor: LIGHT.page }}
          >
            <tbody>
              <tr>
                <td style={{ padding: "24px 8px", fontFamily: FONT }}>
                  <Container style={{ maxWidth: "560px" }}>
                    <Section data-skip-in-text="true" style={{ padding: "0 4px 16px" }}>
                      <Link href={site.href} style={{ textDecoration: "none" }}>
                        <Img
                          src={new URL(MAIL_LOGO_PATH, site).href}
                          width="40"
                          height="40"
                          alt=""
                          style={{ display: "inline-block", verticalAlign: "middle", borderRadius: "9px" }}
                        />
                        <span
                          className="mail-wordmark"
                          style={{
                            color: LIGHT.heading,
                            fontSize: "20px",
                            fontWeight: 700,
                            letterSpacing: "-0.01em",
                            verticalAlign: "middle",
                            marginLeft: "10px",
                          }}
                        >
                          Opinion{" "}
                          <span className="mail-brand" style={{ color: LIGHT.brand }}>
                            Labz
                          </span>
                        </span>
                      </Link>
                    </Section>
                    <table
                      className="mail-card"
                      role="presentation"
                      width="100%"
                      cellPadding={0}
                      cellSpacing={0}
                      style={{ backgroundColor: LIGHT.card, border: `1px solid ${LIGHT.border}`, borderRadius: "12px" }}
                    >
                      <tbody>
                        <tr>
                          <td className="mail-card-cell" style={{ padding: "32px 32px 16px" }}>
                            {children}
                          </td>
                        </tr>
                      </tbody>
                    </table>
                    <Section style={{ padding: "20px 4px 0" }}>
                      {footer}
                      <MailSmallPrint>
                        {MAIL_SIGNATURE} ·{" "}
                        <Link
                          className="mail-link mail-site"
                          href={site.href}
                          style={{ color: LIGHT.link, textDecoration: "underline" }}
                        >
                          {site.host}
                        </Link>
                      </MailSmallPrint>
                    </Section>
                  </Container>
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      </body>
    </Html>
  );
}
