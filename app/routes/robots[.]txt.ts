import type { LoaderFunctionArgs } from "@remix-run/node";
import { robotsTxt } from "~/lib/sharing/crawler-files.server";

export const loader = ({ request }: LoaderFunctionArgs) => robotsTxt(request);
