import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { unlistedPageMeta } from "~/lib/sharing/social-meta";

export const meta: MetaFunction = () => unlistedPageMeta("Página no encontrada | Opinion Labz");

export function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  console.warn(JSON.stringify({ event: "not_found", path: pathname }));
  return data(null, { status: 404 });
}

export default function NotFound() {
  const { pathname } = useLocation();

  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);

  return (
    // Top-aligned and a screen tall: centred text, or a footer pulled up into a short page,
    // would move while the page arrives on a slow network.
    <section className="flex min-h-screen justify-center bg-slate-50 px-4 pb-16 pt-[calc(4rem+18vh)]">
      <div className="text-center">
        <h1 className="mb-4 text-6xl font-bold text-slate-900">404</h1>
        {/* These texts are English (docs/product.md, "404 and error screen"): screen readers should pronounce them so. */}
        <p lang="en" className="mb-6 text-xl text-slate-600">
          Oops! Page not found
        </p>
        <Link to="/" lang="en" className="btn-primary">
          Return to Home
        </Link>
      </div>
    </section>
  );
}
