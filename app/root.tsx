import type { LinksFunction, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  LiveReload,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { NOT_FOUND_TITLE, NotFoundPage } from "~/components/not-found-page";
import { RevealOnScroll } from "~/components/reveal-on-scroll";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { InlineStylesheet } from "~/lib/document/inline-stylesheet";
import { env } from "~/lib/server/env.server";
import { useNonce } from "~/lib/document/nonce";
import {
  RENDER_INSTANT_ATTRIBUTE,
  SIGNED_RENDER_INSTANT_ATTRIBUTE,
  useRenderInstant,
  useSignedRenderInstant,
} from "~/lib/document/render-instant";
import { ScriptsAfterFirstPaint } from "~/lib/document/scripts-after-first-paint";
import { usePageHydrates } from "~/lib/document/page-scripts";
import type { SiteData } from "~/lib/sharing/site-url";
import { unlistedPageMeta } from "~/lib/sharing/social-meta";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export function loader(): SiteData {
  return { siteUrl: env.siteUrl };
}

/**
 * The site's own data is its configuration: it changes only with a deploy, which reloads the
 * page. Never asked again, so a form's answer comes alone (docs/decisions/047-remix-forms-with-a-client-action.md).
 */
export const shouldRevalidate = () => false;

const isNotFound = (error: unknown) => isRouteErrorResponse(error) && error.status === 404;

/** Pages set their own tags; this is what the router error screen shows. */
export const meta: MetaFunction = ({ error }) =>
  error ? unlistedPageMeta(isNotFound(error) ? NOT_FOUND_TITLE : "Error inesperado | Opinion Labz") : [];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const renderInstant = useRenderInstant();
  const signedRenderInstant = useSignedRenderInstant();
  const hydrates = usePageHydrates();
  return (
    <html
      lang="es-AR"
      data-hydrate={hydrates ? undefined : "false"}
      {...{ [RENDER_INSTANT_ATTRIBUTE]: renderInstant, [SIGNED_RENDER_INSTANT_ATTRIBUTE]: signedRenderInstant }}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        <Meta />
        <InlineStylesheet />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-slate-800 antialiased">
        {children}
        {hydrates ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
            <ScriptsAfterFirstPaint />
          </>
        ) : null}
        <LiveReload nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <a
        href="#contenido"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-full focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-700 focus:shadow-lg"
      >
        Saltar al contenido
      </a>
      <SiteHeader />
      <main id="contenido" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <RevealOnScroll />
    </>
  );
}

function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return "Error desconocido";
}

export function ErrorBoundary() {
  const error = useRouteError();
  // A path even the catch-all route cannot match (a decoded line break) is still just not found.
  if (isNotFound(error)) return <NotFoundPage />;
  return (
    <main className="container-page flex min-h-screen flex-col items-start justify-center gap-4 py-24">
      <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
      <p className="font-mono text-lg text-red-700" data-testid="error-detail">
        {describeError(error)}
      </p>
      <Link to="/" className="btn-primary" reloadDocument>
        Volver al inicio
      </Link>
    </main>
  );
}
