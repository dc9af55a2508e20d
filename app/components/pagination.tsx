import { Link } from "@remix-run/react";
import { pageWindow } from "~/lib/participants/pagination";
import { Icon } from "./icons";

const ITEM = "inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-medium";

/**
 * Previous / numbered (at most 5) / next links. Each is a real link to `hrefFor(page)`,
 * so paging works without JavaScript and every page can be shared.
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  label,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  if (pageCount <= 1) return null;
  const step = (target: number, text: string, icon: "chevronLeft" | "chevronRight") => {
    const disabled = target < 1 || target > pageCount;
    const content = (
      <>
        {icon === "chevronLeft" && <Icon name={icon} className="h-4 w-4" />}
        <span className="sr-only sm:not-sr-only">{text}</span>
        {icon === "chevronRight" && <Icon name={icon} className="h-4 w-4" />}
      </>
    );
    return disabled ? (
      // A disabled link has no href (WAI-ARIA: role link with aria-disabled), so it is not focusable.
      // eslint-disable-next-line jsx-a11y/anchor-is-valid
      <a role="link" aria-disabled="true" className={`${ITEM} gap-1 text-slate-400`}>
        {content}
      </a>
    ) : (
      <Link
        to={hrefFor(target)}
        preventScrollReset
        className={`${ITEM} gap-1 text-slate-700 hover:bg-slate-100`}
        rel={icon === "chevronLeft" ? "prev" : "next"}
      >
        {content}
      </Link>
    );
  };

  return (
    <nav aria-label={label} className="flex items-center justify-center gap-1">
      {step(page - 1, "Anterior", "chevronLeft")}
      <ul className="flex items-center gap-1">
        {pageWindow(page, pageCount).map((number) => (
          <li key={number}>
            <Link
              to={hrefFor(number)}
              preventScrollReset
              aria-current={number === page ? "page" : undefined}
              aria-label={`Página ${number}`}
              className={`${ITEM} tabular-nums ${
                number === page ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"
              }`}
            >
              {number}
            </Link>
          </li>
        ))}
      </ul>
      {step(page + 1, "Siguiente", "chevronRight")}
    </nav>
  );
}
