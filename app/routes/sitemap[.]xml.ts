import type { LoaderFunctionArgs } from "@remix-run/node";
import { crawlerFileResponse } from "~/lib/http/finish-response.server";
import { sitemapXml } from "~/lib/sharing/crawler-files.server";

export const loader = ({ request }: LoaderFunctionArgs) => crawlerFileResponse(request, sitemapXml());
