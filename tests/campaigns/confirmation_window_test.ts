/**
 * A confirmation campaign ends: a shipment still awaiting its confirmation when the campaign's
 * window has passed counts as "no answer" (the campaign reaches FINALIZADA and the report counts
 * it), and a reply after the window no longer sends the campaign message — it goes on to the
 * normal automation. Over the api channel with an injected clock.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { campaignShippings, companies } from "@db/schema.ts";
import { clearCaches } from "@/caches.ts";
import { campaignsTick } from "@/campaigns/dispatcher.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { startWebhookSink, type WebhookSink } from "../_helpers/webhook_sink.ts";
import { customerSays, hooksTo } from "../_helpers/inbox.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { login } from "../_helpers/factories.ts";
import { createTenant, openOn, type TenantOptions } from "../_helpers/tenant.ts";
import { ManualClock, MINUTE } from "../_helpers/clock.ts";
import { confirmingCampaign, createCampaign, seedList, setCampaignSettings } from "./_support.ts";

const WED_NOON = "2026-11-25T15:00:00Z"; // Wednesday 12:00 in São Paulo (UTC-3)
const HOUR = 60 * MINUTE;
const FIRST = "5511900000001";
const SECOND = "5511900000002";

async function statuses(t: TestApp, campaignId: number) {
  const rows = await t.deps.db.select({ status: campaignShippings.status }).from(campaignShippings)
    .where(eq(campaignShippings.campaignId, campaignId));
  const out: Record<string, number> = {};
  for (const r of rows) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}

type World = {
  app: TestApp;
  clock: ManualClock;
  sink: WebhookSink;
  a: Awaited<ReturnType<typeof createTenant<TenantOptions & { webhook: WebhookSink; user: false }>>>;
};

async function withWorld(tenant: TenantOptions, fn: (w: World) => Promise<void>) {
  const clock = new ManualClock(WED_NOON);
  const sink = startWebhookSink();
  const app = await createTestApp({ scheduler: false, clock });
  try {
    const a = await createTenant(app, { ...tenant, webhook: sink, user: false });
    await setCampaignSettings(app, a.adminToken, { messageInterval: 0, greaterInterval: 0 });
    await fn({ app, clock, sink, a });
  } finally {
    await app.close();
    await sink.close();
  }
}

/** A running confirmation campaign to a seeded list of `n`; every confirmation request sent. */
async function askAll({ app, clock, a }: World, n: number, extra: Json = {}) {
  const list = await seedList(app, a.company.id, n);
  const c = await createCampaign(app, a.adminToken, {
    ...confirmingCampaign({ contactListId: list.id, whatsappId: a.conn.id, at: clock.now() }),
    ...extra,
  });
  await campaignsTick(app.deps);
  await runDueJobs(app.deps);
  assert.deepEqual(await statuses(app, c.id), { awaiting: n });
  return c;
}

const show = async (w: World, id: number) => {
  w.a.adminToken = (await login(w.app, w.a.admin)).token; // the clock moved past the access token
  return await expectOk<Json>(await w.app.request(`/api/campaigns/${id}`, { token: w.a.adminToken }));
};

Deno.test("[campaigns] an unanswered confirmation becomes no answer after the default 24 h window; the campaign finishes", async () => {
  await withWorld({}, async (w) => {
    const { app, clock, sink, a } = w;
    const c = await askAll(w, 2);
    await customerSays(app, a.conn, FIRST, "Sim!");
    await campaignsTick(app.deps);
    await runDueJobs(app.deps);
    assert.ok(hooksTo(sink, FIRST).includes("The offer, Contact 1"));
    assert.deepEqual(await statuses(app, c.id), { delivered: 1, awaiting: 1 });

    clock.advance(24 * HOUR - MINUTE);
    await campaignsTick(app.deps);
    assert.equal((await show(w, c.id)).status, "EM_ANDAMENTO", "inside the window it still waits");

    clock.advance(2 * MINUTE);
    await campaignsTick(app.deps);
    await app.deps.bus.drain();
    assert.deepEqual(await statuses(app, c.id), { delivered: 1, no_answer: 1 });
    const done = await show(w, c.id);
    assert.equal(done.status, "FINALIZADA");
    assert.ok(done.completedAt);
    const report = await expectOk<Json>(
      await app.request(`/api/campaigns/${c.id}/report`, { token: a.adminToken }),
    );
    const counts = report.counts as Json;
    assert.equal(counts.confirmed, 1);
    assert.equal(counts.noAnswer, 1);
    assert.equal(counts.confirmationRequested, 0);
    const second = (report.records as Json[]).find((r) => r.number === SECOND)!;
    assert.equal(second.status, "no_answer");
    assert.deepEqual(hooksTo(sink, SECOND), ["May we send you the offer, Contact 2?"]);
  });
});

const CLOSED_TODAY = openOn(["monday", "tuesday", "thursday", "friday", "saturday", "sunday"]);

Deno.test("[campaigns] the campaign's own window decides; a reply after it goes to the normal automation", async () => {
  await withWorld(
    { conn: { outOfHoursMessage: "Estamos fechados" }, settings: { scheduleType: "company" } },
    async (w) => {
      const { app, clock, sink, a } = w;
      await app.deps.database.write((tx) =>
        tx.update(companies).set({ schedules: CLOSED_TODAY }).where(eq(companies.id, a.company.id))
      );
      clearCaches(app.deps.caches);
      const c = await askAll(w, 1, { confirmationWindowHours: 2 });
      assert.equal((await show(w, c.id)).confirmationWindowHours, 2);

      // Past the 2 h window, before any tick expired the shipment: the reply confirms nothing.
      clock.advance(2 * HOUR + MINUTE);
      await customerSays(app, a.conn, FIRST, "Sim, quero!");
      await runDueJobs(app.deps);
      const [row] = await app.deps.db.select().from(campaignShippings)
        .where(eq(campaignShippings.campaignId, c.id));
      assert.equal(row.confirmation, false, "a late reply does not confirm");
      assert.deepEqual(hooksTo(sink, FIRST), [
        "May we send you the offer, Contact 1?",
        "Estamos fechados",
      ], "the late reply got the out-of-hours answer, not the campaign message");

      await campaignsTick(app.deps);
      await campaignsTick(app.deps);
      await runDueJobs(app.deps);
      assert.deepEqual(await statuses(app, c.id), { no_answer: 1 });
      assert.equal((await show(w, c.id)).status, "FINALIZADA");
      assert.ok(!hooksTo(sink, FIRST).some((b) => b.startsWith("The offer")), "the offer never went out");
    },
  );
});

Deno.test("[campaigns] a request stored without its window's end (asked before the upgrade) expires by its campaign's window", async () => {
  await withWorld({}, async (w) => {
    const { app, clock } = w;
    const c = await askAll(w, 1);
    const [row] = await app.deps.db.select().from(campaignShippings).where(
      eq(campaignShippings.campaignId, c.id),
    );
    assert.equal(row.runAt, new Date(clock.now().getTime() + 24 * HOUR).toISOString(), "the window's end");
    await app.deps.database.write((tx) =>
      tx.update(campaignShippings).set({ runAt: null }).where(eq(campaignShippings.id, row.id))
    );
    clock.advance(24 * HOUR - MINUTE);
    await campaignsTick(app.deps);
    assert.deepEqual(await statuses(app, c.id), { awaiting: 1 });
    clock.advance(2 * MINUTE);
    await campaignsTick(app.deps);
    assert.deepEqual(await statuses(app, c.id), { no_answer: 1 });
    assert.equal((await show(w, c.id)).status, "FINALIZADA");
  });
});
