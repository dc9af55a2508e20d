import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A jump within the page is a plain anchor: the browser scrolls and the URL keeps its
 * query (a search on /sorteos); anything else is a router link.
 */
export function NavLink({
  href,
  className,
  onClick,
  children,
}: {
  href: string;
  className: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  if (href.startsWith("#")) {
    return (
      <a href={href} className={className} onClick={onClick}>
        {children}
      </a>
    );
  }
  return (
    <Link to={href} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}
