import type { ReactNode } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { TOKEN_PARAMETER } from "~/content/pages/mail-link-paths";

/** What a mail link's button answers: a heading and a sentence for the page, and where to go next if not home. */
export interface MailLinkOutcome {
  title?: string;
  message: string;
  next?: { label: string; href: string };
}

interface MailLinkPageProps {
  /** The page's own path: its button posts back to it, the link's token in a hidden field. */
  path: string;
  title: string;
  /** What the button will do, before it is pressed. */
  explanation: string;
  buttonLabel: string;
  /** Fields the button posts besides the token (the confirmation's "Avisarme de cada sorteo"). */
  fields?: ReactNode;
}

/**
 * The page a link in a mail opens. Opening it changes nothing (mail scanners open every
 * link); its one button, a POST (Remix's `<Form>`, plain without JavaScript) answered with the
 * outcome, does. Its route's loader gives the token the link carried (`mailLinkPageData`), its action
 * `{ message }`; its `clientAction` a failed answer (`ok: false`), which keeps the button.
 */
export function MailLinkPage({ path, title, explanation, buttonLabel, fields = null }: MailLinkPageProps) {
  const { token } = useLoaderData<{ token: string | null }>();
  const answer = useActionData<MailLinkOutcome & { ok?: boolean }>();
  const sending = useNavigation().state === "submitting";
  const outcome = answer?.ok === false ? null : answer?.message;
  return (
    <div className="bg-gradient-to-b from-brand-50 via-white to-white pt-16">
      <section aria-labelledby="aviso-titulo" className="container-page mx-auto max-w-xl py-16">
        <h1 id="aviso-titulo" className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          {(answer?.ok !== false && answer?.title) || title}
        </h1>
        {outcome ? (
          <p role="status" className="mt-4 text-lg leading-relaxed text-slate-700" data-testid="mail-link-outcome">
            {outcome}
          </p>
        ) : token ? (
          <Form method="post" action={path} className="mt-6">
            <input type="hidden" name={TOKEN_PARAMETER} value={token} />
            <p className="text-lg leading-relaxed text-slate-600">{explanation}</p>
            {fields}
            <button type="submit" className="btn-primary mt-6 h-12 px-6" disabled={sending}>
              {buttonLabel}
            </button>
            {answer?.ok === false ? (
              <p role="status" className="mt-4 font-semibold text-red-700" data-testid="mail-link-failure">
                {answer.message}
              </p>
            ) : null}
          </Form>
        ) : (
          <p className="mt-4 text-lg leading-relaxed text-slate-600">
            Este enlace está incompleto. Abrilo directamente desde el email que te mandamos.
          </p>
        )}
        {answer?.next ? (
          <Link to={answer.next.href} className="btn-primary mt-8 h-12 px-6" data-testid="mail-link-next">
            {answer.next.label}
          </Link>
        ) : null}
        <Link to="/" className="mt-8 block w-fit font-semibold text-brand-700 underline underline-offset-4">
          Volver al inicio
        </Link>
      </section>
    </div>
  );
}
