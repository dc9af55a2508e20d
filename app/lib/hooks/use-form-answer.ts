import { useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { FormAnswer } from "~/lib/forms/fields";

/**
 * What a public form shows around Remix's `<Form>`: the action's answer (from the server, or
 * from the route's `clientAction` when the answer never came, see `answerInPlace`), whether it
 * is being sent, the field at fault and what was typed, to keep. Each answer moves the focus to
 * the field at fault; an accepted form is emptied.
 */
export function useFormAnswer(action: string) {
  const answer = useActionData<FormAnswer>();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const problem = answer && !answer.ok ? answer.field : null;

  useEffect(() => {
    const proof = answer && !answer.ok && answer.proof;
    // Asked for a proof of work: the widget, loaded only now, works it out and sends the form again.
    if (proof)
      void import("~/components/proof-of-work-widget.client").then((widget) =>
        widget.solveAndSend(form.current!, proof),
      );
    else if (problem) form.current?.querySelector<HTMLElement>(`[name="${problem}"]`)?.focus();
    if (answer?.ok) form.current?.reset();
  }, [answer, problem]);

  return {
    answer,
    problem,
    kept: answer && !answer.ok ? answer.values : {},
    sending: navigation.state === "submitting" && navigation.formAction === action,
    form,
  };
}
