/** What other parts of the web app use of the installable app (service worker, offline state). */
export { registerServiceWorker } from "./register.ts";
export { OfflineBanner, PwaBridge } from "./pwa_bridge.tsx";
