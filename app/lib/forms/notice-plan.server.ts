import type { Kysely } from "kysely";
import type { Tables } from "~/lib/storage/schema";
import { serversSeen } from "./site-status.server";

/**
 * What `npm run waitlist:notify` would tell of and link to, or why it must not
 * (docs/operations.md, "Opening a survey"). The survey is the one the site links to: the
 * running servers' SURVEY_URL (their reports, written every 5 s), else the command's own;
 * `--survey-url` only confirms it, never names another. The mails' links are built from the
 * command's SITE_URL, which must be the servers' and a public https:// address: a loopback one
 * only with `--local-links`, for a rehearsal on a developer's machine.
 */
export type NoticePlan = { surveyUrl: string; siteUrl: string } | { refused: string };

export interface NoticeRequest {
  /** SITE_URL and SURVEY_URL as the command's environment has them. */
  siteUrl: string;
  surveyUrl: string | null;
  /** `--survey-url`, if given. */
  givenUrl?: string;
  /** `--local-links`: a loopback SITE_URL is meant (a rehearsal on this machine). */
  localLinks: boolean;
}

const LOOPBACK_HOST = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0|\[::\])$/;

/** A link on `url` opens on whatever machine reads it, never on the site. */
function isLoopback(url: URL): boolean {
  return LOOPBACK_HOST.test(url.hostname);
}

const sameLink = (a: string, b: string) => new URL(a).href === new URL(b).href;

export async function planNotice(db: Kysely<Tables>, now: number, request: NoticeRequest): Promise<NoticePlan> {
  const running = (await serversSeen(db, now)).filter((server) => server.running);
  const surveys = [...new Set(running.map((server) => server.report.surveyUrl))];
  const sites = [...new Set(running.map((server) => server.report.siteUrl))];
  if (surveys.length > 1 || sites.length > 1) {
    return {
      refused: `los servidores que están corriendo no tienen la misma configuración (SURVEY_URL: ${surveys.map(String).join(", ")}; SITE_URL: ${sites.join(", ")}). Esperá a que terminen de actualizarse y volvé a correrlo.`,
    };
  }

  let surveyUrl: string;
  if (running.length > 0) {
    const [served] = surveys;
    if (!served) {
      return {
        refused:
          "el sitio no tiene ninguna encuesta abierta: los servidores corren sin SURVEY_URL. Abrila primero (SURVEY_URL en cada servidor) y después avisá.",
      };
    }
    if (request.surveyUrl && !sameLink(request.surveyUrl, served)) {
      return {
        refused: `el sitio lleva a ${served} (SURVEY_URL de los servidores), no a ${request.surveyUrl} (SURVEY_URL de este comando): el aviso mandaría a la gente a otra encuesta.`,
      };
    }
    surveyUrl = served;
  } else if (request.surveyUrl) {
    surveyUrl = request.surveyUrl;
  } else {
    return {
      refused:
        "no sé de qué encuesta avisar: SURVEY_URL no está configurada acá y ningún servidor dio señales en el último minuto. Corré el comando con la configuración del servidor (SURVEY_URL, la encuesta a la que lleva el sitio).",
    };
  }
  if (request.givenUrl !== undefined) {
    if (!URL.canParse(request.givenUrl)) return { refused: `--survey-url ${request.givenUrl} no es un link.` };
    if (!sameLink(request.givenUrl, surveyUrl)) {
      return {
        refused: `el sitio lleva a ${surveyUrl}, no a ${request.givenUrl}: el aviso mandaría a la gente a otra encuesta. Avisá de esa, o cambiá SURVEY_URL primero.`,
      };
    }
  }

  const [served] = sites;
  if (served && !sameLink(served, request.siteUrl)) {
    return {
      refused: `los links del email llevarían a ${request.siteUrl}, pero el sitio está en ${served} (SITE_URL de los servidores). Corré el comando con SITE_URL=${served}.`,
    };
  }
  const site = new URL(request.siteUrl);
  if (isLoopback(site)) {
    if (!request.localLinks) {
      return {
        refused: `los links del email llevarían a ${site.origin}, una dirección de esta misma máquina: nadie que lo reciba podría abrirlos. Corré el comando con el SITE_URL público del sitio (https://…). Para un ensayo en tu máquina, con los emails en el log o en un servidor SMTP de prueba, agregá --local-links.`,
      };
    }
  } else if (site.protocol !== "https:") {
    return {
      refused: `los links del email llevarían a ${site.origin}, sin https: los links de baja y de borrado viajarían sin cifrar. Configurá SITE_URL con https://.`,
    };
  }
  return { surveyUrl: new URL(surveyUrl).href, siteUrl: site.origin };
}
