/**
 * Requests about one person's data (docs/operations.md, "Requests about personal data"),
 * against the database the environment names (DATABASE_URL, else the embedded file under
 * DATA_DIR), as the server opens it:
 *
 *   npm run privacy -- show <email>     everything kept about the address, as plain text
 *   npm run privacy -- delete <email>   deletes all of it in one transaction; prints a receipt
 *
 * What it prints goes to stdout, Spanish text the organizer can forward; log lines go to
 * stderr. Exit status: 0 done; 2 refused, nothing done: an address the site would not accept, or a
 * `delete` run without the servers' FORM_SECRET; 64 bad usage.
 */

import { argv, exit, stdout } from "node:process";
import { parseEmailAddress } from "~/lib/server/email-address.server";

const USAGE = "Uso: npm run privacy -- show <email> | delete <email>";

const [command, typed, ...rest] = argv.slice(2);
if ((command !== "show" && command !== "delete") || typed === undefined || rest.length > 0) {
  console.error(USAGE);
  exit(64);
}
// The one parser the forms use: the rows hold the address exactly as it returns it.
const email = parseEmailAddress(typed);
if (email === null) {
  console.error(
    `${JSON.stringify(typed)} no es una dirección de email que el sitio acepte, así que no puede haber datos guardados con ella. Escribila como nombre@ejemplo.com, sin nombre ni comillas.`,
  );
  exit(2);
}

// Before the storage module loads: its start-up line belongs to the log, not to the text.
console.log = (...args: unknown[]) => console.error(...args);
const { storage } = await import("~/lib/storage/database.server");
const { hasServersSecret } = await import("~/lib/storage/site-key.server");
const { deletePersonalData, deletionReceipt, describePersonalData, personalData } =
  await import("~/lib/forms/personal-data.server");

try {
  const now = Date.now();
  if (command === "delete" && !(await hasServersSecret(storage.db))) {
    console.error(
      "No se borró nada: este comando no tiene la clave del sitio que usan los servidores (FORM_SECRET). Correlo con el mismo FORM_SECRET que el servidor: sin ella no encuentra los contadores de la dirección ni puede bloquearla.",
    );
    process.exitCode = 2;
  } else {
    stdout.write(
      command === "show"
        ? describePersonalData(await personalData(storage.db, email), now)
        : deletionReceipt(email, await deletePersonalData(storage.db, email, now), now),
    );
  }
} finally {
  await storage.db.destroy();
}
