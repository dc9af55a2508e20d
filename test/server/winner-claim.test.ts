/**
 * The winner told, and the claim theirs (docs/draw.md, "The winner told"), through the built
 * server on a moved clock, the real SMTP sink and two real authorities stamping the server's
 * clock: `draw -- tell-winner` mails the winner (text and HTML, the claim link); the link opens a
 * page with a button, whose press records the claim and has it sealed; `status`, `sorteo.json`
 * and the team's mail say when the winner was told and when they claimed; with the authorities
 * down the page says the claim waits for its seals, and the server's witnesses seal it once they
 * are back; `privacy -- show/delete` find the address, kept until the claim period ends. A winner who never
 * clicks gets one reminder 7 days before the deadline, and after it the link says so and the
 * prize is the redraw's. Each refusal and usage error in one Spanish line, with its exit code.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/server/parse-env.server";
import { openStorage } from "~/lib/storage/open-storage.server";
import { freePort, ROOT, startAppServer, TEST_FORM_SECRET, type AppServer } from "../support/app-server";
import { drawCommand } from "../support/draw-command";
import { opsCommand } from "../support/ops-command";
import { QUICKNET_DRAW, recordQuicknetDraw } from "../support/quicknet-draw";
import { startSmtpServer, type ReceivedMail, type SmtpServer } from "../support/smtp-server";
import { startWitnessPair, type WitnessPair } from "../support/timestamp-authority";
import { mailsTo, openMailLink } from "../support/waitlist";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** August's draw (quicknet's real round) and October's, the same list drawn again on its own first Monday. */
const AUGUST = Date.parse(QUICKNET_DRAW.drawAt);
const OCTOBER = Date.parse("2024-10-07T15:00:00.000Z");
const DECEMBER = Date.parse("2024-12-02T15:00:00.000Z");
const CONTACT = "equipo@opinionlabz.example";
const WINNER = "valentina@example.com";

/** The claim link a winner's mail carries, in its text and its HTML alike. */
function claimLink(mail: ReceivedMail): string {
  const link = mail.text.match(/https?:\/\/\S+\/avisos\/premio\?t=\S+/)?.[0];
  if (!link) throw new Error(`no claim link in:\n${mail.text}`);
  expect(mail.html).toContain(`href="${link}"`);
  return link;
}

/** A refusal's one line on stderr (without the log's JSON events and configuration notes). */
const refusal = (stderr: string) =>
  stderr
    .trim()
    .split("\n")
    .filter((line) => !line.startsWith("[config]") && !line.startsWith('{"event"'));

describe("the winner told by mail, and claiming with its link", () => {
  let smtp: SmtpServer;
  let witnesses: WitnessPair;
  let app: AppServer;
  let dataDir: string;
  let env: Record<string, string>;
  /** The server's clock is the real one moved by `offset`; its authorities stamp the same. */
  let offset = 0;
  const serverNow = () => Date.now() + offset;
  const advance = async (ms: number) => {
    await app.advanceClock(ms);
    offset += ms;
  };
  /** The built draw command, its clock a second behind the server's (its mail is due at once there). */
  const draw = (args: string[]) => drawCommand(env, args, { now: new Date(serverNow() - 1000), built: true });
  const privacyShow = (email: string) =>
    opsCommand("privacy", ["show", email], env, { clockAt: new Date(serverNow()) });
  /** A page render: what kicks the server's timers on its own clock, as a visitor's request does. */
  const renderPage = () => fetch(`${app.origin}/sorteos`).then((response) => response.text());

  beforeAll(async () => {
    smtp = await startSmtpServer();
    witnesses = await startWitnessPair(["Testigo del Premio Uno", "Testigo del Premio Dos"]);
    dataDir = mkdtempSync(path.join(tmpdir(), "winner-claim-"));
    const port = await freePort();
    env = {
      DATA_DIR: dataDir,
      SITE_URL: `http://127.0.0.1:${port}`,
      CONTACT_EMAIL: CONTACT,
      FORM_SECRET: TEST_FORM_SECRET,
      ...witnesses.env,
    };
    const storage = await openStorage(parseEnv(env, ROOT).database);
    try {
      await recordQuicknetDraw(storage.db);
      await recordQuicknetDraw(storage.db, OCTOBER);
      await recordQuicknetDraw(storage.db, DECEMBER);
    } finally {
      await storage.db.destroy();
    }
    const startAt = AUGUST + 3 * DAY;
    offset = startAt - Date.now();
    witnesses.setClock(() => new Date(serverNow()));
    app = await startAppServer(
      { ...env, NODE_ENV: "test", SMTP_URL: smtp.url, SHARED_MAX_AGE_SECONDS: "1" },
      { port, clockAt: new Date(startAt), movableClock: true },
    );
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
    await witnesses?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "mails the winner, and the link's button records the claim sealed by two authorities, told everywhere",
    { timeout: 120_000 },
    async () => {
      // A mistyped address first: telling again replaces it, and its link stops working.
      const typo = await draw(["tell-winner", "2024-08", "valentna@example.com"]);
      expect(typo.code, typo.stderr).toBe(0);
      const told = await draw(["tell-winner", "2024-08", WINNER]);
      expect(told.code, told.stderr).toBe(0);
      const deadline = new Date(AUGUST + 30 * DAY).toISOString();
      expect(told.stdout).toContain(`(ID ${QUICKNET_DRAW.round.winnerId})`);
      expect(told.stdout).toMatch(
        new RegExp(`puede reclamar: +hasta el 4/9/2024, 12:00 hora de Argentina \\(${deadline}\\)`),
      );
      expect(told.stdout).toContain(`(${new Date(AUGUST + 23 * DAY).toISOString()}), si todavía no reclamó`);
      expect(told.stdout).toMatch(/avisos anteriores: +1 enlace dejó de funcionar, y su dirección se borró/);

      const [mail] = await mailsTo(smtp, WINNER);
      expect(mail!.subject).toBe("Ganaste el sorteo de Opinion Labz de agosto de 2024");
      for (const part of [mail!.text, mail!.html]) {
        expect(part).toContain("una tarjeta de regalo Visa de US$200");
        expect(part).toContain("Tenés hasta el 4/9/2024, 12:00 (hora de Argentina) para reclamarlo");
        expect(part).toContain(
          `Tu participación ${QUICKNET_DRAW.round.winnerId} salió en el sorteo del lunes 5 de agosto de 2024`,
        );
        expect(part).toContain("Reclamar mi premio");
      }
      const [typoMail] = await mailsTo(smtp, "valentna@example.com");
      const replaced = await openMailLink(claimLink(typoMail!));
      const pressedReplaced = await replaced.press();
      expect(pressedReplaced.status).toBe(410);
      expect(await pressedReplaced.text()).toContain("Este enlace venció o ya no es válido");

      // The link opens a page with a button; opening it claims nothing.
      const opened = await openMailLink(claimLink(mail!));
      expect(opened.page.headers.get("cache-control")).toBe("no-store");
      expect(opened.html).toContain("Reclamar mi premio");
      expect((await draw(["status"])).stdout).not.toMatch(/premio: +reclam/);
      // Another site's page cannot press it for the winner.
      const crossSite = await fetch(`${app.origin}/avisos/premio`, {
        method: "POST",
        headers: { origin: "https://otro.example", "content-type": "application/x-www-form-urlencoded" },
        body: "t=x",
      });
      expect(crossSite.status).toBe(403);

      const pressedAt = serverNow();
      const pressed = await opened.press();
      expect(pressed.status).toBe(200);
      const answer = await pressed.text();
      expect(answer).toContain("Premio reclamado");
      expect(answer).toMatch(
        /dos autoridades de sellado de tiempo lo sellaron el 8\/8\/2024, \d\d:\d\d \(hora de Argentina\)/,
      );

      const status = (await draw(["status"])).stdout;
      expect(status).toMatch(/ganador avisado: +ronda 0, el 8\/8\/2024, 12:0\d hora de Argentina/);
      expect(status).toMatch(/premio: +reclamado el 8\/8\/2024, [^\n]*\(su primer sello\)/);
      expect(status).toContain("próximo resorteo:   no hay: el premio se reclamó el");
      // The pages read the records again once they changed (a request later at most).
      type Record = { told: { round: number; at: string }[]; claimedAt: string | null };
      const sorteoJson = async () =>
        (await (await fetch(`${app.origin}/sorteos/2024-08-05/sorteo.json`)).json()) as Record;
      await expect.poll(async () => (await sorteoJson()).claimedAt, { timeout: 10_000 }).not.toBeNull();
      const record = await sorteoJson();
      expect(record.told.map((telling) => telling.round)).toEqual([0, 0]);
      expect(Date.parse(record.told[1]!.at)).toBeLessThan(pressedAt);
      expect(Date.parse(record.claimedAt!)).toBeGreaterThanOrEqual(pressedAt - 5000);
      expect(Date.parse(record.claimedAt!)).toBeLessThan(Date.parse(deadline));

      // The team's notice: Reply-To the winner, when told, when claimed, sealed.
      const [notice] = await mailsTo(smtp, CONTACT);
      expect(notice!.subject).toBe(
        `Sorteo de 2024-08: el ganador reclamó el premio (ID ${QUICKNET_DRAW.round.winnerId})`,
      );
      expect(notice!.headers.get("reply-to")).toBe(WINNER);
      expect(notice!.text).toMatch(
        /Le avisamos el 8\/8\/2024, 12:0\d \(hora de Argentina\), a valentina@example\.com\./,
      );
      expect(notice!.text).toContain("Dos autoridades independientes sellaron el reclamo el");

      // Pressed again: the same answer, nothing new. Told again: refused, the claim stands.
      const again = await (await openMailLink(claimLink(mail!))).press();
      expect(await again.text()).toContain("Premio reclamado");
      const tellAgain = await draw(["tell-winner", "2024-08", WINNER]);
      expect(tellAgain.code).toBe(2);
      expect(refusal(tellAgain.stderr)).toEqual([
        expect.stringMatching(
          /^Rechazado: el premio de 2024-08 ya está registrado como reclamado el 8\/8\/2024, .*\.$/,
        ),
      ]);
      // Its address is kept until the claim period ends, and `privacy -- show` lists it.
      const shown = await privacyShow(WINNER);
      expect(shown.stdout).toMatch(
        /Sorteo de 2024-08: avisado el 8\/8\/2024, 12:0\d \(a valentina@example\.com\); se borra el 4\/9\/2024, 12:30\./,
      );
      // Deleted on request: the address and the link go, the instants stay with the record.
      const deleted = await opsCommand("privacy", ["delete", WINNER, "--yes"], env, { clockAt: new Date(serverNow()) });
      expect(deleted.stdout).toContain("  Avisos de premio del sorteo: 1");
      expect((await privacyShow(WINNER)).stdout).toContain("Avisos de premio: ninguno.");
      expect((await draw(["status"])).stdout).toMatch(/ganador avisado: +ronda 0, el 8\/8\/2024/);
    },
  );

  it(
    "reminds a winner who never clicks once, 7 days before the deadline, and after it the prize is the redraw's",
    { timeout: 120_000 },
    async () => {
      await advance(OCTOBER + DAY - serverNow());
      const told = await draw(["tell-winner", "2024-10", "winner+premio@example.com"]);
      expect(told.code, told.stderr).toBe(0);
      const [mail] = await mailsTo(smtp, "winner+premio@example.com");
      const link = claimLink(mail!);
      const deadline = OCTOBER + 30 * DAY;

      await advance(deadline - 7 * DAY + MINUTE - serverNow());
      await renderPage();
      const reminders = () => mailsTo(smtp, "winner+premio@example.com", 2);
      const [, reminder] = await reminders();
      // Should a mail come twice, the server's own account of its sending says how.
      const mailEvents = app
        .output()
        .split("\n")
        .filter((line) => line.includes('"event":"mail.') || line.startsWith("[mail]"))
        .join("\n");
      expect(reminder!.subject, mailEvents).toBe("Te quedan 7 días para reclamar tu premio de Opinion Labz");
      expect(reminder!.text).toContain("Tenés hasta el 6/11/2024, 12:00 (hora de Argentina)");
      expect(reminder!.text).toContain("Te escribimos el 8/10/2024 para avisarte que ganaste");
      // The same link as the first mail.
      expect(claimLink(reminder!)).toBe(link);
      const status = (await draw(["status"])).stdout;
      const remindedAt = /recordatorio el [^\n]*\((\S+)\)/.exec(status)?.[1];
      expect(Date.parse(remindedAt!)).toBeGreaterThanOrEqual(deadline - 7 * DAY);
      expect(Date.parse(remindedAt!)).toBeLessThan(deadline - 7 * DAY + 5 * MINUTE);

      // A day later the timer runs again: no second reminder. Past the claim period (its redraw's
      // round out), the address and the link are gone.
      await advance(DAY);
      await renderPage();
      await advance(deadline + 31 * MINUTE - serverNow());
      await expect
        .poll(
          async () => {
            await renderPage();
            return (await privacyShow("winner@example.com")).stdout;
          },
          { timeout: 30_000 },
        )
        .toContain("Avisos de premio: ninguno.");
      expect(smtp.mails().filter((sent) => sent.to === "winner+premio@example.com")).toHaveLength(2);
      const late = await (await openMailLink(link)).press();
      expect(late.status).toBe(410);
      expect(await late.text()).toContain("Este enlace venció o ya no es válido");
      const tooLate = await draw(["tell-winner", "2024-10", "winner@example.com"]);
      expect(tooLate.code).toBe(2);
      expect(refusal(tooLate.stderr)).toEqual([
        "Rechazado: el plazo para reclamar el premio de 2024-10 venció el 6/11/2024, 12:00 hora de Argentina (2024-11-06T15:00:00.000Z): corresponde el resorteo (`npm run draw -- redraw 2024-10`), y avisarle a su ganador.",
      ]);
      const afterDeadline = (await draw(["status"])).stdout;
      expect(afterDeadline).toMatch(/ganador avisado: +ronda 0, el 8\/10\/2024[^\n]*; recordatorio el 30\/10\/2024/);
      // The calendar allows the redraw now (this record's own list was never sealed, which `redraw` says).
      const redraw = await draw(["redraw", "2024-10"]);
      expect(redraw.stderr).not.toContain("se puede hacer desde el");
    },
  );

  it(
    "says a claim is recorded while its seals are missing, and the server's witnesses seal it later",
    { timeout: 120_000 },
    async () => {
      await advance(DECEMBER + DAY - serverNow());
      expect((await draw(["tell-winner", "2024-12", "sofia@example.com"])).code).toBe(0);
      const [mail] = await mailsTo(smtp, "sofia@example.com");
      for (const authority of witnesses.authorities) authority.mode = "down";
      const pressed = await (await openMailLink(claimLink(mail!))).press();
      expect(pressed.status).toBe(200);
      const answer = await pressed.text();
      expect(answer).toContain("Reclamo registrado");
      expect(answer).toContain("Todavía faltan los sellos de las autoridades de sellado de tiempo");
      // Until its redraw's round: 30 days from the draw instant and 30 minutes.
      expect(answer).toContain("los seguimos pidiendo solos hasta el 1/1/2025, 12:30 (hora de Argentina)");
      const notices = () =>
        smtp.mails().filter((sent) => sent.subject.startsWith("Sorteo de 2024-12: el ganador reclamó"));
      await expect.poll(() => notices().length, { timeout: 30_000 }).toBe(1);
      expect(notices()[0]!.text).toContain("Todavía faltan los sellos de dos autoridades");
      const pending = await draw(["tell-winner", "2024-12", "sofia@example.com"]);
      expect(refusal(pending.stderr)).toEqual([
        "Rechazado: el ganador de 2024-12 ya reclamó el premio: el reclamo está escrito y espera los sellos de dos autoridades (mirá `npm run draw -- status`).",
      ]);
      // The authorities back: the server asks again (5 s after a failure), and the claim counts.
      for (const authority of witnesses.authorities) authority.mode = "up";
      await expect
        .poll(async () => (await draw(["status"])).stdout, { timeout: 60_000, interval: 2000 })
        .toMatch(/Sorteo del 2\/12\/2024[\s\S]*premio: +reclamado el 3\/12\/2024/);
      const again = await (await openMailLink(claimLink(mail!))).press();
      expect(await again.text()).toContain("Premio reclamado");
    },
  );

  it("refuses each case in one Spanish line (exit 2), and bad usage naming the argument (exit 64)", async () => {
    for (const [args, line] of [
      [["tell-winner", "2024-07", WINNER], "Rechazado: no hubo sorteo en 2024-07: mirá `npm run draw -- status`."],
      [
        ["tell-winner", "2024-09", WINNER],
        "Rechazado: el sorteo de 2024-09 no tiene ganador: todavía no se hizo, o ese día no hubo sorteo (mirá `npm run draw -- status`).",
      ],
      [
        ["tell-winner", "2024-08", "Valentina <valentina@example.com>"],
        'Rechazado: "Valentina <valentina@example.com>" no es una dirección de email que el sitio acepte: escribila como nombre@ejemplo.com, sin nombre ni comillas.',
      ],
    ] as const) {
      const refused = await draw([...args]);
      expect(refused.code, args.join(" ")).toBe(2);
      expect(refusal(refused.stderr), args.join(" ")).toEqual([line]);
      expect(refused.stdout).toBe("");
    }
    for (const [args, problem] of [
      [["tell-winner"], "Falta el mes."],
      [["tell-winner", "2024-08"], "Falta la dirección de email."],
      [["tell-winner", "2024-13", WINNER], "«2024-13» no es un mes válido: escribilo AAAA-MM, como 2026-12."],
      [["tell-winner", "2024-08", WINNER, "otra@example.com"], "Sobra «otra@example.com»."],
      [["tell-winner", "2024-08", WINNER, "--yes"], "tell-winner no lleva la opción «--yes»."],
    ] as const) {
      const usage = await drawCommand({}, [...args], { built: true });
      expect(usage.code, args.join(" ")).toBe(64);
      expect(usage.stderr.startsWith(problem), usage.stderr).toBe(true);
      expect(usage.stderr).toContain("| tell-winner <AAAA-MM> <email>");
    }
  });
});
