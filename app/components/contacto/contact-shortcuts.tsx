import { Link } from "@remix-run/react";
import { CONTACT_SHORTCUTS } from "~/content/contact";
import { Icon } from "../icons";

/** Where the usual questions are already answered, before anyone has to write. */
export function ContactShortcuts() {
  return (
    <section aria-labelledby="contacto-atajos-titulo" className="container-page pb-16 pt-12 sm:pb-24">
      <h2 id="contacto-atajos-titulo" className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
        Quizás ya esté respondido
      </h2>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {CONTACT_SHORTCUTS.map((shortcut) => (
          <li key={shortcut.href}>
            <Link
              to={shortcut.href}
              className="flex h-full gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-brand-200 hover:bg-brand-50/40 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <Icon name={shortcut.icon} className="mt-0.5 h-6 w-6 shrink-0 text-brand-600" />
              <span>
                <span className="block font-semibold text-slate-900">{shortcut.title}</span>
                <span className="mt-1 block text-sm leading-relaxed text-slate-600">{shortcut.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
