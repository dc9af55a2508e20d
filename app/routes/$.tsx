import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { NOT_FOUND_TITLE, NotFoundPage } from "~/components/not-found-page";
import { unlistedPageMeta } from "~/lib/sharing/social-meta";

export const meta: MetaFunction = () => unlistedPageMeta(NOT_FOUND_TITLE);

export function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  console.warn(JSON.stringify({ event: "not_found", path: pathname }));
  return data(null, { status: 404 });
}

export default NotFoundPage;
