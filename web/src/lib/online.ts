/**
 * Whether the app can reach the server: the browser's online flag, and a failed API request (a
 * network error, not an HTTP answer) since the last successful one. Offline, the shell still opens
 * from the service worker's cache, but nothing it shows is live: the banner says so.
 */
import { useSyncExternalStore } from "react";

const listeners = new Set<() => void>();
let unreachable = false;

function notify() {
  for (const l of listeners) l();
}

/** lib/api.ts reports each request: a network error makes the app unreachable, any answer reachable. */
export function reportReachable(ok: boolean) {
  if (unreachable === !ok) return;
  unreachable = !ok;
  notify();
}

const snapshot = () => !navigator.onLine || unreachable;

export function useOffline(): boolean {
  return useSyncExternalStore((cb) => {
    listeners.add(cb);
    const on = () => {
      if (navigator.onLine) unreachable = false;
      cb();
    };
    addEventListener("online", on);
    addEventListener("offline", cb);
    return () => {
      listeners.delete(cb);
      removeEventListener("online", on);
      removeEventListener("offline", cb);
    };
  }, snapshot);
}
