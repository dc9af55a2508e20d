/**
 * Issue 19 over HTTP: the rules, the privacy policy and the contact page; the organizer from
 * configuration (samples marked, one production warning); every footer link answers; no
 * link goes nowhere; the rules and the FAQ state the same facts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server";
import { BROWSER_USER_AGENT } from "../support/browser";
import { decodeEntities } from "../support/html-entities";

const PAGES = ["/", "/sorteos", "/encuesta", "/bases-y-condiciones", "/privacidad", "/contacto", "/no-existe"];

const ORGANIZER = {
  ORGANIZER_NAME: "Encuestas del Sur S.R.L.",
  ORGANIZER_TAX_ID: "30712345671",
  ORGANIZER_ADDRESS: "Av. Siempre Viva 742, Rosario, Santa Fe",
  CONTACT_EMAIL: "ayuda@encuestas-sur.example",
};

let unset: AppServer;
let configured: AppServer;
beforeAll(async () => {
  [unset, configured] = await Promise.all([startAppServer(), startAppServer(ORGANIZER)]);
});
afterAll(async () => {
  await Promise.all([unset?.stop(), configured?.stop()]);
});

async function html(app: AppServer, path: string): Promise<string> {
  const response = await fetch(`${app.origin}${path}`, { headers: { "user-agent": BROWSER_USER_AGENT } });
  expect(response.status, path).toBe(path === "/no-existe" ? 404 : 200);
  return response.text();
}

/** What a reader sees: tags gone, the entities React writes decoded, spaces collapsed. */
function textOf(markup: string): string {
  return decodeEntities(markup.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]*>/g, "")).replace(/\s+/g, " ");
}

const footerOf = (page: string) => page.match(/<footer[\s\S]*<\/footer>/)![0];
const hrefsIn = (markup: string) => [...markup.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => match[1]!);

describe("links", () => {
  it.each(PAGES)("%s has no link to nowhere, and its footer links to the three pages", async (path) => {
    const page = await html(unset, path);
    expect(hrefsIn(page).filter((href) => href === "#" || href === "")).toEqual([]);
    expect(hrefsIn(footerOf(page))).toEqual(
      expect.arrayContaining(["/privacidad", "/bases-y-condiciones", "/contacto"]),
    );
  });

  it("every footer link of every page answers 200, and its anchor exists there", async () => {
    const targets = new Set<string>();
    for (const path of PAGES) for (const href of hrefsIn(footerOf(await html(unset, path)))) targets.add(href);
    expect(targets.size).toBeGreaterThanOrEqual(4);
    for (const target of targets) {
      const url = new URL(target, `${unset.origin}/`);
      const response = await fetch(url, { headers: { "user-agent": BROWSER_USER_AGENT } });
      expect(response.status, target).toBe(200);
      if (url.hash) expect(await response.text(), target).toContain(`id="${url.hash.slice(1)}"`);
    }
  });

  it("sends the FAQ's support answer to /contacto and 'Ver todos los ganadores' to the winners on /sorteos", async () => {
    const sorteos = await html(unset, "/sorteos");
    const support = sorteos.match(/¿Cómo me comunico con soporte\?[\s\S]*?<\/details>/)![0];
    expect(hrefsIn(support)).toEqual(["/contacto"]);
    const home = await html(unset, "/");
    expect(home).toMatch(/<a [^>]*href="\/sorteos#ganadores-anteriores"[^>]*>Ver todos los ganadores<\/a>/);
    expect(sorteos).toContain('id="ganadores-anteriores"');
  });
});

describe("one source of facts", () => {
  // Each fact as both pages must word it; written here, not imported.
  const FACTS = [
    "una tarjeta de regalo Visa de US$200",
    "El premio no se puede cambiar por dinero en efectivo",
    "el primer lunes de cada mes a las 12:00 (hora de Argentina)",
    "una participación por persona por mes",
    "sin obligación de compra",
    "avisamos por email",
    "Cuando hay una abierta, la encontrás en la página de la encuesta; si no hay ninguna, anotate ahí y te avisamos cuando abra la próxima",
    "30 días desde el momento del sorteo",
    "El plazo corre desde el momento del sorteo (el lunes del sorteo a las 12:00, hora de Argentina), no desde que llega el aviso",
    "el país, el número de participación (ID) y la fecha de la participación",
    "la dirección de email con la que se respondió la encuesta",
    "hacemos un nuevo sorteo entre el resto de los participantes del mes",
    "Argentina, México, Colombia, Chile, Perú, Uruguay, Paraguay, España y otros países de habla hispana",
    "18 años o más",
    "el nombre y la inicial del apellido",
    "«Valentina R., Argentina, OL-24001, 2/11/2026»",
  ];

  it("states every shared fact in the FAQ and in the rules alike", async () => {
    const faq = textOf((await html(unset, "/sorteos")).match(/data-testid="faq"[\s\S]*?<\/section>/)![0]);
    const rules = textOf(await html(unset, "/bases-y-condiciones"));
    for (const fact of FACTS) {
      expect(faq, `FAQ: ${fact}`).toContain(fact);
      expect(rules, `rules: ${fact}`).toContain(fact);
    }
    // Each in its own voice: the FAQ speaks to the visitor (vos), the rules of the winner.
    expect(faq).toContain("Si ganás, te avisamos por email");
    expect(rules).toContain("A quien gana le avisamos por email");
  });

  it("explains how the winner is chosen in the rules, in the words of /sorteos' Verificalo vos", async () => {
    const rulesSection = (await html(unset, "/bases-y-condiciones")).match(
      /id="eleccion-y-aviso"[\s\S]*?<\/section>/,
    )![0];
    const rules = textOf(rulesSection);
    const sorteos = textOf((await html(unset, "/sorteos")).match(/id="verificalo-vos"[\s\S]*?<\/section>/)![0]);
    // Each step of the method, as both pages must word it; written here, not imported.
    const METHOD = [
      "A la hora del sorteo congelamos las participaciones del mes",
      "dos autoridades de sellado de tiempo independientes de nosotros y entre sí",
      "Es siempre el primero que sale 30 minutos después de la hora del sorteo",
      "ningún otro lo reemplaza",
      // A day without both seals has no draw, and no other round stands in.
      "ese día no hay sorteo",
      "todas sus participaciones pasan al sorteo siguiente. Nunca se sortea con otro número.",
      // No secret of ours in the account.
      "no hay ningún número secreto nuestro",
      "Pasados los 30 días se resortea entre los que quedan, sin los ganadores anteriores",
      "el primero que sale 30 minutos después de cumplido el plazo",
      "Un reclamo cuenta solo si las dos autoridades lo sellan antes de que salga ese número",
      // What to keep, until when, and what anyone can check afterwards.
      "Guardalos hasta que se entregue el premio: 30 días después del sorteo, y 30 más por cada resorteo",
      "el aviso que te llegó antes del número de drand es lo que muestra que no lo cambiamos por otro",
      "que la lista es la que sellaron las dos autoridades antes del número de drand",
      "nunca con una que elijamos nosotros",
    ];
    const controlSection = (await html(unset, "/bases-y-condiciones")).match(
      /id="como-controlar"[\s\S]*?<\/section>/,
    )![0];
    for (const step of METHOD) {
      expect(`${rules} ${textOf(controlSection)}`, `rules: ${step}`).toContain(step);
      expect(sorteos, `/sorteos: ${step}`).toContain(step);
    }
    // Plain words: no programmer's terms in the rules, nor in Verificalo vos' prose (its commands aside).
    const prose = textOf(
      (await html(unset, "/sorteos"))
        .match(/id="verificalo-vos"[\s\S]*?<\/section>/)![0]
        .replace(/<pre[\s\S]*?<\/pre>/g, ""),
    );
    for (const text of [textOf(await html(unset, "/bases-y-condiciones")), prose]) {
      expect(text).not.toMatch(/SHA-?256|HMAC|\bbits?\b|\bBLS\b|RFC 3161/);
    }
    expect(hrefsIn(rulesSection)).toEqual(expect.arrayContaining(["/sorteos#verificalo-vos"]));
    // Which ids enter (ID_PATTERN's default): a lookalike is listed, marked, and takes no entry.
    expect(textOf(await html(unset, "/bases-y-condiciones"))).toContain(
      "(por ejemplo, OL-24001: «OL-» y un número que no empieza con cero). Una fila con un ID de otro formato (un cero en lugar de la O, una I en lugar de la L, un guion bajo, un guion de más o un cero adelante) aparece en la lista marcada «ID con otro formato» y no entra en el sorteo",
    );
  });

  it("names the next draw by the countdown's rule, in the rules and on the home page's preview: the first Monday at 12:00 in Argentina, still ahead", async () => {
    const rules = textOf(await html(unset, "/bases-y-condiciones"));
    const months = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre"];
    months.push("octubre", "noviembre", "diciembre");
    // Argentina is UTC-3 all year: 12:00 there is 15:00 UTC.
    const now = new Date();
    let draw = new Date(0);
    for (let month = now.getUTCMonth() - 1; draw <= now; month++) {
      const first = new Date(Date.UTC(now.getUTCFullYear(), month, 1));
      const monday = 1 + ((8 - first.getUTCDay()) % 7);
      draw = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), monday, 15));
    }
    const day = `lunes ${draw.getUTCDate()} de ${months[draw.getUTCMonth()]} de ${draw.getUTCFullYear()}`;
    expect(rules).toContain(`El próximo sorteo es el ${day} a las 12:00 (hora de Argentina).`);
    // The home page's survey preview names the same day (dd/mm), not a sample date.
    const dayMonth = `${String(draw.getUTCDate()).padStart(2, "0")}/${String(draw.getUTCMonth() + 1).padStart(2, "0")}`;
    expect(textOf(await html(unset, "/"))).toContain(`Próximo sorteo · ${dayMonth}`);
  });
});

describe("the organizer and the support address", () => {
  it("shows samples, visibly marked, while the variables are unset", async () => {
    for (const path of ["/bases-y-condiciones", "/privacidad"]) {
      const page = textOf(await html(unset, path));
      expect(page).toContain("Datos de ejemplo.");
      expect(page).toContain("Opinion Labz S.A.S. dato de ejemplo");
      expect(page).toContain("30-00000000-7 dato de ejemplo");
      expect(page).toContain("soporte@opinionlabz.example dato de ejemplo");
    }
    expect(textOf(await html(unset, "/contacto"))).toContain("soporte@opinionlabz.example dato de ejemplo");
  });

  it("shows the configured organizer, its CUIT written XX-XXXXXXXX-X, and the address as a mail link", async () => {
    for (const path of ["/bases-y-condiciones", "/privacidad", "/contacto"]) {
      const page = await html(configured, path);
      expect(page, path).not.toMatch(/[Dd]atos? de ejemplo/);
      expect(page, path).toContain('href="mailto:ayuda@encuestas-sur.example"');
    }
    for (const path of ["/bases-y-condiciones", "/privacidad"]) {
      const page = textOf(await html(configured, path));
      expect(page).toContain(
        "Encuestas del Sur S.R.L., CUIT 30-71234567-1, con domicilio en Av. Siempre Viva 742, Rosario, Santa Fe",
      );
    }
  });

  it("warns once at production start-up, naming the unset variables", () => {
    const warnings = unset
      .output()
      .match(/\[config\] ORGANIZER_NAME, ORGANIZER_TAX_ID, ORGANIZER_ADDRESS, CONTACT_EMAIL no están configuradas/g);
    expect(warnings).toHaveLength(1);
    expect(configured.output()).not.toMatch(/ORGANIZER_|CONTACT_EMAIL/);
  });
});

describe("the privacy policy", () => {
  it("holds the rights, how to use them, no sale of data, and the notice of Disposición DNPDP 10/2008", async () => {
    const page = textOf(await html(unset, "/privacidad"));
    for (const text of [
      "acceso a tus datos, que los corrijamos o actualicemos, y que los borremos",
      "No vendemos, alquilamos ni cedemos tus datos",
      "No registran tu dirección IP ni lo que buscás",
      "El titular de los datos personales tiene la facultad de ejercer el derecho de acceso a los mismos en forma gratuita a intervalos no inferiores a seis meses, salvo que se acredite un interés legítimo al efecto conforme lo establecido en el artículo 14, inciso 3 de la Ley N° 25.326.",
      "La AGENCIA DE ACCESO A LA INFORMACIÓN PÚBLICA, en su carácter de Órgano de Control de la Ley N° 25.326, tiene la atribución de atender las denuncias y reclamos que interpongan quienes resulten afectados en sus derechos por incumplimiento de las normas vigentes en materia de protección de datos personales.",
    ]) {
      expect(page).toContain(text);
    }
  });

  it("states how long the forms' data is kept, as the server deletes it", async () => {
    // Enforced by the waitlist's 7-day link, the outbox's 30-day purge and the forms sweep's
    // 365 days (test/server/waitlist.test.ts, test/lib/mail, test/lib/forms).
    const page = textOf(await html(unset, "/privacidad"));
    for (const text of [
      "Si no confirmás tu email, lo borramos a los 7 días.",
      "guardamos tu email marcado como dado de baja, solo para no volver a escribirte",
      "con el enlace para borrarlo que va en cada email nuestro, lo borramos del todo",
      // The block a deletion leaves (app/lib/forms/mailbox-rules.server.ts, test/server/unsubscribed.test.ts).
      "durante 30 días no aceptamos que nadie vuelva a anotar esa casilla ni le escribimos: para eso guardamos solo una huella cifrada de la casilla",
      "Mensajes de contacto: 12 meses desde que nos escribiste",
      "Copias de los emails que te mandamos: 30 días desde que los enviamos",
    ]) {
      expect(page).toContain(text);
    }
  });
});
