import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { EntryRule } from "~/lib/participants/entries-in-play";
import type { Participant } from "~/lib/participants/view";
import { loadSheet } from "~/lib/participants/load-sheet.server";
import { drawOfMonth, nextDrawAfter } from "../support/draw-command";

const SAMPLE_SHEET_PATH = path.resolve(import.meta.dirname, "../../app/lib/participants/sample-sheet.csv");

/** The bundled sample sheet, the same file the app serves when no URL is configured. */
const SAMPLE_SHEET = readFileSync(SAMPLE_SHEET_PATH, "utf8");

const DAY_MS = 24 * 60 * 60 * 1000;
/** "2026-12-07": the day in Argentina (UTC−3 all year) of the instant `ms`. */
const argentinaDayOf = (ms: number) => new Date(ms - 3 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * The days whose rows the next draw takes as of `now`, by the tests' own calendar: from the
 * previous draw's day (no draw took anything in a test's fresh database) through today. A mock
 * sheet is dated inside them, so that whenever the tests run, its rows are the current draw's
 * entries, as a live sheet's are (docs/draw.md, "The month's entries").
 */
function daysInPlay(now = Date.now()): string[] {
  const next = nextDrawAfter(new Date(now));
  const previous = drawOfMonth(next.getUTCFullYear(), next.getUTCMonth() - 1);
  const days: string[] = [];
  for (let at = previous.getTime(); argentinaDayOf(at) <= argentinaDayOf(now); at += DAY_MS) {
    days.push(argentinaDayOf(at));
  }
  return days;
}

/** Today in Argentina ("yyyy-mm-dd"): a row dated so is always in the next draw's days. */
export const dayInPlay = (now = Date.now()) => argentinaDayOf(now);

/** The rule the next freeze applies as of `now` in a test's fresh database: the next draw's days, nothing taken before. */
export function ruleNow(now = Date.now()): EntryRule {
  const drawAt = nextDrawAfter(new Date(now)).getTime();
  return {
    drawAt,
    window: { from: daysInPlay(now)[0]!, through: argentinaDayOf(drawAt) },
    previous: new Set(),
    idPattern: null,
  };
}

const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const WRITTEN_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** A CSV line's fields, commas inside double quotes kept (the sample quotes "Juan Pablo D., hijo"). */
function fieldsOf(line: string): string[] {
  const fields = [""];
  let quoted = false;
  for (const character of line) {
    if (character === '"') quoted = !quoted;
    if (character === "," && !quoted) fields.push("");
    else fields[fields.length - 1] += character;
  }
  return fields;
}

/**
 * `sheet` with each readable date moved into `days`, keeping the rows' order of dates and each
 * date's spelling (yyyy-mm-dd or d/m/yyyy); unreadable dates stay as written.
 */
function datedIn(sheet: string, days: readonly string[]): string {
  const ending = sheet.includes("\r\n") ? "\r\n" : "\n";
  // Records, not lines: a quoted field may hold a line break ("Ana\nMaría").
  const lines: string[] = [];
  for (const line of sheet.split(ending)) {
    const open = lines.length > 0 && (lines.at(-1)!.split('"').length - 1) % 2 === 1;
    if (open) lines[lines.length - 1] += `${ending}${line}`;
    else lines.push(line);
  }
  const dayOf = (field: string) => {
    const iso = ISO_DAY.exec(field);
    const written = WRITTEN_DAY.exec(field);
    if (iso) return Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
    if (written) return Date.UTC(Number(written[3]), Number(written[2]) - 1, Number(written[1]));
    return null;
  };
  const dated = lines.slice(1).map((line) => dayOf(fieldsOf(line)[3]?.trim() ?? ""));
  const known = dated.filter((day): day is number => day !== null);
  const [first, last] = [Math.min(...known), Math.max(...known)];
  return [
    lines[0],
    ...lines.slice(1).map((line, index) => {
      const day = dated[index];
      if (day === null || day === undefined) return line;
      const fields = fieldsOf(line);
      const moved = days[Math.floor(((day - first) / (last - first + DAY_MS)) * days.length)]!;
      const [year, month, date] = moved.split("-").map(Number) as [number, number, number];
      fields[3] = ISO_DAY.test(fields[3]!.trim()) ? moved : `${date}/${month}/${year}`;
      return fields.join(",");
    }),
  ].join(ending);
}

/**
 * The days of the draw before the current one, short of that draw's own day: a row dated in them
 * was that draw's, never the next one's, whatever happened to it (October's rows, seen from a
 * December draw).
 */
function daysOfEarlierDraw(now = Date.now()): string[] {
  const from = daysInPlay(now)[0]!;
  const next = nextDrawAfter(new Date(now));
  const before = drawOfMonth(next.getUTCFullYear(), next.getUTCMonth() - 2);
  const days: string[] = [];
  for (let at = before.getTime() + DAY_MS; argentinaDayOf(at) < from; at += DAY_MS) days.push(argentinaDayOf(at));
  return days;
}

/** The sample sheet dated in the days of the draw before the current one: a list the next draw takes nothing from. */
export const earlierSheetNow = (now = Date.now()) => datedIn(SAMPLE_SHEET, daysOfEarlierDraw(now));

/** "yyyy-mm-dd" as the spec shows it written d/m/yyyy with zeros ("09/11/2026"). */
const paddedWritten = (day: string) => day.split("-").reverse().join("/");

/**
 * The rows of a sheet that mixes what a list shows and the next draw does not take, oldest first:
 * `[name, country, id, date, mark]` with the mark the row must carry (null for an entry).
 */
export function mixedSheetRows(now = Date.now()): [string, string, string, string, string | null][] {
  const earlier = daysOfEarlierDraw(now);
  const today = dayInPlay(now);
  const [year, monthOfToday, day] = today.split("-").map(Number) as [number, number, number];
  // No draw is recorded in a test's fresh database: a mark never names a draw that did not take the row.
  const otherDraw = "fecha anterior";
  return [
    ["Ana R.", "Argentina", "OL-31001", paddedWritten(earlier[1]!), otherDraw],
    ["Bruno S.", "Chile", "OL-31002", earlier.at(-1)!, otherDraw],
    ["Carla T.", "México", "OL-31003", "8 de noviembre", "fecha ilegible"],
    ["Diego U.", "Perú", "OL-31004", paddedWritten(today), null],
    ["Elena V.", "Uruguay", "OL-31005", today, null],
    ["Facundo W.", "Colombia", "OL-31006", `${today} 14:22:10`, null],
    ["Gabriela X.", "Paraguay", "ol-31004", `${day}/${monthOfToday}/${year}`, "ID repetido"],
    ["Hernán Y.", "España", "OL 31008", today, "ID con otro formato"],
    ["Inés Z.", "Argentina", "ÓL-31009", today, "ID con otro formato"],
    ["Julia A.", "Chile", "OL-31010", `${day}/${monthOfToday}/${year}`, null],
    ["Kevin B.", "México", "OL-31011", today, null],
    ["Lara C.", "Perú", "OL-31012", today, null],
  ];
}

/** `mixedSheetRows` as CSV. */
export const mixedSheetNow = (now = Date.now()) =>
  ["nombre,pais,id,fecha", ...mixedSheetRows(now).map((row) => row.slice(0, 4).join(",")), ""].join("\n");

/** The tricky sheet with its readable dates in the current draw's days ("ayer" stays unreadable). */
export const trickySheetNow = (now = Date.now()) => datedIn(TRICKY_SHEET, daysInPlay(now));

/** The sample sheet as the `ok` scenario serves it: its rows dated in the current draw's days. */
export const sampleSheetNow = (now = Date.now()) => datedIn(SAMPLE_SHEET, daysInPlay(now));

/**
 * The `ok` scenario's participants as the app reads them (the app's own parser and rules,
 * newest first, display dates), for tests that check what a page shows.
 */
export async function sampleParticipants(now = Date.now()): Promise<Participant[]> {
  const folder = mkdtempSync(path.join(tmpdir(), "sample-sheet-"));
  try {
    writeFileSync(path.join(folder, "sheet.csv"), sampleSheetNow(now));
    const { snapshot } = await loadSheet(
      { kind: "file", path: path.join(folder, "sheet.csv"), isBundledSample: false },
      { timeoutMs: 60_000, now: () => now, names: "initial" },
    );
    return snapshot.participants;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const COUNTRIES = ["Argentina", "México", "Colombia", "Chile", "Perú", "Uruguay", "Paraguay", "España"];
const NAMES = ["Valentina", "Santiago", "Camila", "Mateo", "Lucía", "Benjamín", "Sofía", "Martín", "José", "Renata"];
const SURNAME_INITIALS = "ABCDEFGHIJKLMNOPRSTVZ";

/**
 * A valid sheet of `rows` participants in sheet order (oldest first), ids P000001…, dated in the
 * current draw's days (`daysInPlay`).
 */
export function generateSheet(rows: number, days: readonly string[] = daysInPlay()): string {
  const lines = ["nombre,pais,id,fecha"];
  for (let index = 0; index < rows; index += 1) {
    const name = `${NAMES[index % NAMES.length]} ${SURNAME_INITIALS[index % SURNAME_INITIALS.length]}.`;
    const day = days[Math.floor((index * days.length) / rows)];
    lines.push(`${name},${COUNTRIES[index % COUNTRIES.length]},P${String(index + 1).padStart(6, "0")},${day}`);
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

/** FULL_NAMES as a sheet, ids FN-001…, oldest first, all dated today: every row is in play. */
export const fullNamesSheet = (now = Date.now()) =>
  [
    "nombre,pais,id,fecha",
    ...FULL_NAMES.map(
      ({ written }, index) =>
        `"${written}",${COUNTRIES[index % COUNTRIES.length]},FN-${String(index + 1).padStart(3, "0")},${argentinaDayOf(now)}`,
    ),
    "",
  ].join("\n");

export const SIGN_IN_PAGE = `<!DOCTYPE html><html lang="en"><head><title>Sign in - Google Accounts</title></head><body><form>Sign in</form></body></html>`;

/**
 * A month's sheet as a participant walks it (issue: 26 November, the draw of 7 December):
 * 32 rows, in sheet order, for the draw whose previous draw's day is `from` and whose own day is
 * `through` ("yyyy-mm-dd"): M-01 dated three days before `from` and M-02 the day before (the
 * previous draw's), then 30 rows spread from `from` to `through`, the 18th of them "m-10", a
 * lower-case repeat of M-10. A freeze takes 29: M-03 to M-32 but the repeat.
 */
export function monthSheet(from: string, through: string): string {
  const day = (base: string, days: number) => new Date(Date.parse(base) + days * DAY_MS).toISOString().slice(0, 10);
  const span = (Date.parse(through) - Date.parse(from)) / DAY_MS;
  const rows: [string, string][] = [
    ["M-01", day(from, -3)],
    ["M-02", day(from, -1)],
    ...Array.from({ length: 30 }, (_, index): [string, string] => [
      index === 17 ? "m-10" : `M-${String(index + 3).padStart(2, "0")}`,
      day(from, Math.floor((index * span) / 29)),
    ]),
  ];
  return [
    "nombre,pais,id,fecha",
    ...rows.map(
      ([id, date], index) =>
        `${NAMES[index % NAMES.length]} ${SURNAME_INITIALS[index % SURNAME_INITIALS.length]}.,${index === 5 ? "argentina" : COUNTRIES[index % COUNTRIES.length]},${id},${date}`,
    ),
    "",
  ].join("\n");
}
