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
    { timeoutMs: 60_000, now: Date.now, names: "initial" },
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

/**
 * Names as people type them into a survey (issue 19), each with what the site may show and
 * the words it must never publish. Sheet order: the last row is the newest participant.
 */
export const FULL_NAMES: { written: string; shown: string; hidden: string[] }[] = [
  { written: "María José Núñez Ortega", shown: "María O.", hidden: ["José", "Núñez", "Ortega"] },
  { written: "Juan Pablo de la Fuente", shown: "Juan F.", hidden: ["Pablo", "Fuente"] },
  { written: "Lucía Del Valle", shown: "Lucía V.", hidden: ["Valle"] },
  { written: "Pérez Gallardo, Juan Carlos", shown: "Juan G.", hidden: ["Pérez", "Gallardo", "Carlos"] },
  { written: "Valentina Rodríguez", shown: "Valentina R.", hidden: ["Rodríguez"] },
  { written: "Santiago Martínez Lucero", shown: "Santiago L.", hidden: ["Martínez", "Lucero"] },
  { written: "Camila Fernández", shown: "Camila F.", hidden: ["Fernández"] },
  { written: "Mateo González Ibáñez", shown: "Mateo I.", hidden: ["González", "Ibáñez"] },
  { written: "Renata", shown: "Renata", hidden: [] },
  { written: "Benjamín Sosa Quiroga", shown: "Benjamín Q.", hidden: ["Sosa", "Quiroga"] },
  { written: "Martina Álvarez", shown: "Martina Á.", hidden: ["Álvarez"] },
  { written: "Tomás Benítez", shown: "Tomás B.", hidden: ["Benítez"] },
  { written: "Catalina Herrera Palacios", shown: "Catalina P.", hidden: ["Herrera", "Palacios"] },
  { written: "Joaquín Medina", shown: "Joaquín M.", hidden: ["Medina"] },
  { written: "Emilia Castro Villalba", shown: "Emilia V.", hidden: ["Castro", "Villalba"] },
  { written: "Thiago Giménez", shown: "Thiago G.", hidden: ["Giménez"] },
  { written: "Isabella Ruiz Ledesma", shown: "Isabella L.", hidden: ["Ruiz", "Ledesma"] },
  { written: "Lautaro Acosta", shown: "Lautaro A.", hidden: ["Acosta"] },
  { written: "Florencia Aguirre", shown: "Florencia A.", hidden: ["Aguirre"] },
  { written: "Facundo Ríos Cabrera", shown: "Facundo C.", hidden: ["Ríos", "Cabrera"] },
  { written: "Agustina Molina", shown: "Agustina M.", hidden: ["Molina"] },
  { written: "Nicolás Vega Olmedo", shown: "Nicolás O.", hidden: ["Vega", "Olmedo"] },
  { written: "Julieta Peralta", shown: "Julieta P.", hidden: ["Peralta"] },
  { written: "Bautista Ferreyra", shown: "Bautista F.", hidden: ["Ferreyra"] },
  { written: "Abril Cardozo Luna", shown: "Abril L.", hidden: ["Cardozo", "Luna"] },
  { written: "Felipe Ojeda", shown: "Felipe O.", hidden: ["Ojeda"] },
  { written: "Mía Carrizo", shown: "Mía C.", hidden: ["Carrizo"] },
  { written: "Ignacio Maldonado Ponce", shown: "Ignacio P.", hidden: ["Maldonado", "Ponce"] },
  { written: "Antonella Figueroa", shown: "Antonella F.", hidden: ["Figueroa"] },
  { written: "Franco Correa", shown: "Franco C.", hidden: ["Correa"] },
  { written: "Milagros Quintana Sánchez", shown: "Milagros S.", hidden: ["Quintana", "Sánchez"] },
  { written: "Gael Domínguez", shown: "Gael D.", hidden: ["Domínguez"] },
  { written: "juan.ignacio.paredes@gmail.com", shown: "juan P.", hidden: ["ignacio", "paredes", "gmail"] },
  { written: "Olivia Barrionuevo", shown: "Olivia B.", hidden: ["Barrionuevo"] },
  { written: "Ramiro Etcheverry, hijo", shown: "Ramiro E.", hidden: ["Etcheverry", "hijo"] },
];

/** FULL_NAMES as a sheet, ids FN-001…, oldest first. */
export const FULL_NAMES_SHEET = [
  "nombre,pais,id,fecha",
  ...FULL_NAMES.map(
    ({ written }, index) =>
      `"${written}",${COUNTRIES[index % COUNTRIES.length]},FN-${String(index + 1).padStart(3, "0")},2026-11-${(index % 28) + 1}`,
  ),
  "",
].join("\n");

export const SIGN_IN_PAGE = `<!DOCTYPE html><html lang="en"><head><title>Sign in - Google Accounts</title></head><body><form>Sign in</form></body></html>`;
