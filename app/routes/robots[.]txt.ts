import { crawlerFileResponse } from "~/lib/http/finish-response.server";
import { robotsTxt } from "~/lib/sharing/crawler-files.server";

export const loader = () => crawlerFileResponse(robotsTxt());
