/** Webchat test helpers: a tenant with a webchat connection, visitor sessions and visitor sockets. */
import assert from "node:assert/strict";
import type { TestApp } from "../_helpers/test_app.ts";
import { createTenant, type Tenant } from "../_helpers/tenant.ts";
import { expectOk, type Json } from "../_helpers/http.ts";

export const SITE = "http://shop.example.test:5000";
export const OTHER_SITE = "http://evil.example.test:5000";

export type WebchatConn = Json & { id: number; webchatKey: string; webchat: Json };

/** A tenant whose admin created a webchat connection (through the API) allowing SITE. */
export async function webchatTenant(t: TestApp, webchat: Json = {}): Promise<Tenant & { conn: WebchatConn }> {
  // The profile user without allowConnections (which would make it an admin of this page).
  const tenant = await createTenant(t, { user: { allowConnections: "disabled" } });
  const conn = await expectOk<WebchatConn>(
    await t.request("/api/whatsapp", {
      method: "POST",
      token: tenant.adminToken,
      json: { name: "Site", channel: "webchat", webchat: { allowedOrigins: [SITE], ...webchat } },
    }),
    201,
  );
  return { ...tenant, conn };
}

export type Session = {
  token: string;
  visitorId: string;
  online: boolean;
  config: Json;
  contactLeft: boolean;
  messages: Json[];
};

export function sessionRequest(t: TestApp, key: string, origin: string | null, token?: string) {
  return t.request(`/api/webchat/${key}/session`, {
    method: "POST",
    headers: origin ? { origin } : {},
    json: token ? { token } : {},
  });
}

export async function openSession(t: TestApp, key: string, token?: string, origin = SITE): Promise<Session> {
  return await expectOk<Session>(await sessionRequest(t, key, origin, token));
}

export type VisitorSocket = {
  frames: Json[];
  next(pred: (f: Json) => boolean, timeoutMs?: number): Promise<Json>;
  send(f: unknown): void;
  closed: Promise<CloseEvent>;
  close(): Promise<void>;
};

/** A visitor socket as a browser on `origin` opens it; resolves on `ready` (rejects if refused). */
export function visitorSocket(
  baseUrl: string,
  key: string,
  token: string,
  origin = SITE,
): Promise<VisitorSocket> {
  const url = `${baseUrl.replace(/^http/, "ws")}/webchat/ws?key=${key}&token=${encodeURIComponent(token)}`;
  // Deno lets a client set the Origin a browser would send.
  const ws = new WebSocket(url, { headers: { origin } } as unknown as string[]);
  const frames: Json[] = [];
  const waiters: { pred: (f: Json) => boolean; resolve: (f: Json) => void }[] = [];
  let resolveClosed!: (e: CloseEvent) => void;
  const closed = new Promise<CloseEvent>((r) => resolveClosed = r);
  ws.onmessage = (e) => {
    const f = JSON.parse(String(e.data)) as Json;
    frames.push(f);
    for (const w of [...waiters]) if (w.pred(f)) waiters.splice(waiters.indexOf(w), 1) && w.resolve(f);
  };
  const s: VisitorSocket = {
    frames,
    next(pred, timeoutMs = 5000) {
      const hit = frames.find(pred);
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no frame; got ${JSON.stringify(frames.slice(-5))}`)),
          timeoutMs,
        );
        waiters.push({ pred, resolve: (f) => (clearTimeout(timer), resolve(f)) });
      });
    },
    send: (f) => ws.send(JSON.stringify(f)),
    closed,
    async close() {
      if (ws.readyState !== WebSocket.CLOSED) ws.close();
      await closed;
    },
  };
  return new Promise((resolve, reject) => {
    ws.onerror = () => undefined;
    ws.onclose = (e) => {
      resolveClosed(e);
      reject(new Error(`socket closed before ready (${e.code})`));
    };
    s.next((f) => f.type === "ready", 10_000).then(() => resolve(s), reject);
  });
}

export { assert };
