/**
 * What `npm run status` reads and says, on a real embedded database, the clock passed in: the
 * servers' reports (running within a minute, kept a day), what needs a look, and the Spanish
 * text. The command over a built server is in test/server/health-and-status.test.ts.
 */
import { describe, expect, it } from "vitest";
import { freezeDueDraw } from "~/lib/draw-records/freeze.server";
import { ensureUpcoming } from "~/lib/draw-records/stored-draws.server";
import { deleteOldReports, describeSiteStatus, needsAttention, siteStatus } from "~/lib/forms/site-status.server";
import { enqueueMail } from "~/lib/mail/outbox.server";
import { DRAW, noNotices, sheet } from "../../support/draw-records";
import { useTemporaryStorage } from "../../support/temporary-storage";

const T0 = Date.UTC(2026, 10, 26, 15);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const storage = useTemporaryStorage("status-");

async function reportAt(id: string, seenAt: number, lastError: string | null = null): Promise<void> {
  const report = {
    sheet: {
      count: 30,
      fetchedAt: new Date(seenAt - 2 * MINUTE).toISOString(),
      ageSeconds: 120,
      lastError,
      source: "url",
    },
    mailsPerHour: { visitors: 400, team: 20 },
    siteUrl: "https://opinionlabz.example",
    surveyUrl: null,
  };
  await storage.db
    .insertInto("instances")
    .values({ id, started_at: seenAt - HOUR, seen_at: seenAt, report: JSON.stringify(report) })
    .execute();
}

describe("the site's status", () => {
  it("lists the servers of the last day, running if heard from within a minute, with the budgets they report", async () => {
    await reportAt("web-1:10", T0 - 5_000);
    await reportAt("web-2:11", T0 - 2 * MINUTE);
    await reportAt("web-3:12", T0 - 25 * HOUR);
    await deleteOldReports(storage.db, T0);
    const status = await siteStatus(storage.db, "embedded", T0);
    expect(status.servers.map((server) => [server.id, server.running])).toEqual([
      ["web-1:10", true],
      ["web-2:11", false],
    ]);
    // The servers' figures, not this process's: 400 an hour, a client 1/40, a domain 1/20.
    expect(status.budgets.visitors).toMatchObject({ perHour: 400, perClient: 10, perDomain: 20 });
    expect(status.budgets.team).toMatchObject({ perHour: 20, perClient: 2 });
    const text = describeSiteStatus(status);
    expect(text).toContain("  web-1:10: funcionando; arrancó el 26/11/2026, 10:59, última señal hace 5 s.\n");
    expect(text).toContain("  web-2:11: sin señales; arrancó el 26/11/2026, 10:58, última señal hace 2 min.\n");
    expect(text).toContain(
      "    Participantes: la planilla publicada (PARTICIPANTS_CSV_URL), 30 filas, bajadas hace 2 min. Sin errores.\n",
    );
    expect(text).toContain("  A visitantes: 0 de 400 (FORM_MAILS_PER_HOUR).");
    expect(text).toMatch(/\nTodo en orden\.\n$/);
  });

  it("says what needs a look: no server in the last minute, a sheet failing, a mail waiting 15 minutes", async () => {
    expect(needsAttention(await siteStatus(storage.db, "embedded", T0))).toEqual([
      "Ningún servidor dio señales en el último minuto.",
    ]);
    await reportAt("web-1:10", T0 - 5_000, "No pudimos cargar la lista de participantes.");
    await enqueueMail(
      storage.db,
      { kind: "waitlist-confirm", to: "a@example.com", subject: "x", text: "x", html: "x" },
      T0 - 15 * MINUTE,
    );
    // Exactly 15 minutes is not yet late.
    expect(needsAttention(await siteStatus(storage.db, "embedded", T0))).toEqual([
      "web-1:10 no pudo actualizar la planilla: «No pudimos cargar la lista de participantes.».",
    ]);
    const later = await siteStatus(storage.db, "embedded", T0 + 1_000);
    expect(needsAttention(later)).toHaveLength(2);
    expect(describeSiteStatus(later)).toContain(
      '\nPara revisar:\n  - web-1:10 no pudo actualizar la planilla: «No pudimos cargar la lista de participantes.».\n  - Hay emails esperando desde hace 15 min: revisá SMTP_URL y el log de los servidores ("mail.retry").\n',
    );
  });

  it("on draw day says which seals the list lacks and what is at stake, which mails were given up, and a day with no draw", async () => {
    const authorities = "http://timestamp.digicert.com y http://timestamp.sectigo.com";
    // Registered ten days before; frozen at the instant, never sealed.
    await ensureUpcoming(storage.db, DRAW - 10 * 24 * HOUR);
    const before = await siteStatus(storage.db, "embedded", DRAW - 10 * 24 * HOUR + 30 * MINUTE);
    expect(describeSiteStatus(before)).toContain(
      "\nPróximo sorteo: 7/12/2026, 12:00 (hora de Argentina)\n  Lista: todavía sin congelar.\n",
    );
    expect(needsAttention(before).filter((line) => line.includes("sorteo"))).toEqual([]);
    await freezeDueDraw(storage.db, async () => sheet(["OL-1", "OL-2", "OL-3"]), DRAW + 1000, noNotices);
    await reportAt("web-7:70", DRAW + 4 * MINUTE);
    const mailId = await enqueueMail(
      storage.db,
      { kind: "contact", to: "equipo@example.com", replyTo: "ana@example.com", subject: "x", text: "x", html: "x" },
      DRAW,
    );
    await storage.db
      .updateTable("outbox")
      .set({ gave_up_at: DRAW + MINUTE, last_error: "550 5.1.1 No such mailbox" })
      .where("id", "=", mailId)
      .execute();

    // Two minutes after the freeze a missing seal of the list is not news yet; at four it is.
    const early = needsAttention(await siteStatus(storage.db, "embedded", DRAW + 1000 + 2 * MINUTE));
    expect(early.filter((line) => line.includes("la lista"))).toEqual([]);
    const status = await siteStatus(storage.db, "embedded", DRAW + 4 * MINUTE);
    const attention = needsAttention(status);
    expect(attention).toContain(
      'Ninguna autoridad selló la lista del sorteo del 7/12/2026, 12:00, congelada hace 3 min; si no llegan los sellos de las dos autoridades antes de la ronda de drand del 7/12/2026, 12:30, ese día no hay sorteo y sus participaciones pasan al siguiente: revisá los "draw.witness_retry" del log (docs/operations.md, "The witnesses").',
    );
    expect(attention).toContain(
      '1 email abandonado en las últimas 24 horas: el servidor SMTP los rechazó para siempre o no los pudo mandar en 7 días; revisá el log ("mail.given_up") y SMTP_URL.',
    );
    expect(attention).toContain(
      "1 email al equipo (CONTACT_EMAIL) no llegó: un mensaje de /contacto. Está en el outbox: npm run privacy -- show <email> lo muestra.",
    );
    expect(describeSiteStatus(status)).toContain(
      `  Lista: congelada el 7/12/2026, 12:00; sellos: falta ${authorities}.\n`,
    );
    // Past the round with no seal: that day had no draw, said for a day.
    const missed = needsAttention(await siteStatus(storage.db, "embedded", DRAW + 31 * MINUTE));
    expect(missed).toContain(
      'No hubo sorteo el 7/12/2026, 12:00: su lista no tuvo los sellos de dos autoridades antes de la ronda, y sus participaciones pasan al sorteo del 4/1/2027, 12:00. Corré npm run draw -- status y mirá docs/operations.md, "The witnesses".',
    );
    expect(missed.filter((line) => line.includes("Ninguna autoridad"))).toEqual([]);
    // A day later the given-up mail is no longer news (it stays counted for 30 days).
    const dayAfter = needsAttention(await siteStatus(storage.db, "embedded", DRAW + MINUTE + 24 * HOUR + 1));
    expect(dayAfter.filter((line) => line.includes("abandonado") || line.includes("No hubo sorteo"))).toEqual([]);
  });
});
