/**
 * The proof-of-work widget's files as this site serves them (docs/decisions/083-proof-of-work-under-pressure.md):
 * altcha's widget, its stylesheet, its Spanish words and its PBKDF2 worker, copied from the
 * `altcha` package into the browser build by `npm run build` (other/copy-proof-widget.js), never
 * fetched from a third party's host. The version is in every name, so a browser keeps them for a
 * year like the rest of /build/ and a new release is a new address. `npm run build` reads these
 * constants from this file's text.
 */
/** @internal Exported for its test; the build reads it from this file's text. */
export const PROOF_WIDGET_VERSION = "3.2.2";

/**
 * Each file's name, and its path inside the package's `dist/`.
 * @internal Exported for its test; the build reads it from this file's text.
 */
export const PROOF_WIDGET_FILES = {
  "altcha.js": "external/altcha.min.js",
  "altcha.css": "external/altcha.css",
  "es-419.js": "i18n/es-419.js",
  "pbkdf2.js": "workers/pbkdf2.js",
} as const;

type ProofWidgetFile = keyof typeof PROOF_WIDGET_FILES;

/** Where the build puts the files, under the browser build's folder. */
const PROOF_WIDGET_FOLDER = "verificacion";

/** The address of one of the widget's files. */
export const proofWidgetUrl = (file: ProofWidgetFile) =>
  `/build/${PROOF_WIDGET_FOLDER}/${PROOF_WIDGET_VERSION}-${file}`;

/** The field a form sends the worked-out proof in (altcha's widget names its field so). */
export const PROOF_FIELD = "altcha";
