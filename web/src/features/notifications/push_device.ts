/**
 * This device's Web Push subscription: on when the service worker's push manager holds one. Turning
 * it on asks the notification permission (only from the bell's switch, a user gesture), subscribes
 * with the server's VAPID key and hands the subscription and the app's language to the server.
 */
import { useCallback, useEffect, useState } from "react";
import i18n from "i18next";
import type { PushKeyDTO } from "@contract/push.ts";
import { api } from "../../lib/api.ts";

export type PushState = "unsupported" | "denied" | "off" | "on";

const supported = () =>
  "serviceWorker" in navigator && "PushManager" in globalThis &&
  typeof globalThis.Notification === "function";

function keyBytes(b64url: string): Uint8Array<ArrayBuffer> {
  const b64 = b64url.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

async function readState(): Promise<PushState> {
  if (!supported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  return (await currentSubscription()) ? "on" : "off";
}

const lang = () => {
  const l = (i18n.language ?? "pt").slice(0, 2);
  return ["pt", "es", "en", "tr"].includes(l) ? l : "pt";
};

export async function enablePush(): Promise<PushState> {
  if (!supported()) return "unsupported";
  if ((await Notification.requestPermission()) !== "granted") return await readState();
  const reg = await navigator.serviceWorker.ready;
  const { publicKey } = await api.get<PushKeyDTO>("/push/key");
  const sub = await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  const json = sub.toJSON();
  await api.post("/push/subscriptions", { endpoint: json.endpoint, keys: json.keys, lang: lang() });
  return "on";
}

export async function disablePush(): Promise<PushState> {
  const sub = await currentSubscription();
  if (sub) {
    await api.delete("/push/subscriptions", { body: { endpoint: sub.endpoint } }).catch(() => undefined);
    await sub.unsubscribe();
  }
  return await readState();
}

export function usePushDevice() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    readState().then((s) => live && setState(s)).catch(() => live && setState("unsupported"));
    return () => void (live = false);
  }, []);
  const toggle = useCallback(async (on: boolean) => {
    setBusy(true);
    try {
      setState(await (on ? enablePush() : disablePush()));
    } finally {
      setBusy(false);
    }
  }, []);
  return { state, busy, toggle };
}
