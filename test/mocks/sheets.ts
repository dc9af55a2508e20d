import { readFileSync } from "node:fs";
import path from "node:path";
import type { Participant } from "~/lib/participants/view";
import { loadSheet } from "~/lib/participants/load-sheet.server";

const SAMPLE_SHEET_PATH = path.resolve(import.meta.dirname, "../../app/lib/participants/sample-sheet.csv");

/** The bundled sample sheet, the same file the app serves when no URL is configured. */
export const SAMPLE_SHEET = readFileSync(SAMPLE_SHEET_PATH, "utf8");

/**
 * The sample sheet's participants as the app reads them (the app's own parser and rules,
 * newest first, display dates), for tests that check what a page shows.
 */
export async function sampleParticipants(): Promise<Participant[]> {
  const { snapshot } = await loadSheet(
    { kind: "file", path: SAMPLE_SHEET_PATH, isBundledSample: true },
    { timeoutMs: 60_000, now: Date.now },
  );
  return snapshot.participants;
}

const COUNTRIES = ["Argentina", "México", "Colombia", "Chile", "Perú", "Uruguay", "Paraguay", "España"];
const NAMES = ["Valentina", "Santiago", "Camila", "Mateo", "Lucía", "Benjamín", "Sofía", "Martín", "José", "Renata"];
const SURNAME_INITIALS = "ABCDEFGHIJKLMNOPRSTVZ";

/** A valid sheet of `rows` participants in sheet order (oldest first), ids P000001…. */
export function generateSheet(rows: number): string {
  const lines = ["nombre,pais,id,fecha"];
  for (let index = 0; index < rows; index += 1) {
    const name = `${NAMES[index % NAMES.length]} ${SURNAME_INITIALS[index % SURNAME_INITIALS.length]}.`;
    const day = (index % 28) + 1;
    lines.push(`${name},${COUNTRIES[index % COUNTRIES.length]},P${String(index + 1).padStart(6, "0")},2026-10-${day}`);
  }
  return `${lines.join("\n")}\n`;
}

/** Every parsing rule of docs/product.md, "Participants pipeline" (steps 3 and 4) in one sheet. */
export const TRICKY_SHEET = [
  "\uFEFFnombre,pais,id,fecha",
  '"Pérez, Juan",Argentina,T-1,2026-1-5',
  '"Ana\nMaría",México,T-2,05/01/2026',
  "  Luis  ,  Chile  ,  T-3  ,  2026-11-20  ",
  'Sol "la" Ríos,Perú,T-4,ayer',
  ",Uruguay,T-5,2026-01-01",
  "Short,Row,T-6",
  "",
  ",,,",
  "Extra,Colombia,T-7,2026-02-03,ignored,also ignored",
  "Last,España,T-8,2026-12-31",
].join("\r\n");

export const SIGN_IN_PAGE = `<!DOCTYPE html><html lang="en"><head><title>Sign in - Google Accounts</title></head><body><form>Sign in</form></body></html>`;
