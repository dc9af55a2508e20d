import { unsetShownVariables } from "./organizer.server";
import { parseEnvOrExit, type ServerEnv } from "./parse-env.server";

function loadEnvOrExit(): ServerEnv {
  const env = parseEnvOrExit(process.env);
  if (env.sheetSource.kind === "file" && env.sheetSource.isBundledSample) {
    console.warn(
      '[config] PARTICIPANTS_CSV_URL is not set: the site lists the bundled SAMPLE participants, marked "Datos de ejemplo". Set PARTICIPANTS_CSV_URL to the published Google Sheet\'s CSV link (or a CSV file path) to list the real entrants.',
    );
  }
  const unset = unsetShownVariables(env);
  // In development the sample values are expected; a production site must name its organizer.
  if (env.mode === "production" && unset.length > 0) {
    console.warn(
      `[config] ${unset.join(", ")} ${unset.length === 1 ? "is" : "are"} not set: the rules, the privacy policy and the contact page show SAMPLE values, marked "Datos de ejemplo". Set ${unset.length === 1 ? "it" : "them"} to the draw organizer's real details before launch.`,
    );
  }
  // The secret a server makes is one machine's: replicas and a copy of the data directory differ.
  if (env.mode === "production" && env.formSecret === null) {
    console.warn(
      `[config] FORM_SECRET is not set: the server signs forms and keys its counters with a secret it made, kept in ${env.formSecretFile} (mode 0600), never in the database. Set FORM_SECRET in production, the same on every replica and for npm run privacy.`,
    );
  }
  return env;
}

/** The validated configuration, read once when the server build is first imported. */
export const env = loadEnvOrExit();
