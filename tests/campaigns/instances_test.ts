/**
 * Campaign dispatch across processes (DESIGN §8): two servers dispatching one campaign at the same
 * time, and a server killed with SIGKILL mid-campaign then restarted, each send every contact
 * exactly once. Real processes on one database file; the integrator is a local webhook sink.
 */
import assert from "node:assert/strict";
import { and, count, eq } from "drizzle-orm";
import { campaigns, campaignShippings, jobs, messages } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { startWebhookSink, type WebhookSink } from "../_helpers/webhook_sink.ts";
import type { Json } from "../_helpers/http.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { waitUntil } from "../_helpers/inbox.ts";
import { createCampaign, seedList, setCampaignSettings } from "./_support.ts";

const SECRET = "test-secret-test-secret-test-secret";

async function spawnServer(dataDir: string, env: Record<string, string> = {}) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("./_instance.ts", import.meta.url).pathname],
    env: { DATA_DIR: dataDir, APP_SECRET: SECRET, PORT: "0", NO_COLOR: "1", ALLOW_PRIVATE_URLS: "1", ...env },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  (async () => {
    for await (const _ of child.stderr) { /* drained */ }
  })().catch(() => undefined);
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  while (!/LISTENING (\d+)/.test(buf)) {
    const { value, done } = await reader.read();
    if (done) throw new Error("server exited early");
    buf += value;
  }
  reader.releaseLock();
  child.stdout.cancel().catch(() => undefined);
  return child;
}

/** A company with an api line to `sink`, settings that send at any hour, and a running campaign. */
async function prepare(dataDir: string, sink: WebhookSink, contacts: number, interval: number) {
  const setup = await createTestApp({ dataDir, scheduler: false, env: { APP_SECRET: SECRET } });
  try {
    const a = await createTenant(setup, { webhook: sink, user: false });
    await setCampaignSettings(setup, a.adminToken, {
      messageInterval: interval,
      greaterInterval: 0,
      startHour: "00:00",
      endHour: "23:59",
      sabado: true,
      domingo: true,
    });
    const list = await seedList(setup, a.company.id, contacts);
    const c = await createCampaign(setup, a.adminToken, {
      name: "Multi",
      message1: "Hello {nome}",
      contactListId: list.id,
      whatsappId: a.conn.id,
      scheduledAt: new Date(Date.now() - 1000).toISOString(),
    });
    return { companyId: a.company.id, campaignId: c.id };
  } finally {
    await setup.close();
  }
}

/** Reads the shared database from a third, passive app (no scheduler). */
async function inspect(dataDir: string, companyId: number, campaignId: number) {
  const t = await createTestApp({ dataDir, scheduler: false, env: { APP_SECRET: SECRET } });
  try {
    const [c] = await t.deps.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    const shipments = await t.deps.db.select({ status: campaignShippings.status, n: count() })
      .from(campaignShippings).where(eq(campaignShippings.campaignId, campaignId)).groupBy(
        campaignShippings.status,
      );
    const perTicket = await t.deps.db.select({ ticketId: messages.ticketId, n: count() }).from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.fromMe, true))).groupBy(messages.ticketId);
    return {
      status: c.status,
      shipments: Object.fromEntries(shipments.map((s) => [s.status, s.n])),
      perTicket,
    };
  } finally {
    await t.close();
  }
}

/** api-channel delivery jobs still locked (`running`) — by the killed process. */
async function heldJobs(dataDir: string) {
  const t = await createTestApp({ dataDir, scheduler: false, env: { APP_SECRET: SECRET } });
  try {
    const [{ n }] = await t.deps.db.select({ n: count() }).from(jobs).where(eq(jobs.status, "running"));
    return n;
  } finally {
    await t.close();
  }
}

/** Every number the sink saw, with the distinct message ids it got (retried POSTs repeat an id). */
function idsByNumber(sink: WebhookSink) {
  const m = new Map<string, Set<unknown>>();
  for (const r of sink.received) {
    const n = String((r.json.to as Json).number);
    m.set(n, (m.get(n) ?? new Set()).add(r.json.messageId));
  }
  return m;
}

async function waitFinished(dataDir: string, companyId: number, campaignId: number, timeoutMs: number) {
  return await waitUntil(
    async () => {
      const s = await inspect(dataDir, companyId, campaignId);
      return s.status === "FINALIZADA" ? s : null;
    },
    "the campaign to finish",
    timeoutMs,
  );
}

Deno.test("[campaigns] two server processes dispatching at once send every contact exactly once", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "atende-h17-two-" });
  const sink = startWebhookSink();
  const N = 80;
  try {
    const { companyId, campaignId } = await prepare(dataDir, sink, N, 0);
    const [s1, s2] = await Promise.all([
      spawnServer(dataDir, { FORCE_TICKS: "1" }),
      spawnServer(dataDir, { FORCE_TICKS: "1" }),
    ]);
    try {
      const done = await waitFinished(dataDir, companyId, campaignId, 120_000);
      assert.deepEqual(done.shipments, { delivered: N });
      assert.equal(done.perTicket.length, N);
      assert.ok(done.perTicket.every((r) => r.n === 1), "one stored message per contact");
      await waitUntil(() => idsByNumber(sink).size === N, "every number at the webhook", 60_000);
      assert.ok([...idsByNumber(sink).values()].every((ids) => ids.size === 1), "one message id per number");
    } finally {
      for (const s of [s1, s2]) s.kill("SIGTERM");
      await Promise.all([s1.status, s2.status]);
    }
  } finally {
    await sink.close();
    await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
  }
});

Deno.test("[campaigns] kill -9 mid-campaign, restart: every contact is sent exactly once", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "atende-h17-crash-" });
  const sink = startWebhookSink();
  const N = 60;
  try {
    const { companyId, campaignId } = await prepare(dataDir, sink, N, 0.05);
    const s1 = await spawnServer(dataDir);
    await waitUntil(() => sink.received.length >= 15, "some sends before the kill", 60_000);
    s1.kill("SIGKILL");
    await s1.status;
    const before = await inspect(dataDir, companyId, campaignId);
    assert.ok(
      (before.shipments.pending ?? 0) > 0,
      `work left at the kill: ${JSON.stringify(before.shipments)}`,
    );

    // The restarted server takes the lease once the dead one's lapses, reclaims a shipment left
    // mid-send, and resumes.
    const s2 = await spawnServer(dataDir);
    try {
      const done = await waitFinished(dataDir, companyId, campaignId, 150_000);
      assert.deepEqual(done.shipments, { delivered: N });
      assert.equal(done.perTicket.length, N);
      assert.ok(done.perTicket.every((r) => r.n === 1), "one stored message per contact");
      // Webhook deliveries are jobs: a job the killed process held stays locked for the queue's
      // 5-minute stale timeout, so its POST may still be due; everything else arrives.
      await waitUntil(() => idsByNumber(sink).size === N, "the webhook deliveries", 20_000).catch(() =>
        undefined
      );
      const ids = idsByNumber(sink);
      const stuck = await heldJobs(dataDir);
      assert.ok(
        ids.size + stuck >= N,
        `numbers at the webhook: ${ids.size}, jobs held by the dead process: ${stuck}`,
      );
      assert.ok([...ids.values()].every((s) => s.size === 1), "one message id per number");
    } finally {
      s2.kill("SIGTERM");
      await s2.status;
    }
  } finally {
    await sink.close();
    await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
  }
});
