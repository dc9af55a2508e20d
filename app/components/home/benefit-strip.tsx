import { BENEFITS } from "~/content/benefits";
import { Icon } from "../icons";

export function BenefitStrip() {
  return (
    <section aria-label="Beneficios" data-reveal="" className="relative -mt-6 pb-16 sm:pb-20">
      <div className="container-page">
        <ul className="grid gap-4 rounded-3xl bg-white p-4 shadow-xl shadow-slate-900/5 ring-1 ring-slate-900/5 sm:p-6 md:grid-cols-3 md:gap-0 md:divide-x md:divide-slate-100">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="flex gap-4 p-2 md:flex-col md:px-6 lg:flex-row">
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
                <Icon name={benefit.icon} className="h-6 w-6" />
              </span>
              <div>
                <p className="font-semibold text-slate-900">{benefit.title}</p>
                <p className="mt-1 text-sm leading-relaxed text-slate-600">{benefit.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
