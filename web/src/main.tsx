import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./lib/i18n.ts";
import { Providers } from "./app/providers.tsx";
import { AppRouter } from "./app/router.tsx";
import { registerServiceWorker } from "./features/pwa/index.ts";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);

registerServiceWorker();
