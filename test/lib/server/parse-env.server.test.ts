import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/lib/server/parse-env.server";
import { ROOT } from "../../support/app-server";

/** The sample sheet the repository ships, served when PARTICIPANTS_CSV_URL is unset. */
const BUNDLED_SAMPLE_SHEET = "app/lib/participants/sample-sheet.csv";

const cwd = mkdtempSync(path.join(tmpdir(), "env-test-"));
const sheetFile = path.join(cwd, "sheet.csv");
writeFileSync(sheetFile, "nombre,pais,id,fecha\n");

describe("parseEnv", () => {
  it("defaults to production, the bundled sample sheet, 300 s, 8000 ms, port 3000, a local site URL, 200 form mails, 30 mails to the team and 1,000 survey notices an hour", () => {
    expect(parseEnv({}, ROOT)).toEqual({
      mode: "production",
      sheetSource: { kind: "file", path: path.resolve(ROOT, BUNDLED_SAMPLE_SHEET), isBundledSample: true },
      ttlMs: 300_000,
      timeoutMs: 8000,
      port: 3000,
      sharedMaxAgeSeconds: 60,
      siteUrl: "http://localhost:3000",
      participantNames: "initial",
      organizer: {
        name: { value: "Opinion Labz S.A.S.", sample: true },
        taxId: { value: "30-00000000-7", sample: true },
        address: { value: "Calle de Ejemplo 123, Ciudad Autónoma de Buenos Aires, Argentina", sample: true },
      },
      contactEmail: { value: "soporte@opinionlabz.example", sample: true },
      database: { kind: "embedded", file: path.join(ROOT, "data", "opinion-labz.sqlite") },
      mail: {
        smtpUrl: null,
        from: "Opinion Labz <hola@localhost>",
        formMailsPerHour: 200,
        contactMailsPerHour: 30,
        noticeMailsPerHour: 1000,
        drawNoticeMailsPerHour: 2000,
      },
      drawNow: null,
      draw: { relays: null, relayTimeoutMs: 10_000, rehearsalKey: null },
      witnesses: { authorities: null, testRootsFile: null, ignoredRootsFile: null, timeoutMs: 10_000 },
      surveyUrl: null,
      trustedProxies: ["127.0.0.0/8", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "::1/128", "fc00::/7"],
      idPattern: "^OL-[1-9][0-9]*$",
      formSecret: null,
      formSecretFile: path.join(ROOT, "data", "form-secret"),
      runsInImage: false,
    });
    expect(parseEnv({ PORT: "8080" }, ROOT).siteUrl).toBe("http://localhost:8080");
    expect(parseEnv({ SURVEY_URL: "https://forms.example/encuesta-diciembre?x=1" }, ROOT).surveyUrl).toBe(
      "https://forms.example/encuesta-diciembre?x=1",
    );
  });

  it("trusts the proxies TRUST_PROXY lists, or none", () => {
    expect(parseEnv({ TRUST_PROXY: " 203.0.113.0/24, 2001:db8:cd::/48 ,192.0.2.7" }, ROOT).trustedProxies).toEqual([
      "203.0.113.0/24",
      "2001:db8:cd::/48",
      "192.0.2.7",
    ]);
    expect(parseEnv({ TRUST_PROXY: "none" }, ROOT).trustedProxies).toEqual([]);
  });

  it("takes the organizer's id format, anchored, and names ID_PATTERN when it is not one", () => {
    expect(parseEnv({ ID_PATTERN: " ^P[0-9]{6}$ " }, ROOT).idPattern).toBe("^P[0-9]{6}$");
    expect(() => parseEnv({ ID_PATTERN: "P[0-9]{6}" }, ROOT)).toThrow(
      'Configuración inválida: ID_PATTERN tiene que ser una expresión regular sobre el ID canónico, anclada (^…$), de hasta 200 caracteres, como ^OL-[1-9][0-9]*$; y es "P[0-9]{6}"',
    );
  });

  it("keeps data under DATA_DIR, or in the PostgreSQL of DATABASE_URL, and mail settings as given", () => {
    expect(parseEnv({ DATA_DIR: "/var/lib/site" }, ROOT).database).toEqual({
      kind: "embedded",
      file: "/var/lib/site/opinion-labz.sqlite",
    });
    const env = parseEnv(
      {
        DATABASE_URL: "postgresql://site:secret@db.internal:5432/site",
        SMTP_URL: "smtp://user:pw@mail.example.com:587",
        MAIL_FROM: "Avisos <avisos@opinionlabz.com>",
        CONTACT_EMAIL: "soporte@opinionlabz.com",
        SITE_URL: "https://opinionlabz.com",
        FORM_MAILS_PER_HOUR: "50",
        CONTACT_MAILS_PER_HOUR: "12",
        NOTICE_MAILS_PER_HOUR: "3600",
        DRAW_NOTICE_MAILS_PER_HOUR: "7200",
      },
      ROOT,
    );
    expect(env.database).toEqual({
      kind: "postgres",
      url: "postgresql://site:secret@db.internal:5432/site",
      statementTimeoutMs: 10_000,
    });
    expect(env.mail).toEqual({
      smtpUrl: "smtp://user:pw@mail.example.com:587",
      from: "Avisos <avisos@opinionlabz.com>",
      formMailsPerHour: 50,
      contactMailsPerHour: 12,
      noticeMailsPerHour: 3600,
      drawNoticeMailsPerHour: 7200,
    });
    expect(env.contactEmail).toEqual({ value: "soporte@opinionlabz.com", sample: false });
    expect(parseEnv({ SITE_URL: "https://opinionlabz.com" }, ROOT).mail.from).toBe(
      "Opinion Labz <hola@opinionlabz.com>",
    );
  });

  it("takes DRAW_NOW as the draw commands' clock only when NODE_ENV is exactly test", () => {
    const instant = "2026-12-07T15:31:00.000Z";
    expect(parseEnv({ NODE_ENV: "test", DRAW_NOW: instant }, ROOT).drawNow).toBe(Date.UTC(2026, 11, 7, 15, 31));
    for (const nodeEnv of ["production", "development", undefined, "Test"]) {
      expect(parseEnv({ NODE_ENV: nodeEnv, DRAW_NOW: instant }, ROOT).drawNow).toBeNull();
    }
    expect(() => parseEnv({ NODE_ENV: "test", DRAW_NOW: "next monday" }, ROOT)).toThrow(
      'Configuración inválida: DRAW_NOW tiene que ser un instante ISO 8601, y es "next monday"',
    );
  });

  it("takes drand's relays, and a rehearsal key only with NODE_ENV exactly development or test", () => {
    const key = "a1".repeat(96);
    for (const nodeEnv of ["development", "test"]) {
      expect(
        parseEnv(
          {
            NODE_ENV: nodeEnv,
            DRAND_RELAYS: "http://127.0.0.1:9/, https://relay.example",
            DRAND_TIMEOUT_MS: "500",
            DRAW_REHEARSAL_KEY: key,
          },
          ROOT,
        ).draw,
      ).toEqual({ relays: ["http://127.0.0.1:9", "https://relay.example"], relayTimeoutMs: 500, rehearsalKey: key });
    }
    expect(() => parseEnv({ DRAW_REHEARSAL_KEY: key }, ROOT)).toThrow(
      "Configuración inválida: DRAW_REHEARSAL_KEY es solo para ensayos, con NODE_ENV=development o NODE_ENV=test exactamente (NODE_ENV no está configurada): un sorteo real usa solo la clave de drand",
    );
    for (const nodeEnv of ["", "production", "Production", "prod", "staging", " test", "TEST", "development "]) {
      expect(() => parseEnv({ NODE_ENV: nodeEnv, DRAW_REHEARSAL_KEY: key }, ROOT), nodeEnv).toThrow(
        `DRAW_REHEARSAL_KEY es solo para ensayos, con NODE_ENV=development o NODE_ENV=test exactamente (NODE_ENV es ${JSON.stringify(nodeEnv)})`,
      );
    }
    expect(() => parseEnv({ NODE_ENV: "test", DRAW_REHEARSAL_KEY: "a1".repeat(95) }, ROOT)).toThrow(
      /^Configuración inválida: DRAW_REHEARSAL_KEY tiene que ser una clave pública BLS12-381 G2/,
    );
    expect(() => parseEnv({ DRAND_RELAYS: "api.drand.sh" }, ROOT)).toThrow(
      'Configuración inválida: DRAND_RELAYS tiene que ser URLs http(s) separadas por comas, y una es "api.drand.sh"',
    );
  });

  it("takes the time-stamp authorities (two at least), their time-out and test roots, which count only in development and tests", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "roots-"));
    const roots = path.join(dir, "roots.pem");
    writeFileSync(roots, "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
    const witnesses = {
      TIMESTAMP_AUTHORITIES: "http://127.0.0.1:9/tsr, https://tsa.example/rfc3161",
      TIMESTAMP_ROOTS: roots,
      TIMESTAMP_TIMEOUT_MS: "2500",
    };
    const authorities = ["http://127.0.0.1:9/tsr", "https://tsa.example/rfc3161"];
    for (const mode of ["test", "development"]) {
      expect(parseEnv({ ...witnesses, NODE_ENV: mode }, ROOT).witnesses).toEqual({
        authorities,
        testRootsFile: roots,
        ignoredRootsFile: null,
        timeoutMs: 2500,
      });
    }
    // On a real site, an operator's own root counts for nothing: public verdicts on public roots.
    for (const mode of [undefined, "production", "staging", "Test"]) {
      expect(parseEnv({ ...witnesses, NODE_ENV: mode }, ROOT).witnesses).toEqual({
        authorities,
        testRootsFile: null,
        ignoredRootsFile: roots,
        timeoutMs: 2500,
      });
    }
    expect(() => parseEnv({ TIMESTAMP_AUTHORITIES: "timestamp.digicert.com" }, ROOT)).toThrow(
      'Configuración inválida: TIMESTAMP_AUTHORITIES tiene que ser URLs http(s) separadas por comas, y una es "timestamp.digicert.com"',
    );
    // A draw needs two independent seals: one authority, or one named twice, is no configuration.
    for (const one of ["http://tsa.example/a", "http://tsa.example/a,http://tsa.example/a"]) {
      expect(() => parseEnv({ TIMESTAMP_AUTHORITIES: one }, ROOT)).toThrow(
        "Configuración inválida: TIMESTAMP_AUTHORITIES tiene que nombrar al menos dos autoridades, independientes entre sí",
      );
    }
    expect(() => parseEnv({ TIMESTAMP_ROOTS: path.join(dir, "missing.pem") }, ROOT)).toThrow(
      /^Configuración inválida: TIMESTAMP_ROOTS tiene que ser la ruta de un archivo PEM/,
    );
    writeFileSync(roots, "not a certificate\n");
    expect(() => parseEnv({ TIMESTAMP_ROOTS: roots }, ROOT)).toThrow(
      /^Configuración inválida: TIMESTAMP_ROOTS tiene que tener certificados PEM/,
    );
    rmSync(dir, { recursive: true });
  });

  it("never echoes a bad DATABASE_URL, which may carry a password", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://site:secret@db/site" }, ROOT)).toThrow(
      /^Configuración inválida: DATABASE_URL tiene que ser una URL de conexión postgres:\/\/ \(o postgresql:\/\/\)$/,
    );
  });

  it.each([
    ["production", "production"],
    ["development", "development"],
    [" production ", "production"],
    ["test", "test"],
    [" test ", "test"],
    ["staging", "production"],
    ["Production", "production"],
    ["prod", "production"],
    ["", "production"],
  ])("reads the mode from NODE_ENV=%j", (raw, mode) => {
    expect(parseEnv({ NODE_ENV: raw }, ROOT).mode).toBe(mode);
  });

  it.each([
    ["https://opinionlabz.com", "https://opinionlabz.com"],
    ["https://opinionlabz.com/", "https://opinionlabz.com"],
    [" HTTPS://OpinionLabz.com:8443 ", "https://opinionlabz.com:8443"],
    ["http://127.0.0.1:3000", "http://127.0.0.1:3000"],
  ])("takes SITE_URL %j as the origin %s", (raw, origin) => {
    expect(parseEnv({ SITE_URL: raw }, ROOT).siteUrl).toBe(origin);
  });

  it("stops when no URL is set and the sample sheet is not where the server was started", () => {
    expect(() => parseEnv({}, cwd)).toThrow(
      /^Configuración inválida: PARTICIPANTS_CSV_URL no está configurada y falta la planilla de ejemplo incluida/,
    );
  });

  it("accepts an https URL, a relative file path and numbers", () => {
    const env = parseEnv(
      {
        PARTICIPANTS_CSV_URL: "https://docs.google.com/spreadsheets/d/e/x/pub?output=csv",
        PARTICIPANTS_TTL_SECONDS: "60",
        PARTICIPANTS_TIMEOUT_MS: "2500",
        PORT: "8080",
        SHARED_MAX_AGE_SECONDS: "30",
      },
      cwd,
    );
    expect(env.sheetSource).toEqual({ kind: "url", url: "https://docs.google.com/spreadsheets/d/e/x/pub?output=csv" });
    expect([env.ttlMs, env.timeoutMs, env.port, env.sharedMaxAgeSeconds]).toEqual([60_000, 2500, 8080, 30]);
    expect(parseEnv({ PARTICIPANTS_CSV_URL: "sheet.csv" }, cwd).sheetSource).toEqual({
      kind: "file",
      path: sheetFile,
      isBundledSample: false,
    });
  });

  it.each([
    [{ PARTICIPANTS_CSV_URL: "ftp://example.com/sheet.csv" }, "PARTICIPANTS_CSV_URL"],
    [{ PARTICIPANTS_CSV_URL: "https://exa mple.com/" }, "PARTICIPANTS_CSV_URL"],
    [{ PARTICIPANTS_CSV_URL: "./missing.csv" }, "PARTICIPANTS_CSV_URL"],
    [{ PARTICIPANTS_CSV_URL: "." }, "PARTICIPANTS_CSV_URL"],
    [{ PARTICIPANTS_TTL_SECONDS: "five" }, "PARTICIPANTS_TTL_SECONDS"],
    [{ PARTICIPANTS_TTL_SECONDS: "0" }, "PARTICIPANTS_TTL_SECONDS"],
    [{ PARTICIPANTS_TTL_SECONDS: "-5" }, "PARTICIPANTS_TTL_SECONDS"],
    [{ PARTICIPANTS_TIMEOUT_MS: "1.5" }, "PARTICIPANTS_TIMEOUT_MS"],
    [{ PARTICIPANTS_TIMEOUT_MS: "10" }, "PARTICIPANTS_TIMEOUT_MS"],
    [{ PORT: "http" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ SHARED_MAX_AGE_SECONDS: "0" }, "SHARED_MAX_AGE_SECONDS"],
    [{ SHARED_MAX_AGE_SECONDS: "1h" }, "SHARED_MAX_AGE_SECONDS"],
    [{ FORM_MAILS_PER_HOUR: "0" }, "FORM_MAILS_PER_HOUR"],
    [{ FORM_MAILS_PER_HOUR: "muchos" }, "FORM_MAILS_PER_HOUR"],
    [{ CONTACT_MAILS_PER_HOUR: "0" }, "CONTACT_MAILS_PER_HOUR"],
    [{ CONTACT_MAILS_PER_HOUR: "10001" }, "CONTACT_MAILS_PER_HOUR"],
    [{ NOTICE_MAILS_PER_HOUR: "0" }, "NOTICE_MAILS_PER_HOUR"],
    [{ NOTICE_MAILS_PER_HOUR: "1000001" }, "NOTICE_MAILS_PER_HOUR"],
    [{ DRAW_NOTICE_MAILS_PER_HOUR: "0" }, "DRAW_NOTICE_MAILS_PER_HOUR"],
    [{ ID_PATTERN: "OL-[0-9]+" }, "ID_PATTERN"],
    [{ ID_PATTERN: "^OL-[0-9]+" }, "ID_PATTERN"],
    [{ ID_PATTERN: "^OL-([0-9]+$" }, "ID_PATTERN"],
    [{ ID_PATTERN: `^${"A".repeat(200)}$` }, "ID_PATTERN"],
    [{ SITE_URL: "opinionlabz.com" }, "SITE_URL"],
    [{ SITE_URL: "ftp://opinionlabz.com" }, "SITE_URL"],
    [{ SITE_URL: "https://opinionlabz.com/es" }, "SITE_URL"],
    [{ SITE_URL: "https://opinionlabz.com/?a=1" }, "SITE_URL"],
    [{ SITE_URL: "https://user:pw@opinionlabz.com" }, "SITE_URL"],
    [{ SMTP_URL: "mail.example.com:587" }, "SMTP_URL"],
    [{ MAIL_FROM: "Opinion Labz" }, "MAIL_FROM"],
    [{ MAIL_FROM: "Avisos <victim(1)@example.com>" }, "MAIL_FROM"],
    [{ MAIL_FROM: 'Avisos <"a"@example.com>' }, "MAIL_FROM"],
    [{ MAIL_FROM: "a<b@example.com>, c@example.com" }, "MAIL_FROM"],
    [{ CONTACT_EMAIL: "soporte" }, "CONTACT_EMAIL"],
    [{ CONTACT_EMAIL: "soporte(1)@example.com" }, "CONTACT_EMAIL"],
  ])("rejects %j, naming %s", (vars, variable) => {
    expect(() => parseEnv(vars, ROOT)).toThrow(new RegExp(`^Configuración inválida: ${variable} `));
  });
});

describe("parseEnv, names and organizer", () => {
  it.each([
    ["initial", "initial"],
    ["full", "full"],
    [" FULL ", "full"],
    ["", "initial"],
  ])("reads PARTICIPANT_NAMES=%j as %s", (raw, names) => {
    expect(parseEnv({ PARTICIPANT_NAMES: raw }, ROOT).participantNames).toBe(names);
  });

  it("takes the organizer as set and the support address as mail is sent to it, no longer marked as samples", () => {
    const env = parseEnv(
      {
        ORGANIZER_NAME: " Encuestas del Sur S.R.L. ",
        ORGANIZER_TAX_ID: "30-71234567-1",
        ORGANIZER_ADDRESS: "Av. Siempre Viva 742, Rosario, Santa Fe",
        CONTACT_EMAIL: "Ayuda@Encuestas-Sur.com.ar",
      },
      ROOT,
    );
    expect([env.organizer, env.contactEmail]).toEqual([
      {
        name: { value: "Encuestas del Sur S.R.L.", sample: false },
        taxId: { value: "30-71234567-1", sample: false },
        address: { value: "Av. Siempre Viva 742, Rosario, Santa Fe", sample: false },
      },
      { value: "ayuda@encuestas-sur.com.ar", sample: false },
    ]);
  });

  it.each([
    // Check digits worked by hand: weights 5 4 3 2 7 6 5 4 3 2, 11 minus the sum modulo 11.
    ["30712345671", "30-71234567-1"],
    ["20-12345678-6", "20-12345678-6"],
    ["27-00000000-6", "27-00000000-6"],
    // AFIP's own CUIT, as it publishes it.
    ["33-69345023-9", "33-69345023-9"],
  ])("accepts the CUIT %j, written %j", (raw, written) => {
    expect(parseEnv({ ORGANIZER_TAX_ID: raw }, ROOT).organizer.taxId).toEqual({ value: written, sample: false });
  });

  it.each([
    ["30-71234567-2", "tiene mal el dígito verificador"],
    ["20-12345678-0", "tiene mal el dígito verificador"],
    ["30-7123456-71", "tiene que ser un CUIT escrito XX-XXXXXXXX-X"],
    ["3071234567", "tiene que ser un CUIT escrito XX-XXXXXXXX-X"],
    ["30.71234567.1", "tiene que ser un CUIT escrito XX-XXXXXXXX-X"],
    ["CUIT 30-71234567-1", "tiene que ser un CUIT escrito XX-XXXXXXXX-X"],
    ["12-71234567-1", "tiene que empezar con 20, 23, 24, 25, 26, 27, 30, 33 o 34"],
  ])("rejects the CUIT %j: %s", (raw, problem) => {
    expect(() => parseEnv({ ORGANIZER_TAX_ID: raw }, ROOT)).toThrow(
      `Configuración inválida: ORGANIZER_TAX_ID ${problem}`,
    );
  });

  it.each([
    [{ PARTICIPANT_NAMES: "initials" }, "PARTICIPANT_NAMES"],
    [{ PARTICIPANT_NAMES: "none" }, "PARTICIPANT_NAMES"],
    [{ CONTACT_EMAIL: "soporte" }, "CONTACT_EMAIL"],
    [{ CONTACT_EMAIL: "soporte@localhost" }, "CONTACT_EMAIL"],
    [{ CONTACT_EMAIL: "sop orte@example.com" }, "CONTACT_EMAIL"],
    [{ CONTACT_EMAIL: "a@b@example.com" }, "CONTACT_EMAIL"],
    [{ CONTACT_EMAIL: "Soporte <soporte@example.com>" }, "CONTACT_EMAIL"],
    [{ CONTACT_EMAIL: "soporte@example.com?subject=x" }, "CONTACT_EMAIL"],
    [{ CONTACT_EMAIL: `${"a".repeat(250)}@example.com` }, "CONTACT_EMAIL"],
    [{ ORGANIZER_NAME: "x".repeat(201) }, "ORGANIZER_NAME"],
    [{ ORGANIZER_ADDRESS: "Calle 1\nPiso 2" }, "ORGANIZER_ADDRESS"],
  ])("rejects %j, naming %s", (vars, variable) => {
    expect(() => parseEnv(vars, ROOT)).toThrow(new RegExp(`^Configuración inválida: ${variable} `));
  });
});

describe("parseEnv, each check's exact words", () => {
  it.each([
    [{ ORGANIZER_NAME: "x".repeat(201) }, "ORGANIZER_NAME tiene que tener como mucho 200 caracteres, y tiene 201"],
    [{ ORGANIZER_ADDRESS: "Calle 1\u200ePiso 2" }, "ORGANIZER_ADDRESS no puede tener caracteres de control"],
    [{ PARTICIPANT_NAMES: "todos" }, 'PARTICIPANT_NAMES tiene que ser "initial" o "full", y es "todos"'],
    [
      { SURVEY_URL: "http://forms.example/encuesta" },
      'SURVEY_URL tiene que ser un link https:// a la encuesta abierta, y es "http://forms.example/encuesta"',
    ],
    [
      { SURVEY_URL: "forms.example" },
      'SURVEY_URL tiene que ser un link https:// a la encuesta abierta, y es "forms.example"',
    ],
    [
      { FORM_SECRET: "corto" },
      "FORM_SECRET tiene que tener al menos 32 caracteres (por ejemplo: openssl rand -base64 32)",
    ],
    [
      { TRUST_PROXY: "10.0.0.0/8,nginx" },
      'TRUST_PROXY tiene que ser direcciones IP o CIDR separadas por comas, o "none"; y una es "nginx"',
    ],
    [
      { TRUST_PROXY: "10.0.0.0/33" },
      'TRUST_PROXY tiene que ser direcciones IP o CIDR separadas por comas, o "none"; y una es "10.0.0.0/33"',
    ],
    [
      { CONTACT_EMAIL: "soporte" },
      'CONTACT_EMAIL tiene que ser una dirección de email como soporte@example.com, y es "soporte"',
    ],
    [
      { DATABASE_URL: "xpostgres://db/site" },
      "DATABASE_URL tiene que ser una URL de conexión postgres:// (o postgresql://)",
    ],
    [
      { DATABASE_URL: "postgres://db/site x" },
      "DATABASE_URL tiene que ser una URL de conexión postgres:// (o postgresql://)",
    ],
    [{ DATABASE_URL: "postgres://" }, "DATABASE_URL tiene que ser una URL de conexión postgres:// (o postgresql://)"],
    [
      { SMTP_URL: "xsmtp://mail.example.com" },
      "SMTP_URL tiene que ser una URL smtp:// o smtps://, como smtp://usuario:clave@mail.example.com:587",
    ],
    [
      { SMTP_URL: "smtp://mail.example.com x" },
      "SMTP_URL tiene que ser una URL smtp:// o smtps://, como smtp://usuario:clave@mail.example.com:587",
    ],
    [
      { MAIL_FROM: "Avisos <a@example.com> x" },
      'MAIL_FROM tiene que ser una dirección o "Nombre <dirección>", y es "Avisos <a@example.com> x"',
    ],
    [
      { MAIL_FROM: "x Avisos <<a@example.com>" },
      'MAIL_FROM tiene que ser una dirección o "Nombre <dirección>", y es "x Avisos <<a@example.com>"',
    ],
    [
      { DRAND_RELAYS: "https://relay.example,ftp://relay.example" },
      'DRAND_RELAYS tiene que ser URLs http(s) separadas por comas, y una es "ftp://relay.example"',
    ],
    [
      { DRAND_RELAYS: "https://relay.example,xhttps://relay.example" },
      'DRAND_RELAYS tiene que ser URLs http(s) separadas por comas, y una es "xhttps://relay.example"',
    ],
    [
      { DRAW_REHEARSAL_KEY: `x${"a1".repeat(96)}` },
      "DRAW_REHEARSAL_KEY tiene que ser una clave pública BLS12-381 G2, 192 caracteres hexadecimales en minúscula",
    ],
    [
      { DRAW_REHEARSAL_KEY: `${"a1".repeat(96)}x` },
      "DRAW_REHEARSAL_KEY tiene que ser una clave pública BLS12-381 G2, 192 caracteres hexadecimales en minúscula",
    ],
  ])("refuses %j: %s", (vars, message) => {
    expect(() => parseEnv(vars, ROOT)).toThrow(`Configuración inválida: ${message}`);
  });

  it.each(["20", "23", "24", "25", "26", "27", "30", "33", "34"])("accepts a CUIT with AFIP's prefix %s", (prefix) => {
    // The check digit of each, worked out with the weights 5 4 3 2 7 6 5 4 3 2.
    const body = "12345678";
    const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
    const sum = [...`${prefix}${body}`].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0);
    const check = (11 - (sum % 11)) % 11;
    if (check === 10) return; // AFIP issues no such CUIT
    expect(parseEnv({ ORGANIZER_TAX_ID: `${prefix}${body}${check}` }, ROOT).organizer.taxId.value).toBe(
      `${prefix}-${body}-${check}`,
    );
  });

  it("takes a CUIT whose check digit works out to 0, and refuses one that would need 10", () => {
    // 2000000006 weighs 2·5 + 6·2 = 22, 0 modulo 11: 11 − 0 is written 0.
    expect(parseEnv({ ORGANIZER_TAX_ID: "20-00000006-0" }, ROOT).organizer.taxId.value).toBe("20-00000006-0");
    // 2000000001 weighs 2·5 + 1·2 = 12, 1 modulo 11: its check digit would be 10, so no digit fits.
    for (const digit of ["0", "1", "9"]) {
      expect(() => parseEnv({ ORGANIZER_TAX_ID: `20-00000001-${digit}` }, ROOT)).toThrow(
        "tiene mal el dígito verificador",
      );
    }
  });

  it.each([
    ["postgresql://site@db/site", { DATABASE_URL: "postgresql://site@db/site" }],
    ["a From of the address alone", { MAIL_FROM: "avisos@example.com" }],
    ["a From of the address in brackets, no name", { MAIL_FROM: "<avisos@example.com>" }],
    ["smtp:// and smtps://", { SMTP_URL: "smtp://mail.example.com" }],
    ["smtps://", { SMTP_URL: "smtps://mail.example.com:465" }],
  ])("accepts %s", (_, vars) => {
    expect(() => parseEnv(vars, ROOT)).not.toThrow();
  });
});

describe("parseEnv, edges", () => {
  it("treats an empty or blank variable as unset, and trims the rest", () => {
    expect(parseEnv({ PORT: "", PARTICIPANTS_TTL_SECONDS: "   ", SITE_URL: "  " }, ROOT)).toMatchObject({
      port: 3000,
      ttlMs: 300_000,
      siteUrl: "http://localhost:3000",
    });
    expect(parseEnv({ PORT: " 8080 " }, ROOT).port).toBe(8080);
    expect(parseEnv({ PARTICIPANTS_CSV_URL: " http://sheet.example/x.csv " }, ROOT).sheetSource).toEqual({
      kind: "url",
      url: "http://sheet.example/x.csv",
    });
  });

  it.each([
    ["PORT", "1", "65535"],
    ["PARTICIPANTS_TTL_SECONDS", "1", "86400"],
    ["PARTICIPANTS_TIMEOUT_MS", "100", "120000"],
    ["SHARED_MAX_AGE_SECONDS", "1", "3600"],
    ["FORM_MAILS_PER_HOUR", "1", "100000"],
    ["CONTACT_MAILS_PER_HOUR", "1", "10000"],
    ["NOTICE_MAILS_PER_HOUR", "1", "1000000"],
    ["DRAW_NOTICE_MAILS_PER_HOUR", "1", "1000000"],
  ])("accepts %s at both ends of its range (%s, %s)", (name, min, max) => {
    expect(() => parseEnv({ [name]: min }, ROOT)).not.toThrow();
    expect(() => parseEnv({ [name]: max }, ROOT)).not.toThrow();
  });

  it.each([
    [{ PORT: "x80" }, `Configuración inválida: PORT tiene que ser un número entero, y es "x80"`],
    [{ PORT: "0" }, "Configuración inválida: PORT tiene que estar entre 1 y 65535, y es 0"],
    [{ PORT: "65536" }, "Configuración inválida: PORT tiene que estar entre 1 y 65535, y es 65536"],
    [
      { PARTICIPANTS_CSV_URL: "https://exa mple.com/" },
      "Configuración inválida: PARTICIPANTS_CSV_URL no es una URL http(s) válida",
    ],
    [
      { PARTICIPANTS_CSV_URL: "ftp://mirror.example/https://docs.example/x.csv" },
      "Configuración inválida: PARTICIPANTS_CSV_URL tiene que ser una URL http(s) o la ruta de un archivo que exista",
    ],
    [
      { SITE_URL: "opinionlabz.com" },
      `Configuración inválida: SITE_URL tiene que ser un origen http(s) como https://example.com, y es "opinionlabz.com"`,
    ],
    [
      { SITE_URL: "ftp://opinionlabz.com" },
      `Configuración inválida: SITE_URL tiene que empezar con http:// o https://, y es "ftp://opinionlabz.com"`,
    ],
    [
      { SITE_URL: "https://user@opinionlabz.com" },
      `Configuración inválida: SITE_URL tiene que ser solo un origen (sin ruta, consulta, fragmento ni credenciales), y es "https://user@opinionlabz.com"`,
    ],
    [
      { SITE_URL: "https://opinionlabz.com/#top" },
      `Configuración inválida: SITE_URL tiene que ser solo un origen (sin ruta, consulta, fragmento ni credenciales), y es "https://opinionlabz.com/#top"`,
    ],
  ])("tells the operator what is wrong with %j", (vars, message) => {
    let thrown: unknown;
    try {
      parseEnv(vars, ROOT);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(EnvError);
    expect(thrown).toMatchObject({ name: "EnvError", message });
  });
});
