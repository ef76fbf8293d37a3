/**
 * Meta channel test kit: the app pointed at a local Graph server (GRAPH_API_URL and
 * WHATSAPP_CLOUD_API_URL), the platform's Meta app configured, signed webhook deliveries, and
 * the payload shapes Meta sends (Cloud API `whatsapp_business_account`, Messenger `page`,
 * Instagram `instagram`). Jobs are run by the test (no scheduler), so every step is deterministic.
 */
import assert from "node:assert/strict";
import { whatsapps } from "@db/schema.ts";
import { hmacSha256Hex } from "@/lib/crypto.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import { writeSetting } from "@/settings/repo.ts";
import { clearCaches } from "@/caches.ts";
import type { ConnectionRow } from "@/connections/repo.ts";
import type { MetaKind } from "@/channels/meta/adapter.ts";
import { createTestApp, type TestApp } from "../../_helpers/test_app.ts";
import type { Clock } from "@/lib/time.ts";
import { type GraphServer, startGraphServer } from "./_graph_server.ts";

export const APP_ID = "987654321";
export const APP_SECRET = "meta-app-secret-for-tests";
export const PHONE_ID = "1000001";
export const PAGE_ID = "2000002";
export const IG_ID = "3000003";

export type MetaTest = { t: TestApp; graph: GraphServer; close(): Promise<void> };

export async function startMeta(
  env: Record<string, string> = {},
  o: { clock?: Clock } = {},
): Promise<MetaTest> {
  const graph = startGraphServer();
  const t = await createTestApp({
    env: { GRAPH_API_URL: graph.url, WHATSAPP_CLOUD_API_URL: graph.url, ...env },
    scheduler: false,
    clock: o.clock,
  });
  const sealed = await t.deps.secrets.seal(APP_SECRET);
  await t.deps.database.write(async (tx) => {
    await writeSetting(tx, 1, "facebookId", APP_ID);
    await writeSetting(tx, 1, "facebookIdsecret", sealed);
  });
  clearCaches(t.deps.caches);
  return {
    t,
    graph,
    async close() {
      await t.close();
      await graph.close();
    },
  };
}

/** Runs queued jobs (webhook entries, api-channel deliveries) and lets event handlers finish. */
export async function runJobs(t: TestApp): Promise<void> {
  await runDueJobs(t.deps);
  await t.deps.bus.drain();
}

export const sign = async (body: string, secret = APP_SECRET) =>
  `sha256=${await hmacSha256Hex(secret, body)}`;

/** POSTs a webhook as Meta does: raw JSON body signed with X-Hub-Signature-256. */
export async function deliver(t: TestApp, payload: unknown, signature?: string | null): Promise<Response> {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { "content-type": "application/json" };
  const sig = signature === undefined ? await sign(body) : signature;
  if (sig !== null) headers["x-hub-signature-256"] = sig;
  return await t.request("/api/webhooks/meta", { method: "POST", headers, body });
}

/** Delivers, checks the 200 and processes the queued entries. */
export async function deliverAndRun(t: TestApp, payload: unknown): Promise<void> {
  const res = await deliver(t, payload);
  assert.equal(res.status, 200, await res.clone().text());
  assert.equal(await res.text(), "EVENT_RECEIVED");
  await runJobs(t);
}

/** A Meta connection row as the connect flow / POST /api/whatsapp leave it (token sealed). */
export async function metaConnection(
  t: TestApp,
  companyId: number,
  kind: MetaKind,
  token = `EAAG-${kind}-token`,
  ids: { phoneId?: string; pageId?: string; igId?: string; allowGroup?: boolean; name?: string } = {},
): Promise<ConnectionRow> {
  const sealed = await t.deps.secrets.seal(token);
  return await t.deps.database.write(async (tx) =>
    (await tx.insert(whatsapps).values({
      companyId,
      name: ids.name ?? `${kind} line`,
      channel: kind,
      status: "CONNECTED",
      token: crypto.randomUUID().replaceAll("-", "").slice(0, 30),
      metaAccessToken: sealed,
      metaPhoneNumberId: kind === "whatsappapi" ? ids.phoneId ?? PHONE_ID : null,
      facebookPageUserId: kind === "whatsappapi" ? null : ids.pageId ?? PAGE_ID,
      instagramUserId: kind === "instagram" ? ids.igId ?? IG_ID : null,
      allowGroup: ids.allowGroup ?? false,
    }).returning())[0]
  );
}

const unix = (at: Date) => String(Math.floor(at.getTime() / 1000));

type CloudMsg = Record<string, unknown> & { id: string; from: string; type: string };

export function cloudPayload(
  o: { messages?: CloudMsg[]; statuses?: unknown[]; name?: string; phoneId?: string },
) {
  const from = o.messages?.[0]?.from;
  return {
    object: "whatsapp_business_account",
    entry: [{
      id: "WABA-1",
      changes: [{
        field: "messages",
        value: {
          messaging_product: "whatsapp",
          metadata: { display_phone_number: "551140001000", phone_number_id: o.phoneId ?? PHONE_ID },
          ...(from ? { contacts: [{ profile: { name: o.name ?? "Maria Silva" }, wa_id: from }] } : {}),
          ...(o.messages ? { messages: o.messages } : {}),
          ...(o.statuses ? { statuses: o.statuses } : {}),
        },
      }],
    }],
  };
}

export const cloudText = (id: string, from: string, body: string, at = new Date()): CloudMsg => ({
  from,
  id,
  timestamp: unix(at),
  type: "text",
  text: { body },
});

export const cloudImage = (id: string, from: string, mediaId: string, caption?: string): CloudMsg => ({
  from,
  id,
  timestamp: unix(new Date()),
  type: "image",
  image: { id: mediaId, mime_type: "image/jpeg", sha256: "x", ...(caption ? { caption } : {}) },
});

export const cloudStatus = (id: string, status: string, recipient: string) => ({
  id,
  status,
  timestamp: unix(new Date()),
  recipient_id: recipient,
});

/** Messenger (`page`) or Instagram (`instagram`) webhook with one messaging event. */
export function messagingPayload(kind: "facebook" | "instagram", event: Record<string, unknown>) {
  const id = kind === "facebook" ? PAGE_ID : IG_ID;
  return {
    object: kind === "facebook" ? "page" : "instagram",
    entry: [{ id, time: Date.now(), messaging: [{ recipient: { id }, timestamp: Date.now(), ...event }] }],
  };
}

export const messengerText = (kind: "facebook" | "instagram", mid: string, from: string, text: string) =>
  messagingPayload(kind, { sender: { id: from }, message: { mid, text } });
