/**
 * Requests about one person's data (docs/operations.md, "Requests about personal data"),
 * against the database the environment names (DATABASE_URL, else the embedded file under
 * DATA_DIR), as the server made it (a command never creates one):
 *
 *   npm run privacy -- show <email>           everything kept about the address, as plain text
 *   npm run privacy -- delete <email>         what would be deleted; nothing is, without --yes
 *   npm run privacy -- delete <email> --yes   deletes all of it in one transaction; prints a receipt
 *
 * What it prints goes to stdout, Spanish text the organizer can forward; log lines go to
 * stderr. Exit status: 0 done; 3 `delete` shown but not confirmed (nothing deleted: run it again
 * with --yes); 2 refused, nothing done: an address the site would not accept, or a `delete` run
 * without the servers' FORM_SECRET; 1 the database could not be opened; 64 bad usage.
 */

import { argv, exit, stdout } from "node:process";
import { parseEmailAddress } from "~/lib/server/email-address.server";
import { openOnlyAnExistingDatabase } from "~/lib/storage/command-opening.server";
import { logToStderr, typed, usageError } from "./lib/command-line";

const USAGE = "Uso: npm run privacy -- show <email> | delete <email> [--yes]";

const words = argv.slice(2);
const confirmed = words.includes("--yes");
const [command, typedAddress, ...rest] = words.filter((word) => word !== "--yes");
if (command === undefined) usageError("Falta qué hacer: show o delete.", USAGE);
if (command !== "show" && command !== "delete") {
  usageError(`${typed(command)} no es un comando de privacy: usá show o delete.`, USAGE);
}
if (typedAddress === undefined) usageError(`Falta la dirección de email después de ${command}.`, USAGE);
if (rest.length > 0) usageError(`Sobra ${rest.map(typed).join(" ")}: va una sola dirección.`, USAGE);
if (confirmed && command === "show") usageError("--yes es solo para delete: show no borra nada.", USAGE);
if (words.filter((word) => word === "--yes").length > 1) usageError("--yes va una sola vez.", USAGE);

// The one parser the forms use: the rows hold the address exactly as it returns it.
const email = parseEmailAddress(typedAddress);
if (email === null) {
  console.error(
    `${JSON.stringify(typedAddress)} no es una dirección de email que el sitio acepte, así que no puede haber datos guardados con ella. Escribila como nombre@ejemplo.com, sin nombre ni comillas.`,
  );
  exit(2);
}

logToStderr();
openOnlyAnExistingDatabase();
const { storage } = await import("~/lib/storage/database.server");
const { hasServersSecret } = await import("~/lib/storage/site-key.server");
const { deletePersonalData, deletionPreview, deletionReceipt, describePersonalData, personalData } =
  await import("~/lib/forms/personal-data.server");

try {
  const now = Date.now();
  if (command === "show") {
    stdout.write(describePersonalData(await personalData(storage.db, email), now));
  } else if (!(await hasServersSecret(storage.db))) {
    console.error(
      "No se borró nada: este comando no tiene la clave del sitio que usan los servidores (FORM_SECRET). Correlo con el mismo FORM_SECRET que el servidor: sin ella no encuentra los contadores de la dirección ni puede bloquearla.",
    );
    process.exitCode = 2;
  } else if (!confirmed) {
    stdout.write(deletionPreview(await personalData(storage.db, email)));
    process.exitCode = 3;
  } else {
    stdout.write(deletionReceipt(email, await deletePersonalData(storage.db, email, now), now));
  }
} finally {
  await storage.db.destroy();
}
