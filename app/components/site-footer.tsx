import { useLocation } from "@remix-run/react";
import { FOOTER_LINKS } from "~/content/footer";
import { hrefFor } from "~/content/navigation";
import { Logo } from "./logo";
import { NavLink } from "./nav-link";

export function SiteFooter() {
  const { pathname } = useLocation();
  return (
    <footer id="contacto" className="border-t border-slate-200 bg-slate-950 text-slate-300">
      <div className="container-page flex flex-col gap-8 py-12 md:flex-row md:items-start md:justify-between">
        <div className="max-w-sm space-y-3">
          <Logo tone="light" />
          <p className="text-sm leading-relaxed text-slate-400">
            Encuestas breves y confidenciales para marcas que quieren escuchar a personas reales. Cada mes sorteamos una
            tarjeta Visa de US$200 entre quienes participan.
          </p>
        </div>
        <nav aria-label="Pie de página">
          <ul className="grid grid-cols-2 gap-x-10 gap-y-3 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.label}>
                <NavLink
                  href={hrefFor(link.target, pathname)}
                  className="text-slate-300 underline-offset-4 hover:text-white hover:underline"
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-5 text-xs text-slate-400">
          {/* Server and visitor may disagree on the year around New Year; the visitor's wins. */}©{" "}
          <span suppressHydrationWarning>{new Date().getFullYear()}</span> Opinion Labz. Todos los derechos reservados.
        </p>
      </div>
    </footer>
  );
}
