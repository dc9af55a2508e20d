import { Form } from "@remix-run/react";
import { useId } from "react";
import { BotGuardFields } from "../bot-guard-fields";
import { CONTACT_FIELD, CONTACT_LIMITS, EMAIL_MAX_LENGTH, FIELD } from "~/lib/forms/fields";
import { useFormAnswer } from "~/lib/hooks/use-form-answer";

const INPUT =
  "w-full rounded-2xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

/**
 * /contacto's form: name, email, message. Remix's `<Form>`, a plain POST to /contacto without
 * JavaScript; with it, the answer appears in place. Same bot rules as
 * the waitlist (app/lib/forms/submission-guard.server.ts).
 */
export function ContactForm() {
  const ids = { name: useId(), email: useId(), message: useId(), status: useId() };
  const { answer, problem, kept, sending, form } = useFormAnswer("/contacto");

  const field = (name: string) => ({
    name,
    defaultValue: kept[name],
    "aria-invalid": problem === name || undefined,
    "aria-describedby": ids.status,
  });

  return (
    <Form
      ref={form}
      method="post"
      action="/contacto"
      noValidate
      preventScrollReset
      replace
      className="space-y-4"
      data-testid="contact-form"
    >
      <div>
        <label htmlFor={ids.name} className="block text-sm font-semibold text-slate-800">
          Tu nombre
        </label>
        <input
          id={ids.name}
          type="text"
          autoComplete="name"
          maxLength={CONTACT_LIMITS.name}
          className={`mt-2 h-12 ${INPUT}`}
          {...field(CONTACT_FIELD.name)}
        />
      </div>
      <div>
        <label htmlFor={ids.email} className="block text-sm font-semibold text-slate-800">
          Tu email
        </label>
        <input
          id={ids.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={EMAIL_MAX_LENGTH}
          placeholder="nombre@ejemplo.com"
          className={`mt-2 h-12 ${INPUT}`}
          {...field(FIELD.email)}
        />
      </div>
      <div>
        <label htmlFor={ids.message} className="block text-sm font-semibold text-slate-800">
          Tu mensaje
        </label>
        <textarea
          id={ids.message}
          rows={6}
          maxLength={CONTACT_LIMITS.message}
          className={`mt-2 ${INPUT}`}
          {...field(CONTACT_FIELD.message)}
        />
      </div>
      <BotGuardFields />
      <button type="submit" className="btn-primary h-12 px-6" disabled={sending}>
        Enviar mensaje
      </button>
      <p
        id={ids.status}
        role="status"
        className={`min-h-[3rem] text-sm leading-relaxed ${answer && !answer.ok ? "font-semibold text-red-700" : "text-slate-700"}`}
        data-testid="contact-status"
      >
        {answer?.message}
      </p>
    </Form>
  );
}
