import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { START_SURVEY } from "~/content/navigation";
import { Icon } from "../icons";

const VARIANTS = {
  /** On the indigo panels: white stands out more than the brand colour would. */
  light: "btn bg-white text-brand-700 shadow-lg shadow-brand-950/20 hover:bg-brand-50 focus-visible:outline-white",
  primary: "btn-primary",
} as const;

/** Every call to action on /sorteos leads to the survey page. */
export function SurveyLink({
  children,
  variant = "primary",
  className = "",
}: {
  children: ReactNode;
  variant?: keyof typeof VARIANTS;
  className?: string;
}) {
  return (
    <Link to={START_SURVEY.path} className={`${VARIANTS[variant]} ${className}`}>
      {children}
      <Icon name="arrowRight" className="h-4 w-4" />
    </Link>
  );
}
