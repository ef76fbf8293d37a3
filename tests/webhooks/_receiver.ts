/**
 * An integrator's endpoint for the event webhook tests: records every request (raw body, headers)
 * and answers what the test decides per call — a status, or no answer at all until the test ends
 * (to meet the delivery timeout).
 */
import { webhookEventSchemas } from "@/webhooks/schemas.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import type { TestApp } from "../_helpers/test_app.ts";
import { expectOk, type Json } from "../_helpers/http.ts";

export type Call = {
  headers: Headers;
  body: string;
  json: { id: string; type: string; data: Record<string, unknown> };
};
export type Answer = number | "hang";

export type Receiver = {
  url: string;
  calls: Call[];
  /** Decides the answer of each call (default 200). */
  answer: (call: Call, index: number) => Answer;
  close(): Promise<void>;
};

export function startReceiver(): Receiver {
  const calls: Call[] = [];
  const hung: (() => void)[] = [];
  const r: Receiver = {
    url: "",
    calls,
    answer: () => 200,
    async close() {
      for (const release of hung) release();
      await server.shutdown();
    },
  };
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const body = await req.text();
    const call: Call = { headers: req.headers, body, json: JSON.parse(body) };
    calls.push(call);
    const a = r.answer(call, calls.length - 1);
    if (a === "hang") {
      await new Promise<void>((resolve) => hung.push(resolve));
      return new Response("late", { status: 200 });
    }
    return new Response(a < 300 ? "ok" : `failure ${a}`, { status: a });
  });
  r.url = `http://127.0.0.1:${server.addr.port}/events`;
  return r;
}

/**
 * The documented recipe, written here from scratch: HMAC-SHA256 over "<t>.<raw body>", accepted when
 * any `v1` of the header matches (a rotation's overlap sends two).
 */
export async function verifyAsDocumented(secret: string, header: string, body: string, nowS: number) {
  const parts = header.split(",").map((p) => p.split("=", 2) as [string, string]);
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  if (Math.abs(nowS - t) > 300) return false;
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${t}.${body}`)));
  const hex = Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
  return parts.some(([k, v]) => k === "v1" && v === hex);
}

/** The body validated against the exported payload schema of its type. */
export function parsePayload(call: Call) {
  const schema = webhookEventSchemas[call.json.type as keyof typeof webhookEventSchemas];
  if (!schema) throw new Error(`unknown event type ${call.json.type}`);
  return schema.parse(call.json);
}

export async function subscribe(t: TestApp, token: string, url: string, events: string[]) {
  return await expectOk<Json & { id: number; secret: string }>(
    await t.request("/api/webhook-subscriptions", { method: "POST", token, json: { url, events } }),
    201,
  );
}

/** Lets the listeners write their batches, then runs the due jobs (as the lease holder would). */
export async function settle(t: TestApp) {
  await t.deps.bus.drain();
  await runDueJobs(t.deps);
}
