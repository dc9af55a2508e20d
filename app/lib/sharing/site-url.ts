import { useRouteLoaderData } from "@remix-run/react";
import type { MetaArgs } from "@remix-run/node";

/** What the root loader gives every page: the public origin from SITE_URL. */
export interface SiteData {
  siteUrl: string;
}

/** The public origin as the root loader passed it; empty only if the root loader failed. */
export function siteUrlFromMatches(matches: MetaArgs["matches"]): string {
  const root = matches.find((match) => match.id === "root")?.data as SiteData | undefined;
  return root?.siteUrl ?? "";
}

export function useSiteUrl(): string {
  return useRouteLoaderData<SiteData>("root")?.siteUrl ?? "";
}
