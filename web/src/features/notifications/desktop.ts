/**
 * Desktop notifications (the Notification API). Permission is never asked on page load: the bell
 * offers it, and a click there asks (browsers only show the prompt after a user gesture anyway).
 */
import { useSyncExternalStore } from "react";

export type DesktopPermission = NotificationPermission | "unsupported";

const listeners = new Set<() => void>();
const supported = () => typeof globalThis.Notification === "function";

export function desktopPermission(): DesktopPermission {
  return supported() ? Notification.permission : "unsupported";
}

/** The permission, re-rendered when it changes through us. */
export function useDesktopPermission(): DesktopPermission {
  return useSyncExternalStore(
    (cb) => (listeners.add(cb), () => listeners.delete(cb)),
    desktopPermission,
  );
}

export async function askDesktopPermission(): Promise<DesktopPermission> {
  if (!supported()) return "unsupported";
  try {
    await Notification.requestPermission();
  } finally {
    for (const l of listeners) l();
  }
  return desktopPermission();
}

/** True when the user is not looking at this tab (another tab, another window, minimised). */
export const inBackground = () => document.visibilityState === "hidden" || !document.hasFocus();

/**
 * Shows a desktop notification when allowed. `tag` collapses repeats for the same ticket; a click
 * brings the tab forward and runs `onClick`. Silent: the app plays its own sound at the user's volume.
 */
export function notifyDesktop(
  o: { title: string; body: string; tag: string; icon?: string; onClick?: () => void },
): boolean {
  if (desktopPermission() !== "granted") return false;
  try {
    const n = new Notification(o.title, { body: o.body, tag: o.tag, icon: o.icon, silent: true });
    n.onclick = () => {
      globalThis.focus();
      o.onClick?.();
      n.close();
    };
    return true;
  } catch {
    // Some browsers (Android Chrome) only allow notifications from a service worker.
    return false;
  }
}
