/**
 * The service worker's registration and its updates. A new deploy's worker installs and waits; the
 * page then offers "new version — reload", and only the click activates it (SKIP_WAITING) and
 * reloads once the new worker controls the page, so nobody's unsent text is lost by a silent reload.
 */
type UpdateListener = (apply: () => void) => void;

const updateListeners = new Set<UpdateListener>();
let waitingApply: (() => void) | null = null;

/** Called with an "apply" function when a new version is waiting (at once if one already is). */
export function onUpdateReady(l: UpdateListener): () => void {
  updateListeners.add(l);
  if (waitingApply) l(waitingApply);
  return () => void updateListeners.delete(l);
}

function announce(worker: ServiceWorker) {
  waitingApply = () => {
    let reloaded = false;
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (reloaded) return;
      reloaded = true;
      location.reload();
    });
    worker.postMessage({ type: "SKIP_WAITING" });
  };
  for (const l of updateListeners) l(waitingApply);
}

/** Registers /service-worker.js after load and watches for new versions (on focus and hourly). */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  addEventListener("load", async () => {
    let reg: ServiceWorkerRegistration | undefined;
    try {
      reg = await navigator.serviceWorker.register("/service-worker.js");
    } catch (err) {
      console.warn("service worker registration failed", err);
      return;
    }
    // A browser that blocks service workers (a policy, an automation flag) may resolve with nothing.
    if (!reg) return;
    // A worker already waiting (installed by another tab, or before this load).
    if (reg.waiting && navigator.serviceWorker.controller) announce(reg.waiting);
    reg.addEventListener("updatefound", () => {
      const next = reg.installing;
      next?.addEventListener("statechange", () => {
        // Installed while another worker controls the page: an update, not the first install.
        if (next.state === "installed" && navigator.serviceWorker.controller) announce(next);
      });
    });
    const check = () => reg.update().catch(() => undefined);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") check();
    });
    setInterval(check, 60 * 60_000);
  });
}

/** The service worker asks the page to show a URL (a tapped notification): `go` routes there. */
export function onOpenUrl(go: (url: string) => void): () => void {
  if (!("serviceWorker" in navigator)) return () => undefined;
  const handler = (e: MessageEvent) => {
    if (e.data?.type === "OPEN_URL" && typeof e.data.url === "string" && e.data.url.startsWith("/")) {
      go(e.data.url);
    }
  };
  navigator.serviceWorker.addEventListener("message", handler);
  return () => navigator.serviceWorker.removeEventListener("message", handler);
}
