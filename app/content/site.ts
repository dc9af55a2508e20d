/**
 * What every page shares in search results and link previews. Each page's own summary is a
 * module of its own under pages/, so a page's script carries its words and no other page's.
 */

/** What a public page says about itself in search results and link previews. */
export interface PageSummary {
  /** The page's path on the site, as its canonical URL ends. */
  path: string;
  title: string;
  description: string;
}

export const SITE_NAME = "Opinion Labz";

/** The one share image (public/, made by `npm run images`) and what it shows. */
export const SHARE_IMAGE = {
  path: "/og-image.png",
  width: 1200,
  height: 630,
  alt: "Opinion Labz: respondé encuestas confidenciales y participá del sorteo mensual de una tarjeta Visa de US$200.",
} as const;

/** The square logo that search engines show for the organisation. */
export const LOGO_PATH = "/icon-512.png";
