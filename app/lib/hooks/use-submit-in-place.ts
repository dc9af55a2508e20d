import { useActionData } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type RefObject } from "react";
import { FORM_ANSWER_ACCEPT, type FormAnswer } from "~/lib/forms/fields";

/** The request never reached us, or its answer never came back. */
const NOT_SENT = "No pudimos enviar el formulario. Revisá tu conexión y volvé a intentarlo.";
/** It reached us, and something on our side failed. */
const NOT_ANSWERED = "No pudimos recibir el formulario por un problema nuestro. Probá de nuevo en unos minutos.";

/**
 * A public form that is a plain POST to its own page (without JavaScript the page comes back
 * with the answer) and, with JavaScript, posts in place: the same fields to the same URL, asking
 * for the answer alone, so the visitor stays where they are. Remix's fetcher would do the same,
 * but its code would load on every page (docs/decisions/038-forms-posted-in-place.md).
 */
export function useSubmitInPlace(): {
  answer: FormAnswer | undefined;
  /** The field the answer finds fault with ("form" for the whole), and what was typed to keep. */
  problem: string | null;
  kept: Record<string, string>;
  sending: boolean;
  form: RefObject<HTMLFormElement>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
} {
  const pageAnswer = useActionData<FormAnswer>();
  const [answerInPlace, setAnswerInPlace] = useState<FormAnswer>();
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const answer = answerInPlace ?? pageAnswer;
  const problem = answer && !answer.ok ? answer.field : null;

  // Each answer moves the focus to the field at fault; an accepted form is emptied.
  useEffect(() => {
    if (problem) form.current?.querySelector<HTMLElement>(`[name="${problem}"]`)?.focus();
    if (answer?.ok) form.current?.reset();
  }, [answer, problem]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const submitted = event.currentTarget;
    const fields = new URLSearchParams([...new FormData(submitted)].map(([name, value]) => [name, String(value)]));
    setSending(true);
    void fetch(submitted.action, {
      method: "POST",
      body: fields,
      headers: { Accept: FORM_ANSWER_ACCEPT },
      redirect: "manual",
    })
      .then(async (response): Promise<FormAnswer> => {
        const type = response.headers.get("Content-Type") ?? "";
        if (type.startsWith(FORM_ANSWER_ACCEPT)) return (await response.json()) as FormAnswer;
        // The launcher's own refusal (too many submissions waiting) is a line of Spanish text.
        const busy = response.status === 503 && type.startsWith("text/plain") ? (await response.text()).trim() : "";
        return { ok: false, field: "form", message: busy || NOT_ANSWERED, values: {} };
      })
      .catch((): FormAnswer => ({ ok: false, field: "form", message: NOT_SENT, values: {} }))
      .then((received) => {
        setAnswerInPlace(received);
        setSending(false);
      });
  };

  return { answer, problem, kept: answer && !answer.ok ? answer.values : {}, sending, form, onSubmit };
}
