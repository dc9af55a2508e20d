/**
 * Every text the spec quotes or names, with the page (and the state of the sheet) that must
 * show it as the spec writes it (docs/decisions/074-the-spec-rows-as-written-ours-beside-them.md).
 * test/server/spec-strings.test.ts checks the pages; test/root.test.tsx the router's error screen;
 * test/lib/participants/format.test.ts the last-updated forms that need a clock.
 */

/** The sheet a page is read with: the sample rows, none, an HTTP error, or a sheet that cannot be reached. */
export type SheetState = "rows" | "empty" | "http-500" | "unreachable";

export interface SpecString {
  text: string;
  /** The page that shows it; `?q=` for a search. */
  page: string;
  sheet: SheetState;
  /** Where it sits when not in the page's text: an attribute. */
  attribute?: "placeholder";
}

const onEveryPage = (text: string): SpecString[] =>
  ["/", "/encuesta", "/sorteos"].map((page) => ({ text, page, sheet: "rows" }));

export const SPEC_STRINGS: SpecString[] = [
  // The top navigation bar, on every page.
  ...["Cómo funciona", "Sorteos", "¿Por qué Opinion Labz?", "Contacto", "Empezar encuesta"].flatMap(onEveryPage),
  // Home, in the order of its sections.
  ...[
    "Ver cómo funciona",
    "Pregunta 3 de 5",
    "60% completado",
    "Anterior",
    "Siguiente",
    "100% confidencialidad",
    "Encuestas dirigidas",
    "Recompensas mensuales",
    "Te invitamos",
    "Respondés con libertad",
    "Participás del sistema",
    "Encuesta personalizada para vos",
    "+15 puntos ganados",
    "Visa US$200",
    "Ver todos los ganadores",
    "Participantes Recientes del Sorteo",
    "Participante",
    "País",
    "ID",
    "Fecha",
    "Ver todos los participantes",
    "Empezá ahora – Es gratis",
  ].map((text): SpecString => ({ text, page: "/", sheet: "rows" })),
  { text: "No hay participantes registrados aún", page: "/", sheet: "empty" },
  { text: "No pudimos cargar los participantes recientes.", page: "/", sheet: "http-500" },
  // /encuesta, the coming-soon page.
  { text: "Próximamente", page: "/encuesta", sheet: "rows" },
  { text: "Avisarme cuando esté listo", page: "/encuesta", sheet: "rows" },
  // /sorteos.
  ...[
    "Los sorteos se realizan el primer lunes de cada mes",
    "Quiero participar",
    "Sumarme al sorteo",
    "Respondé una encuesta",
    "Sorteo $200 USD",
    "2 min - Gratis",
    "Participar",
    "hace menos de 1 minuto",
  ].map((text): SpecString => ({ text, page: "/sorteos", sheet: "rows" })),
  { text: "Buscar por nombre o ID...", page: "/sorteos", sheet: "rows", attribute: "placeholder" },
  { text: "No se encontraron participantes", page: "/sorteos?q=zzzz", sheet: "rows" },
  { text: "No se encontraron participantes con ese criterio", page: "/sorteos?q=zzzz", sheet: "rows" },
  { text: "No hay participantes registrados aún", page: "/sorteos", sheet: "empty" },
  { text: "Error al cargar participantes", page: "/sorteos", sheet: "http-500" },
  { text: "Error al cargar datos: 500", page: "/sorteos", sheet: "http-500" },
  { text: "Los datos se actualizarán automáticamente en unos minutos.", page: "/sorteos", sheet: "http-500" },
  { text: "nunca", page: "/sorteos", sheet: "http-500" },
  { text: "Error desconocido", page: "/sorteos", sheet: "unreachable" },
  // The 404.
  { text: "404", page: "/no-existe", sheet: "rows" },
  { text: "Oops! Page not found", page: "/no-existe", sheet: "rows" },
  { text: "Return to Home", page: "/no-existe", sheet: "rows" },
];

/** The router error screen's words, rendered by test/root.test.tsx. */
export const ERROR_SCREEN_TEXT = "Unexpected Application Error!";
