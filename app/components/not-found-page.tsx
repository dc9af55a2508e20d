import { Link, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { NOT_FOUND } from "~/content/not-found";

export const NOT_FOUND_TITLE = "Página no encontrada | Opinion Labz";

/**
 * The 404 page, for a path no route serves: the catch-all route renders it, and so does the
 * root error boundary for paths the catch-all cannot match (a decoded line break, for one).
 */
export function NotFoundPage() {
  const { pathname } = useLocation();

  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);

  return (
    // Top-aligned, a screen tall and a fixed width: centred text, a footer pulled up into a
    // short page, or a column as wide as the lines parsed so far would move while the page
    // arrives on a slow network.
    <section className="flex min-h-screen justify-center bg-slate-50 px-4 pb-16 pt-[calc(4rem+18vh)]">
      <div className="w-full max-w-md text-center">
        <h1 className="mb-4 text-6xl font-bold text-slate-900">404</h1>
        {/* The spec's texts are English (docs/product.md, "404 and error screen"): screen readers should pronounce them so. */}
        <p lang="en" className="mb-6 text-xl text-slate-600">
          Oops! Page not found
        </p>
        <Link to="/" lang="en" className="btn-primary">
          Return to Home
        </Link>
        <p className="mt-8 text-base text-slate-700">{NOT_FOUND.line}</p>
        <nav aria-label={NOT_FOUND.linksLabel} className="mt-4">
          <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm">
            {NOT_FOUND.links.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className="font-medium text-brand-700 underline underline-offset-4">
                  {link.text}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}
