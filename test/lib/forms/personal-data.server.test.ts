/**
 * What `npm run privacy -- show` says of rows in each state, on a real embedded database with
 * stated instants (the command itself, on both databases: test/server/privacy.test.ts).
 */
import { describe, expect, it } from "vitest";
import { describePersonalData, personalData } from "~/lib/forms/personal-data.server";
import type { OutboxTable } from "~/lib/storage/schema";
import { useTemporaryStorage } from "../../support/temporary-storage";

/** 24 November 2026, 09:30 in Argentina. */
const T0 = Date.parse("2026-11-24T12:30:00Z");
const HOUR = 60 * 60 * 1000;

const storage = useTemporaryStorage("personal-data-");

const mail = (id: string, state: Partial<OutboxTable>): OutboxTable => ({
  id,
  kind: "waitlist-confirm",
  recipient: "pepa@example.com",
  reply_to: null,
  mailbox: "pepa@example.com",
  subject: `Asunto ${id}`,
  text_body: "¡Hola!\n\nConfirmá acá:\nhttps://opinionlabz.test/avisos/confirmar?t=secreto-123\n",
  html_body: "<p>¡Hola!</p>",
  headers: "{}",
  created_at: T0,
  attempts: 0,
  next_attempt_at: T0,
  claimed_until: null,
  sent_at: null,
  gave_up_at: null,
  last_error: null,
  paced: null,
  network: null,
  domain: null,
  also_filed_under: null,
  ...state,
});

describe("describePersonalData", () => {
  it("says when a pending address's link expires, and whether each mail waits, retries or was given up", async () => {
    await storage.db
      .insertInto("waitlist")
      .values({
        email: "pepa@example.com",
        mailbox: "pepa@example.com",
        status: "pending",
        token: "secreto-123",
        subscribed_at: T0,
        confirmed_at: null,
        unsubscribed_at: null,
        confirm_expires_at: T0 + 7 * 24 * HOUR,
        last_mail_at: T0,
      })
      .execute();
    await storage.db
      .insertInto("outbox")
      .values([
        mail("a", {}),
        mail("b", { created_at: T0 + HOUR, attempts: 2, last_error: "connect ECONNREFUSED" }),
        mail("c", { created_at: T0 + 2 * HOUR, attempts: 1, gave_up_at: T0 + 3 * HOUR, last_error: "550 no existe" }),
        mail("d", { recipient: "otra@example.com", mailbox: "otra@example.com", created_at: T0 + 4 * HOUR }),
      ])
      .execute();

    const text = describePersonalData(await personalData(storage.db, "pepa@example.com"), T0 + 5 * HOUR);
    expect(text).toContain("Consulta del 24/11/2026, 14:30. Las fechas y horas están en hora de Argentina.");
    expect(text).toContain(
      [
        "Aviso de encuestas",
        "  Estado: pendiente de confirmación",
        "  Pedido el: 24/11/2026, 09:30",
        "  El enlace para confirmar vence el: 1/12/2026, 09:30",
        "  Último email para confirmar: 24/11/2026, 09:30",
      ].join("\n"),
    );
    expect(text).toContain("Mensajes de contacto: ninguno.");
    expect(text).toContain("Emails: 3\n  1. «Asunto a»");
    expect(text).toContain("Estado: en espera de envío (todavía sin intentar).");
    expect(text).toContain("Estado: en espera de envío (2 intentos fallidos). Último error: connect ECONNREFUSED");
    expect(text).toContain(
      "Estado: no se pudo enviar; dejamos de intentarlo el 24/11/2026, 12:30. Último error: 550 no existe",
    );
    expect(text).toContain("     | https://opinionlabz.test/avisos/confirmar?t=(oculto)");
    expect(text).not.toContain("secreto-123");
    expect(text).not.toContain("Asunto d");
  });

  it("says so when nothing is kept", async () => {
    const text = describePersonalData(await personalData(storage.db, "nadie@example.com"), T0);
    expect(text).toContain("El sitio de Opinion Labz no guarda ningún dato sobre esta dirección.");
    expect(text).toContain("Aviso de encuestas: no figura en la lista.");
    expect(text).toContain("Emails: ninguno.");
  });
});
