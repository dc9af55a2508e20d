/**
 * The site's words over HTTP, on the built server (docs/product.md, "One way to say it",
 * "Dates", "404 and error screen"): with a survey open and a sheet typed as people type it, our
 * own copy states the prize and the survey time one way and promises no points (the spec's own
 * quoted strings stay as the spec writes them: test/server/spec-strings.test.ts), never names the
 * spreadsheet or the check's primitives, writes its own dates d/m/aaaa and the sheet's as the
 * spec displays them, and says nothing of a previous draw's rows when no draw froze a list.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayInPlay } from "../mocks/sheets";
import { startAppServer, type AppServer } from "../support/app-server";
import { decodeEntities } from "../support/html-entities";

const PAGES = ["/", "/sorteos", "/encuesta", "/bases-y-condiciones", "/privacidad", "/contacto", "/no-existe"];
const SURVEY_URL = "https://encuestas.example/diciembre";

let app: AppServer;
let folder: string;
const [year, month, day] = dayInPlay().split("-");

/** The spec's quoted strings that say the prize, the survey's time or a reward otherwise than our copy does. */
const SPEC_WORDINGS = ["Sorteo $200 USD", "2 min - Gratis", "+15 puntos ganados"];

/** What a reader sees of a page: its text without scripts, styles or tags, spaces collapsed. */
async function visibleText(urlPath: string, { withoutTables = false } = {}): Promise<string> {
  const html = await (await fetch(`${app.origin}${urlPath}`)).text();
  return decodeEntities(
    html
      .replace(withoutTables ? /<table\b[\s\S]*?<\/table>/g : /^\b$/, " ")
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, " ")
      .replace(/<[^>]+>/g, " "),
  ).replace(/\s+/g, " ");
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "site-copy-"));
  // Countries in any case and accents, today's date with leading zeros and with a time.
  const sheet = [
    "nombre,pais,id,fecha",
    `Lucía A.,argentina,C-1,${day}/${month}/${year}`,
    `Mateo B.,MEXICO,C-2,${Number(day)}/${Number(month)}/${year} 14:22:10`,
    `Sofía C.,peru,C-3,${year}-${month}-${day}`,
    "",
  ].join("\n");
  writeFileSync(path.join(folder, "sheet.csv"), sheet);
  app = await startAppServer({ PARTICIPANTS_CSV_URL: path.join(folder, "sheet.csv"), SURVEY_URL });
});
afterAll(async () => {
  await app?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe("the site's words", () => {
  it.each(PAGES)(
    "%s states the prize as US$200 and the survey as 2 a 3 minutos, and promises no points, but in the spec's own words",
    async (page) => {
      const text = SPEC_WORDINGS.reduce((left, quoted) => left.replaceAll(quoted, " "), await visibleText(page));
      expect(text).not.toMatch(/\$\s?200 USD|USD\s?200|200 dólares/);
      for (const [written] of text.matchAll(/\$\s?200/g)) expect(written).toBe("$200");
      expect(text.match(/US\$200/g)?.length ?? 0).toBe(text.match(/\$200/g)?.length ?? 0);
      // Every duration of a survey is the one figure: "2 a 3 minutos".
      expect(text).not.toMatch(/\b2 minutos|2\s?[-–]\s?3 min|entre 2 y 3|un par de minutos/i);
      // Entries per month as the FAQ says them: one per person per month, never one per survey.
      expect(text).not.toMatch(/cada encuesta (completa )?te suma/i);
      expect(text).not.toMatch(/Sumás puntos|puntos ganados|\+\d+ puntos/i);
    },
  );

  it("says alike on the home page and in the privacy policy where the answers are kept and who sees them", async () => {
    const kept =
      "Tus respuestas quedan en el formulario de la encuesta (en Google), con el email con el que respondiste; las marcas reciben las opiniones sin tu nombre ni tu email.";
    expect(await visibleText("/")).toContain(kept);
    expect(await visibleText("/privacidad")).toContain(kept);
    expect(await visibleText("/")).not.toMatch(/nunca viaja junto/);
  });

  it.each(PAGES)("%s never names the spreadsheet or the check's primitives", async (page) => {
    const text = await visibleText(page);
    expect(text).not.toMatch(/planilla/i);
    expect(text).not.toMatch(/HMAC/);
  });

  it.each(PAGES)("%s writes every date of its own d/m/aaaa", async (page) => {
    // The participant tables show the sheet's dates as the spec displays them: checked below.
    const text = await visibleText(page, { withoutTables: true });
    expect(text).not.toMatch(/\b0\d\/\d{1,2}\/\d{4}|\b\d{1,2}\/0\d\/\d{4}|\b\d{4}-\d{1,2}-\d{1,2}\b/);
  });

  it("lists each row with its country as written and its date as the spec displays it", async () => {
    const html = await (await fetch(`${app.origin}/sorteos`)).text();
    const rows = [...html.matchAll(/<tr[^>]*data-testid="participant-row"[^>]*>([\s\S]*?)<\/tr>/g)].map(([, row]) =>
      [...row!.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map(([, cell]) => cell),
    );
    // d/m/yyyy as written; yyyy-m-d as dd/mm/yyyy; anything else (a time after the date) as written.
    expect(rows).toEqual([
      ["Sofía C.", "peru", "C-3", `${day}/${month}/${year}`],
      ["Mateo B.", "MEXICO", "C-2", `${Number(day)}/${Number(month)}/${year} 14:22:10`],
      ["Lucía A.", "argentina", "C-1", `${day}/${month}/${year}`],
    ]);
    // Three countries, counted whatever their case and accents.
    expect(html).toMatch(/data-testid="stat-countries">3</);
  });

  it("says nothing of a previous draw's rows when no draw froze a list", async () => {
    const text = await visibleText("/sorteos");
    expect(text).toMatch(
      /toma las que tienen fecha del \d{1,2}\/\d{1,2}\/\d{4} al \d{1,2}\/\d{1,2}\/\d{4}, una por ID; las demás llevan una marca/,
    );
    // The rules' general wording of the window stays; no line claims rows a draw took.
    expect(text).not.toMatch(
      /salvo las del|ya entraron en el sorteo anterior|ya estaban en la lista del sorteo anterior/,
    );
  });

  it("says where a participation number comes from, beside the search", async () => {
    expect(await visibleText("/sorteos")).toContain(
      "buscá tu nombre como aparece en la lista (nombre e inicial del apellido) o tu número de participación: el ID que te muestra la encuesta al terminarla.",
    );
  });

  it("asks, with a survey open, to be told of the next one, not of surveys being ready", async () => {
    const text = await visibleText("/encuesta");
    expect(text).toContain("Avisarme de la próxima encuesta");
    expect(text).toContain(
      "Acepto que Opinion Labz use este email solo para avisarme cuando abra la próxima encuesta.",
    );
    expect(text).not.toContain("Avisarme cuando esté listo");
    expect(text).not.toMatch(/estén listas|esté listo/);
  });

  it("keeps the 404's English sentence and adds a Spanish line and Spanish links", async () => {
    const response = await fetch(`${app.origin}/no-existe`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/<p lang="en"[^>]*>Oops! Page not found<\/p>/);
    expect(html).toMatch(/lang="en"[^>]*>Return to Home</);
    expect(html).toContain(
      "No encontramos esta página: puede que el enlace esté mal escrito o que la página ya no exista.",
    );
    const nav = /<nav aria-label="Páginas del sitio"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
    const links = [...nav.matchAll(/<a[^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(([, href, text]) => [href, text]);
    expect(links).toEqual([
      ["/", "Ir al inicio"],
      ["/sorteos", "Ver el sorteo y sus participantes"],
      ["/encuesta", "Responder una encuesta"],
      ["/contacto", "Escribirnos"],
    ]);
  });
});
