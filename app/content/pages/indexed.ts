import type { PageSummary } from "~/content/site";
import { HOME_PAGE } from "./home";
import { DRAWS_PAGE } from "./draws";
import { SURVEY_PAGE } from "./survey";
import { RULES_PAGE } from "./rules";
import { PRIVACY_PAGE } from "./privacy";
import { CONTACT_PAGE } from "./contact";

/**
 * Every page search engines should list, in sitemap order: canonical URLs only. Searches
 * and later pages of /sorteos are left out and marked noindex (lib/sharing/robots-directive).
 */
export const INDEXED_PAGES: PageSummary[] = [
  HOME_PAGE,
  DRAWS_PAGE,
  SURVEY_PAGE,
  RULES_PAGE,
  PRIVACY_PAGE,
  CONTACT_PAGE,
];
