import { crawlerFileResponse } from "~/lib/http/finish-response.server";
import { sitemapXml } from "~/lib/sharing/crawler-files.server";

export const loader = () => crawlerFileResponse(sitemapXml());
