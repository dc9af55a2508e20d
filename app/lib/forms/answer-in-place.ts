import type { ShouldRevalidateFunction } from "@remix-run/react";
import type { FormAnswer } from "./fields";

/** The request never reached us, or its answer never came back. */
const NOT_SENT = "No pudimos enviar el formulario. Revisá tu conexión y volvé a intentarlo.";
/** It reached something of ours that did not answer as the app does (too many forms waiting, a proxy's error). */
const NOT_ANSWERED = "No pudimos recibir el formulario. Esperá un minuto y volvé a intentarlo.";

/**
 * The `shouldRevalidate` of a form route with a loader: what a form does (a message, a mail
 * link's button) changes nothing its loader returns, so the answer comes alone, with no data
 * request after it that could fail where the answer did not (the root's data is never asked again).
 */
export const keepDataAfterForms: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && formMethod.toUpperCase() !== "GET" ? false : defaultShouldRevalidate;

/**
 * A form route's `clientAction`: the server action's answer as it comes, and a failure on the
 * way (no network, or an answer that is not the app's: the launcher's 503 while too many forms
 * wait, a proxy's error page) as the form's own message, so the visitor keeps the page and what
 * they typed instead of meeting the error screen (docs/decisions/047-remix-forms-with-a-client-action.md).
 */
export async function answerInPlace<Answer>(serverAction: () => Promise<Answer>): Promise<Answer | FormAnswer> {
  try {
    return await serverAction();
  } catch (error) {
    // fetch rejects with a TypeError when nothing came back at all.
    const message = error instanceof TypeError ? NOT_SENT : NOT_ANSWERED;
    return { ok: false, field: "form", message, values: {} };
  }
}
