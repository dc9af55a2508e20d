/**
 * The names the forms post and the server reads, and what each answer says. Shared by the
 * components (which render them) and app/lib/forms (which checks them).
 */
import { TOKEN_PARAMETER } from "~/content/pages/mail-link-paths";

export const FIELD = {
  email: "email",
  consent: "consentimiento",
  /** "Avisarme de cada sorteo": the draw notices (docs/draw.md, "Witnesses the operator cannot recall"). */
  drawNotices: "avisos_sorteo",
  /** Hidden from people; a bot that fills every field fills this one (docs/operations.md, "Sign-ups and limits"). */
  honeypot: "sitio_web",
  /** The instant the page was rendered (epoch ms): a form sent sooner than a person can is a bot's. */
  startedAt: "inicio",
} as const;

/** A challenge a form under pressure asks the browser to solve (altcha-lib's Challenge, as JSON). */
export interface ProofRequest {
  challenge: unknown;
}

/** What a form submission gets back: the outcome, a message to show, the field at fault and what was typed, to keep. */
export type FormAnswer =
  | { ok: true; message: string }
  | { ok: false; field: string; message: string; values: Record<string, string>; proof?: ProofRequest };

/** The contact form's own fields and their caps (its email field is FIELD.email). */
export const CONTACT_FIELD = { name: "nombre", message: "mensaje" } as const;
export const CONTACT_LIMITS = { name: 100, message: 5000 } as const;

/** The longest address SMTP carries (RFC 5321: a 254-character path). */
export const EMAIL_MAX_LENGTH = 254;

/** The address a mail links to: the page's path and the address's token. */
export function mailLinkPath(pathname: string, token: string): string {
  return `${pathname}?${new URLSearchParams({ [TOKEN_PARAMETER]: token })}`;
}
