import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./lib/i18n.ts";
import { Providers } from "./app/providers.tsx";
import { AppRouter } from "./app/router.tsx";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);

if ("serviceWorker" in navigator) {
  addEventListener("load", () => {
    navigator.serviceWorker.register("/service-worker.js").catch((err) => {
      console.warn("service worker registration failed", err);
    });
  });
}
