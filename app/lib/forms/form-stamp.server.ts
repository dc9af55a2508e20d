import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A form's start stamp (docs/operations.md, "Sign-ups and limits"): the instant its page was
 * rendered, signed by the server, so a submission can say how long the form was open and
 * cannot leave the field out, forge it or date it back. `<instant>.<HMAC-SHA256, base64url>`.
 */
export function signFormStart(secret: string, instant: number): string {
  return `${instant}.${signature(secret, instant)}`;
}

/** The instant a stamp was signed for, or null when it is missing, malformed or not ours. */
export function signedFormStart(secret: string, stamp: string | null): number | null {
  const match = /^(\d{1,15})\.([\w-]{43})$/.exec(stamp ?? "");
  if (!match) return null;
  const instant = Number(match[1]);
  const expected = Buffer.from(signature(secret, instant));
  const given = Buffer.from(match[2]!);
  return timingSafeEqual(expected, given) ? instant : null;
}

function signature(secret: string, instant: number): string {
  return createHmac("sha256", secret).update(`form-start:${instant}`).digest("base64url");
}
