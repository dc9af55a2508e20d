import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapXml } from "~/lib/sharing/crawler-files.server";

export const loader = ({ request }: LoaderFunctionArgs) => sitemapXml(request);
