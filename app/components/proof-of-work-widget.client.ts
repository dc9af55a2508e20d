import { PROOF_FIELD, proofWidgetUrl } from "~/content/proof-of-work-files";
import type { ProofRequest } from "~/lib/forms/fields";

/**
 * altcha's widget, from this site (app/routes/verificacion.$archivo.ts): its module, its
 * stylesheet and its Spanish words, loaded the first time a form is asked for a proof; it works
 * the challenge out in a worker of ours (PBKDF2), which the Content-Security-Policy's
 * `script-src 'self'` allows as it does any script of the site. Nothing about the visitor is
 * collected: the widget's interaction signature is off.
 */

interface AltchaGlobal {
  algorithms: Map<string, () => Worker>;
}

let loaded: Promise<void> | undefined;

function addToHead(element: HTMLLinkElement | HTMLScriptElement): Promise<void> {
  return new Promise((resolve, reject) => {
    element.addEventListener("load", () => resolve(), { once: true });
    element.addEventListener("error", () => reject(new Error(`could not load ${element.outerHTML}`)), { once: true });
    document.head.append(element);
  });
}

function loadWidget(): Promise<void> {
  loaded ??= (async () => {
    const stylesheet = Object.assign(document.createElement("link"), {
      rel: "stylesheet",
      href: proofWidgetUrl("altcha.css"),
    });
    const script = (file: "altcha.js" | "es-419.js") =>
      Object.assign(document.createElement("script"), { type: "module", src: proofWidgetUrl(file) });
    await Promise.all([addToHead(stylesheet), addToHead(script("altcha.js"))]);
    await addToHead(script("es-419.js"));
    const altcha = (globalThis as unknown as { $altcha: AltchaGlobal }).$altcha;
    altcha.algorithms.set("PBKDF2/SHA-256", () => new Worker(proofWidgetUrl("pbkdf2.js")));
  })();
  return loaded;
}

/** Works `proof` out in `form` with the widget, then sends the form again, the solution in its field. */
export async function solveAndSend(form: HTMLFormElement, proof: ProofRequest): Promise<void> {
  await loadWidget();
  form.querySelector("altcha-widget")?.remove();
  const widget = document.createElement("altcha-widget");
  widget.setAttribute("challenge", JSON.stringify(proof.challenge));
  widget.setAttribute("name", PROOF_FIELD);
  widget.setAttribute("auto", "onload");
  widget.setAttribute("language", "es-419");
  widget.setAttribute(
    "configuration",
    JSON.stringify({ humanInteractionSignature: false, hideFooter: true, hideLogo: true, minDuration: 0 }),
  );
  widget.addEventListener(
    "verified",
    (event) => {
      // Sent in a field of our own, the widget gone: its work is done, and its own field may
      // not be filled yet when this event comes. Remix reads the form as it is submitted.
      widget.remove();
      const field = Object.assign(document.createElement("input"), { type: "hidden", name: PROOF_FIELD });
      field.value = (event as CustomEvent<{ payload: string }>).detail.payload;
      form.append(field);
      form.requestSubmit();
      field.remove();
    },
    { once: true },
  );
  form.querySelector('[role="status"]')?.before(widget);
}
