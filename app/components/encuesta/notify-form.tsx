import { Form, Link } from "@remix-run/react";
import { useId } from "react";
import { WAITLIST_FORM } from "~/content/waitlist";
import { BotGuardFields } from "../bot-guard-fields";
import { DrawNoticesOptIn } from "../draw-notices-opt-in";
import { EMAIL_MAX_LENGTH, FIELD } from "~/lib/forms/fields";
import { useFormAnswer } from "~/lib/hooks/use-form-answer";

/**
 * "Avisarme cuando esté listo" (or, while a survey is open, "de la próxima"): Remix's `<Form>`, a plain POST to /encuesta before and without
 * JavaScript (the page comes back with the answer); with JavaScript Remix posts it and the
 * answer appears in place. The server checks everything (app/lib/forms): the browser's
 * own validation is off, so every message is the same Spanish one either way.
 */
export function NotifyForm({ surveyOpen }: { surveyOpen: boolean }) {
  const copy = surveyOpen ? WAITLIST_FORM.surveyOpen : WAITLIST_FORM.comingSoon;
  const emailId = useId();
  const consentId = useId();
  const drawNoticesId = useId();
  const statusId = useId();
  const { answer, problem, kept, sending, form } = useFormAnswer("/encuesta");

  return (
    <Form
      ref={form}
      method="post"
      action="/encuesta"
      noValidate
      preventScrollReset
      replace
      className="mt-8"
      data-testid="notify-form"
    >
      <label htmlFor={emailId} className="block text-sm font-semibold text-slate-800">
        Tu email
      </label>
      <div className="mt-2">
        <input
          id={emailId}
          name={FIELD.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={EMAIL_MAX_LENGTH}
          defaultValue={kept[FIELD.email]}
          aria-invalid={problem === FIELD.email || undefined}
          aria-describedby={statusId}
          placeholder="nombre@ejemplo.com"
          className="h-12 w-full min-w-0 rounded-full border border-slate-300 bg-white px-5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        />
      </div>
      <div className="mt-3 flex items-start gap-3">
        <input
          id={consentId}
          name={FIELD.consent}
          type="checkbox"
          value="si"
          aria-invalid={problem === FIELD.consent || undefined}
          aria-describedby={statusId}
          className="mt-1 h-4 w-4 shrink-0 rounded border-slate-400 text-brand-600 focus:ring-brand-600"
        />
        <label htmlFor={consentId} className="text-sm leading-relaxed text-slate-700">
          {copy.consent} Podés darte de baja cuando quieras (
          <Link to="/privacidad" className="font-semibold text-brand-700 underline underline-offset-2">
            política de privacidad
          </Link>
          ).
        </label>
      </div>
      <DrawNoticesOptIn id={drawNoticesId} />
      <button type="submit" className="btn-primary mt-4 h-12 w-full px-6 sm:w-auto" disabled={sending}>
        {copy.button}
      </button>
      <BotGuardFields />
      {/* Space kept for the message so the page does not move when it appears. */}
      <p
        id={statusId}
        role="status"
        className={`mt-3 min-h-[4.5rem] text-sm leading-relaxed sm:min-h-[3rem] ${answer && !answer.ok ? "font-semibold text-red-700" : "text-slate-700"}`}
        data-testid="notify-status"
      >
        {answer?.message}
      </p>
    </Form>
  );
}
