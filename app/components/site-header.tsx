import { Link, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { hrefFor, NAV_ITEMS, START_SURVEY } from "~/content/navigation";
import { Icon } from "./icons";
import { Logo } from "./logo";
import { NavLink } from "./nav-link";

/** The menu button, with JavaScript and without (a disclosure's summary). */
const ROUND_BUTTON =
  "inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-800 hover:bg-slate-900/5";

/** docs/product.md, "Header": the bar turns solid once the page has scrolled past this many pixels. */
const SCROLL_THRESHOLD_PX = 20;

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

function headerStyle(alwaysSolid: boolean, scrolled: boolean, menuOpen: boolean): string {
  if (alwaysSolid) return "bg-slate-100/85 shadow-md backdrop-blur-md";
  if (scrolled || menuOpen) return "bg-white/85 shadow-md backdrop-blur-md";
  return "bg-transparent";
}

export function SiteHeader() {
  const { pathname } = useLocation();
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  // The menu is open on the page where it was opened: following one of its links closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);
  const onSorteos = pathname === "/sorteos";
  const linkColor = onSorteos ? "text-slate-800 hover:text-brand-700" : "text-slate-600 hover:text-brand-700";
  const closeMenu = () => setMenuOpen(false);

  const links = NAV_ITEMS.map((item) => ({ label: item.label, href: hrefFor(item.target, pathname) }));

  return (
    <header
      data-testid="site-header"
      data-scrolled={scrolled}
      className={`site-header fixed inset-x-0 top-0 z-50 transition-[background-color,box-shadow] duration-300 ${headerStyle(
        onSorteos,
        scrolled,
        menuOpen,
      )}`}
    >
      <nav aria-label="Principal">
        <div className="container-page flex h-16 items-center justify-between gap-4">
          <Link
            to="/"
            className="shrink-0 rounded focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <Logo />
          </Link>

          {/* The links follow the logo: centred or pushed right, they would move when the button
              after them arrives on a slow network. */}
          <ul className="hidden items-center gap-6 lg:ml-4 lg:mr-auto lg:flex xl:ml-8 xl:gap-8">
            {links.map((link) => (
              <li key={link.label}>
                <NavLink
                  href={link.href}
                  className={`whitespace-nowrap text-sm font-medium transition-colors ${linkColor}`}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <Link to={START_SURVEY.path} className="btn-primary hidden py-2.5 lg:inline-flex">
            {START_SURVEY.label}
          </Link>

          <button
            type="button"
            className={`menu-toggle lg:hidden ${ROUND_BUTTON}`}
            aria-expanded={menuOpen}
            aria-controls="menu-movil"
            aria-label={menuOpen ? "Cerrar menú" : "Abrir menú"}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <Icon name={menuOpen ? "close" : "menu"} className="h-6 w-6" />
          </button>

          {/* Without JavaScript the button above cannot open anything: a native disclosure opens
              the same menu (app/tailwind.css), so the header stays one opaque row as tall as with
              JavaScript (docs/decisions/079-the-header-without-javascript.md). */}
          <details className="menu-without-script">
            <summary aria-label="Menú" className={ROUND_BUTTON}>
              <Icon name="menu" className="h-6 w-6" />
            </summary>
          </details>
        </div>

        <div id="menu-movil" hidden={!menuOpen} className="border-t border-slate-200 bg-white/95 lg:hidden">
          <ul className="container-page flex flex-col py-3">
            {links.map((link) => (
              <li key={link.label}>
                <NavLink
                  href={link.href}
                  onClick={closeMenu}
                  className="block rounded-lg px-2 py-3 text-base font-medium text-slate-800 hover:bg-slate-100"
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li className="pt-2">
              <Link to={START_SURVEY.path} onClick={closeMenu} className="btn-primary w-full">
                {START_SURVEY.label}
              </Link>
            </li>
          </ul>
        </div>
      </nav>
    </header>
  );
}
