import { data, type LoaderFunctionArgs, type MetaFunction, type HeadersFunction } from "@remix-run/node";
import { NOT_FOUND_TITLE, NotFoundPage } from "~/components/not-found-page";
import { unlistedPageMeta } from "~/lib/sharing/social-meta";
import { keptAs } from "~/lib/http/route-keeping.server";

export const meta: MetaFunction = () => unlistedPageMeta(NOT_FOUND_TITLE);
export const headers: HeadersFunction = (args) => keptAs("public", args);

export function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  console.warn(JSON.stringify({ event: "not_found", path: pathname }));
  return data(null, { status: 404 });
}

export default NotFoundPage;
