import { randomBytes } from "node:crypto";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
  "browsing-topics=()",
].join(", ");

function contentSecurityPolicy(nonce: string | null, isDevelopment: boolean): string {
  const selfAndNonce = ["'self'", nonce ? `'nonce-${nonce}'` : null].filter(Boolean).join(" ");
  // The development server's live reload talks over a websocket on another port.
  const connectSrc = isDevelopment ? "'self' ws://localhost:* ws://127.0.0.1:*" : "'self'";
  return [
    "default-src 'self'",
    `script-src ${selfAndNonce}`,
    // The stylesheet is inline (docs/decisions.md, "Inline stylesheet").
    `style-src ${selfAndNonce}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connectSrc}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function arrivedOverHttps(request: Request): boolean {
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return forwarded ? forwarded === "https" : new URL(request.url).protocol === "https:";
}

/** Sets the headers every document and data response carries; `nonce` is null where no HTML is sent. */
export function applySecurityHeaders(headers: Headers, request: Request, nonce: string | null): void {
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, process.env.NODE_ENV === "development"));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", PERMISSIONS_POLICY);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("X-Frame-Options", "DENY");
  if (arrivedOverHttps(request)) {
    headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
}
