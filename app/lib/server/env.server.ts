import { pluralForm } from "~/lib/ui/wording";
import { unsetShownVariables } from "./organizer.server";
import { parseEnvOrExit, type ServerEnv } from "./parse-env.server";

function loadEnvOrExit(): ServerEnv {
  const env = parseEnvOrExit(process.env);
  if (env.sheetSource.kind === "file" && env.sheetSource.isBundledSample) {
    console.warn(
      '[config] PARTICIPANTS_CSV_URL no está configurada: el sitio muestra los participantes de EJEMPLO incluidos, marcados "Datos de ejemplo". Configurá PARTICIPANTS_CSV_URL con el link CSV de la planilla publicada de Google (o la ruta de un archivo CSV) para mostrar a los participantes reales.',
    );
  }
  const unset = unsetShownVariables(env);
  // In development the sample values are expected; a production site must name its organizer.
  if (env.mode === "production" && unset.length > 0) {
    console.warn(
      `[config] ${unset.join(", ")} ${pluralForm(unset.length, "no está configurada", "no están configuradas")}: las bases, la política de privacidad y la página de contacto muestran datos de EJEMPLO, marcados "Datos de ejemplo". ${pluralForm(unset.length, "Configurala", "Configuralas")} con los datos reales del organizador antes del lanzamiento.`,
    );
  }
  // The secret a server makes is one machine's: replicas and a copy of the data directory differ.
  if (env.mode === "production" && env.formSecret === null) {
    console.warn(
      `[config] FORM_SECRET is not set: the server signs forms and keys its counters with a secret it made, kept in ${env.formSecretFile} (mode 0600), never in the database. Set FORM_SECRET in production, the same on every replica and for npm run privacy.`,
    );
  }
  if (env.witnesses.ignoredRootsFile) {
    console.warn(
      `[config] TIMESTAMP_ROOTS is ignored: test roots count only with NODE_ENV=development or NODE_ENV=test, and a real site's seals are checked against public roots alone (docs/draw.md, "Witnesses").`,
    );
  }
  return env;
}

/** The validated configuration, read once when the server build is first imported. */
export const env = loadEnvOrExit();
