import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { documentRenderInstant, RenderInstantProvider } from "~/lib/document/render-instant";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RenderInstantProvider value={documentRenderInstant()}>
        <RemixBrowser />
      </RenderInstantProvider>
    </StrictMode>,
  );
});
