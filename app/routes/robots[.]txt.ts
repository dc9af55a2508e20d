import type { LoaderFunctionArgs } from "@remix-run/node";
import { crawlerFileResponse } from "~/lib/http/finish-response.server";
import { robotsTxt } from "~/lib/sharing/crawler-files.server";

export const loader = ({ request }: LoaderFunctionArgs) => crawlerFileResponse(request, robotsTxt());
