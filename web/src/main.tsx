import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { i18nReady } from "./lib/i18n.ts";
import { Providers } from "./app/providers.tsx";
import { AppRouter } from "./app/router.tsx";
import { registerServiceWorker } from "./features/pwa/index.ts";

// The first render waits for the interface language's texts (one chunk, lib/i18n.ts).
i18nReady.finally(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  )
);

registerServiceWorker();
