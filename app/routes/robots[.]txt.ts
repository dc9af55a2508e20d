import type { LoaderFunctionArgs } from "@remix-run/node";
import { robotsTxt } from "~/lib/crawler-files.server";

export const loader = ({ request }: LoaderFunctionArgs) => robotsTxt(request);
