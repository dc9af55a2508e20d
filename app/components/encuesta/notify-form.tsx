import { useId, useRef, useState, type FormEvent } from "react";

type Outcome = "idle" | "thanks" | "missing-email";

const MESSAGES: Record<Outcome, string> = {
  idle: "",
  thanks:
    "¡Gracias por tu interés! Las encuestas todavía no están listas: volvé pronto para ser de las primeras personas en responder.",
  "missing-email": "Escribí tu email para continuar.",
};

/**
 * docs/product.md, "Encuesta": the form sends nothing. `method="dialog"` outside a dialog makes a
 * submission a no-op even without JavaScript (no request, no navigation), and the
 * field has no `name`, so there is nothing a submission could carry anyway.
 */
export function NotifyForm() {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<Outcome>("idle");

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (input.current?.value.trim()) {
      setOutcome("thanks");
    } else {
      setOutcome("missing-email");
      input.current?.focus();
    }
  };

  return (
    <form method="dialog" onSubmit={onSubmit} className="mt-8" data-testid="notify-form">
      <label htmlFor={inputId} className="block text-sm font-semibold text-slate-800">
        Tu email
      </label>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        <input
          ref={input}
          id={inputId}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="nombre@ejemplo.com"
          className="h-12 w-full min-w-0 rounded-full border border-slate-300 bg-white px-5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:flex-1"
        />
        <button type="submit" className="btn-primary h-12 shrink-0 px-6">
          Avisarme cuando esté listo
        </button>
      </div>
      {/* Space kept for the message so the page does not move when it appears. */}
      <p
        role="status"
        className="mt-3 min-h-[4.5rem] text-sm leading-relaxed sm:min-h-[3rem] text-slate-700"
        data-testid="notify-status"
      >
        {MESSAGES[outcome]}
      </p>
    </form>
  );
}
