import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Icon } from "../icons";

/** /encuesta's frame, whether a survey is open or not: the way back home, then the page's one section. */
export function SurveyPageShell({ children }: { children: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 via-white to-white pt-16">
      <div className="container-page flex min-h-[calc(100vh-4rem)] flex-col py-10 sm:py-16">
        <Link
          to="/"
          className="inline-flex w-fit items-center gap-2 rounded-full text-sm font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          <Icon name="arrowLeft" className="h-4 w-4" />
          Volver al inicio
        </Link>

        {/* Not centred in the height: it would move as the page arrives on a slow network. */}
        <section
          aria-labelledby="encuesta-titulo"
          className="mx-auto w-full max-w-xl py-10 text-center sm:text-left lg:mt-10"
        >
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-lg shadow-brand-600/30 sm:mx-0">
            <Icon name="sparkles" className="h-7 w-7" />
          </span>
          {children}
          <p className="mt-2 flex items-center justify-center gap-2 text-sm text-slate-600 sm:justify-start">
            <Icon name="lock" className="h-4 w-4 shrink-0 text-brand-600" />
            100% confidencial: nunca vendemos tus datos.
          </p>
        </section>
      </div>
    </div>
  );
}
