/**
 * Makes the share image and home-screen icons from HTML drawn by the system Chromium:
 *   npm run images
 * Run it after changing the logo, the brand colours or the share text; commit the PNGs.
 */
import path from "node:path";
import { LOGO_MARK } from "../../app/components/logo";
import { SHARE_IMAGE } from "../../app/content/site";
import { ROOT } from "./app-server";
import { launchBrowser } from "./browser";

const BRAND = { 50: "#eef2ff", 200: "#c7d2fe", 600: "#4f46e5", 700: "#4338ca", 900: "#312e81", 950: "#1e1b4b" };
const AMBER = "#fcd34d";
const FONT = `ui-sans-serif, system-ui, sans-serif`;

function mark(size: number, { bubble, bars }: { bubble: string; bars: string }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${LOGO_MARK.viewBox}" width="${size}" height="${size}">
    <path d="${LOGO_MARK.bubble}" fill="${bubble}"/>
    <path d="${LOGO_MARK.bars}" stroke="${bars}" stroke-width="${LOGO_MARK.barWidth}" stroke-linecap="round" fill="none"/>
  </svg>`;
}

function documentFor(body: string, background = "transparent"): string {
  return `<!doctype html><html lang="es-AR"><head><meta charset="utf-8"><style>
    * { box-sizing: border-box; margin: 0; }
    html, body { background: ${background}; font-family: ${FONT}; -webkit-font-smoothing: antialiased; }
  </style></head><body>${body}</body></html>`;
}

/**
 * An icon: the white mark on the brand colour. `inset` is the share of the side the mark
 * leaves free on each side; `radius` rounds the tile (0: full bleed, the platform shapes it).
 */
function iconHtml(size: number, { radius, inset }: { radius: number; inset: number }): string {
  const markSize = Math.round(size * (1 - 2 * inset));
  return documentFor(`<div style="width:${size}px;height:${size}px;border-radius:${radius * size}px;
      background:linear-gradient(135deg, ${BRAND[600]}, ${BRAND[900]});display:flex;align-items:center;justify-content:center">
      <div style="margin-top:${Math.round(size * 0.04)}px">${mark(markSize, { bubble: "#ffffff", bars: BRAND[600] })}</div>
    </div>`);
}

const chip = (text: string) =>
  `<span style="padding:10px 20px;border-radius:999px;background:rgba(255,255,255,.12);border:1px solid rgba(255,255,255,.2);font-size:24px;font-weight:600">${text}</span>`;

function shareImageHtml(): string {
  return documentFor(
    `<div style="position:relative;overflow:hidden;width:${SHARE_IMAGE.width}px;height:${SHARE_IMAGE.height}px;color:#fff;
        background:linear-gradient(135deg, ${BRAND[950]} 0%, ${BRAND[900]} 55%, ${BRAND[700]} 100%);padding:64px 72px;display:flex;flex-direction:column">
      <div style="position:absolute;right:-120px;top:-160px;width:560px;height:560px;border-radius:50%;background:rgba(165,180,252,.18);filter:blur(30px)"></div>
      <div style="display:flex;align-items:center;gap:16px">
        ${mark(64, { bubble: "#ffffff", bars: BRAND[600] })}
        <span style="font-size:40px;font-weight:800;letter-spacing:-0.02em">Opinion <span style="color:${BRAND[200]}">Labz</span></span>
      </div>
      <div style="display:flex;align-items:center;gap:48px;flex:1">
        <div style="flex:1">
          <h1 style="font-size:68px;line-height:1.05;font-weight:800;letter-spacing:-0.03em">Tu opinión vale.<br><span style="color:${AMBER}">Cada mes, puede valer US$200.</span></h1>
          <p style="margin-top:24px;font-size:29px;line-height:1.35;color:${BRAND[50]};max-width:640px">Respondé encuestas breves y confidenciales y participá del sorteo mensual de una tarjeta Visa.</p>
        </div>
        <div style="width:330px;flex:none;border-radius:28px;padding:28px;background:rgba(255,255,255,.1);border:1px solid rgba(255,255,255,.2);box-shadow:0 30px 60px rgba(0,0,0,.3);transform:rotate(3deg)">
          <p style="font-size:20px;font-weight:700;text-transform:uppercase;letter-spacing:.08em;color:${BRAND[200]}">Premio del mes</p>
          <div style="margin-top:16px;height:150px;border-radius:18px;padding:20px;display:flex;flex-direction:column;justify-content:space-between;
              background:linear-gradient(135deg, #fbbf24, #f59e0b);color:${BRAND[950]}">
            <span style="font-size:22px;font-weight:800;font-style:italic">VISA</span>
            <span style="font-size:48px;font-weight:800;letter-spacing:-0.02em">US$200</span>
          </div>
          <p style="margin-top:16px;font-size:20px;color:${BRAND[50]}">Primer lunes de cada mes</p>
        </div>
      </div>
      <div style="display:flex;gap:14px">${["Gratis", "100% confidencial", "Sorteo verificable"].map(chip).join("")}</div>
    </div>`,
    BRAND[950],
  );
}

interface ImageJob {
  file: string;
  size: { width: number; height: number };
  html: string;
  transparent: boolean;
}

const square = (side: number) => ({ width: side, height: side });

const JOBS: ImageJob[] = [
  {
    file: SHARE_IMAGE.path,
    size: { width: SHARE_IMAGE.width, height: SHARE_IMAGE.height },
    html: shareImageHtml(),
    transparent: false,
  },
  { file: "/icon-192.png", size: square(192), html: iconHtml(192, { radius: 0.22, inset: 0.16 }), transparent: true },
  { file: "/icon-512.png", size: square(512), html: iconHtml(512, { radius: 0.22, inset: 0.16 }), transparent: true },
  // Maskable: platforms may crop to a circle of 80% of the side, so the mark stays well inside it.
  {
    file: "/icon-maskable-512.png",
    size: square(512),
    html: iconHtml(512, { radius: 0, inset: 0.27 }),
    transparent: false,
  },
  // iOS rounds the corners itself and shows transparency as black: a full, opaque square.
  {
    file: "/apple-touch-icon.png",
    size: square(180),
    html: iconHtml(180, { radius: 0, inset: 0.18 }),
    transparent: false,
  },
];

const browser = await launchBrowser();
try {
  for (const job of JOBS) {
    const page = await browser.newPage({ viewport: job.size, deviceScaleFactor: 1 });
    await page.setContent(job.html);
    const out = path.join(ROOT, "public", job.file);
    await page.screenshot({ path: out, omitBackground: job.transparent, clip: { x: 0, y: 0, ...job.size } });
    await page.close();
    console.log(`${path.relative(ROOT, out)} ${job.size.width}×${job.size.height}`);
  }
} finally {
  await browser.close();
}
