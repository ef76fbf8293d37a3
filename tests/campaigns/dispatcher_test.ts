/**
 * The campaign dispatcher with an injected clock (DESIGN §8, §11): hours and weekend days in the
 * company's zone, pacing, variants, media, confirmation replies, retries (instances_test.ts: two
 * processes, kill -9).
 */
import assert from "node:assert/strict";
import { and, count, eq } from "drizzle-orm";
import { campaigns, campaignShippings, contacts, contactTags, messages, tags } from "@db/schema.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { confirmingCampaign, createCampaign, seedList, setCampaignSettings, upload } from "./_support.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { campaignsTick, MAX_ATTEMPTS } from "@/campaigns/dispatcher.ts";
import { planCampaign } from "@/campaigns/planner.ts";
import { runDueJobs } from "@/jobs/queue.ts";

const WED_NOON = "2026-11-25T15:00:00Z"; // Wednesday 12:00 in São Paulo (UTC-3)

async function statuses(t: TestApp, campaignId: number) {
  const rows = await t.deps.db.select({ status: campaignShippings.status }).from(campaignShippings)
    .where(eq(campaignShippings.campaignId, campaignId));
  const out: Record<string, number> = {};
  for (const r of rows) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}

const campaignMessages = async (t: TestApp, companyId: number) =>
  (await t.deps.db.select({ n: count() }).from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.fromMe, true))))[0].n;

Deno.test("[campaigns] nothing is sent outside the hours or on an excluded day; pace and variants hold", async () => {
  const clock = new ManualClock("2026-11-25T22:30:00Z"); // Wednesday 19:30 local: after endHour
  const sink = startWebhookSink();
  const app = await createTestApp({ scheduler: false, clock });
  try {
    const a = await createTenant(app, { webhook: sink, user: false });
    await setCampaignSettings(app, a.adminToken, {
      messageInterval: 10,
      longerIntervalAfter: 2,
      greaterInterval: 60,
      startHour: "09:00",
      endHour: "18:00",
      variables: [{ key: "cupom", value: "BF10" }],
    });
    const list = await seedList(app, a.company.id, 4);
    const c = await createCampaign(app, a.adminToken, {
      name: "Hours",
      message1: "A {nome} {cupom}",
      message2: "B {nome} {cupom}",
      contactListId: list.id,
      whatsappId: a.conn.id,
      scheduledAt: clock.now().toISOString(),
    });
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], "promo.png", {
      type: "image/png",
    });
    await expectOk(await upload(app, `/api/campaigns/${c.id}/media-upload`, a.adminToken, png));

    // Started (planned) but out of hours: nothing sent.
    await campaignsTick(app.deps);
    assert.deepEqual(await statuses(app, c.id), { pending: 4 });
    assert.equal(await campaignMessages(app, a.company.id), 0);

    // Saturday noon: excluded day (sabado false).
    clock.set("2026-11-28T15:00:00Z");
    await campaignsTick(app.deps);
    assert.deepEqual(await statuses(app, c.id), { pending: 4 });
    // Before startHour on Monday.
    clock.set("2026-11-30T11:59:00Z"); // 08:59 local
    await campaignsTick(app.deps);
    assert.equal(await campaignMessages(app, a.company.id), 0);

    // Monday 09:00 local: one send, then the pace (10 s) holds the next one.
    clock.set("2026-11-30T12:00:00Z");
    await campaignsTick(app.deps);
    assert.equal((await statuses(app, c.id)).delivered, 1);
    clock.advance(5_000);
    await campaignsTick(app.deps);
    assert.equal((await statuses(app, c.id)).delivered, 1, "5 s after: still waiting");
    clock.advance(5_000);
    await campaignsTick(app.deps);
    assert.equal((await statuses(app, c.id)).delivered, 2);
    // After longerIntervalAfter (2) sends, the greater interval (60 s).
    clock.advance(30_000);
    await campaignsTick(app.deps);
    assert.equal((await statuses(app, c.id)).delivered, 2, "greater interval");
    clock.advance(30_000);
    await campaignsTick(app.deps);
    assert.equal((await statuses(app, c.id)).delivered, 3);
    clock.advance(10_000);
    await campaignsTick(app.deps);
    assert.deepEqual(await statuses(app, c.id), { delivered: 4 });
    const [campaign] = await app.deps.db.select().from(campaigns).where(eq(campaigns.id, c.id));
    assert.equal(campaign.status, "FINALIZADA");
    assert.ok(campaign.completedAt);

    // Every contact got one message: a variant, variables filled, with the media, at the webhook.
    await runDueJobs(app.deps);
    assert.equal(sink.received.length, 4);
    const numbers = new Set(sink.received.map((r) => (r.json.to as Json).number));
    assert.equal(numbers.size, 4);
    for (const r of sink.received) {
      assert.match(String(r.json.body), /^[AB] Contact \d BF10$/);
      assert.equal((r.json.media as Json).mimetype, "image/png");
    }
  } finally {
    await app.close();
    await sink.close();
  }
});

Deno.test("[campaigns] a confirmation reply is recognised in the inbound pipeline and counted", async () => {
  const clock = new ManualClock(WED_NOON);
  const sink = startWebhookSink();
  const app = await createTestApp({ scheduler: false, clock });
  try {
    const a = await createTenant(app, { webhook: sink, user: false });
    await setCampaignSettings(app, a.adminToken, { messageInterval: 0, greaterInterval: 0 });
    const list = await seedList(app, a.company.id, 2);
    const c = await createCampaign(
      app,
      a.adminToken,
      confirmingCampaign({ contactListId: list.id, whatsappId: a.conn.id, at: clock.now() }),
    );
    await campaignsTick(app.deps);
    assert.deepEqual(await statuses(app, c.id), { awaiting: 2 });
    await runDueJobs(app.deps);
    assert.deepEqual(sink.received.map((r) => r.json.body).sort(), [
      "May we send you the offer, Contact 1?",
      "May we send you the offer, Contact 2?",
    ]);
    // Contact 1 answers: the reply confirms, the offer follows on the next tick.
    await customerSays(app, a.conn, "5511900000001", "Sim!");
    const report = await expectOk<Json>(
      await app.request(`/api/campaigns/${c.id}/report`, { token: a.adminToken }),
    );
    assert.equal((report.counts as Json).confirmed, 1);
    assert.equal((report.counts as Json).confirmationRequested, 1);
    await campaignsTick(app.deps);
    await runDueJobs(app.deps);
    assert.ok(sink.received.some((r) => r.json.body === "The offer, Contact 1"));
    assert.deepEqual(await statuses(app, c.id), { delivered: 1, awaiting: 1 });
    // A reply from someone who was not asked confirms nothing.
    await customerSays(app, a.conn, "5511977770000", "hello");
    assert.deepEqual(await statuses(app, c.id), { delivered: 1, awaiting: 1 });
    const running = await expectOk<Json>(
      await app.request(`/api/campaigns/${c.id}`, { token: a.adminToken }),
    );
    assert.equal(running.status, "EM_ANDAMENTO", "waits for the other confirmation");
  } finally {
    await app.close();
    await sink.close();
  }
});

Deno.test("[campaigns] a failing shipment is retried, then marked failed with its error; the campaign ends", async () => {
  const clock = new ManualClock(WED_NOON);
  const app = await createTestApp({ scheduler: false, clock });
  try {
    const a = await createTenant(app, { webhook: null, user: false });
    // A WhatsApp line this process does not run: every send fails with ERR_WAPP_NOT_INITIALIZED.
    const wa = await expectOk<Json>(
      await app.request("/api/whatsapp", {
        method: "POST",
        token: a.adminToken,
        json: { name: "Phone", channel: "whatsapp" },
      }),
      201,
    );
    await setCampaignSettings(app, a.adminToken, { messageInterval: 0, greaterInterval: 0 });
    const list = await seedList(app, a.company.id, 1);
    const c = await createCampaign(app, a.adminToken, {
      name: "Fails",
      message1: "x",
      contactListId: list.id,
      whatsappId: wa.id,
      scheduledAt: clock.now().toISOString(),
    });
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await campaignsTick(app.deps);
      clock.advance(120_000);
    }
    const [row] = await app.deps.db.select().from(campaignShippings).where(
      eq(campaignShippings.campaignId, c.id),
    );
    assert.equal(row.status, "failed");
    assert.equal(row.attempts, MAX_ATTEMPTS);
    assert.equal(row.lastError, "ERR_WAPP_NOT_INITIALIZED");
    await campaignsTick(app.deps);
    const done = await expectOk<Json>(
      await app.request(`/api/campaigns/${c.id}/report`, { token: a.adminToken }),
    );
    assert.equal((done.campaign as Json).status, "FINALIZADA");
    assert.equal((done.counts as Json).failed, 1);
  } finally {
    await app.close();
  }
});

Deno.test("[campaigns] a tag audience becomes a list once; planning again adds nothing", async () => {
  const clock = new ManualClock(WED_NOON);
  const app = await createTestApp({ scheduler: false, clock });
  try {
    const a = await createTenant(app, { webhook: null, user: false });
    await setCampaignSettings(app, a.adminToken, { messageInterval: 0, greaterInterval: 0 });
    const tagged = await app.deps.database.write(async (tx) => {
      const [tag] = await tx.insert(tags).values({ companyId: a.company.id, name: "VIP", color: "#000000" })
        .returning();
      const people = await tx.insert(contacts).values([
        { companyId: a.company.id, name: "Ana", number: "5511911110001" },
        { companyId: a.company.id, name: "Bia", number: "5511911110002" },
        { companyId: a.company.id, name: "Caio", number: "5511911110003" },
      ]).returning();
      await tx.insert(contactTags).values(
        people.slice(0, 2).map((p) => ({ companyId: a.company.id, contactId: p.id, tagId: tag.id })),
      );
      return tag;
    });
    const c = await createCampaign(app, a.adminToken, {
      name: "Tagged",
      message1: "Oi {nome}",
      tagListId: tagged.id,
      whatsappId: a.conn.id,
    });
    const [row] = await app.deps.db.select().from(campaigns).where(eq(campaigns.id, c.id));
    assert.equal(await planCampaign(app.deps, row), 2);
    const [again] = await app.deps.db.select().from(campaigns).where(eq(campaigns.id, c.id));
    assert.ok(again.contactListId, "the campaign now points at the list built from the tag");
    assert.equal(await planCampaign(app.deps, again), 0, "planned once");
    const rows = await app.deps.db.select().from(campaignShippings).where(
      eq(campaignShippings.campaignId, c.id),
    );
    assert.deepEqual(rows.map((r) => r.message).sort(), ["Oi Ana", "Oi Bia"]);
  } finally {
    await app.close();
  }
});
