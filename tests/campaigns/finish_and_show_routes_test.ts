/**
 * POST /campaigns/:id/finish ("finish now" in the report) and GET /campaigns/:id in both shapes:
 * auth, role, plan and tenancy, the happy path (pending shipments cancelled, awaiting ones no
 * answer, FINALIZADA, nothing more sent), and the spec's `shipping` and `contactList.contacts`
 * beside today's fields.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { campaignShippings } from "@db/schema.ts";
import { campaignsTick } from "@/campaigns/dispatcher.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { assertAllNeedAuth, createTenant, userOf } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { confirmingCampaign, createCampaign, seedList, setCampaignSettings } from "./_support.ts";

const WED_NOON = "2026-11-25T15:00:00Z"; // Wednesday 12:00 in São Paulo (UTC-3)

async function statuses(t: TestApp, campaignId: number) {
  const rows = await t.deps.db.select({ status: campaignShippings.status }).from(campaignShippings)
    .where(eq(campaignShippings.campaignId, campaignId));
  const out: Record<string, number> = {};
  for (const r of rows) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}

Deno.test("[campaigns] finish now: 401, 403 per role and plan, cross-company 404, 409, happy path", async (t) => {
  const clock = new ManualClock(WED_NOON);
  const sink = startWebhookSink();
  const app = await createTestApp({ scheduler: false, clock });
  try {
    const a = await createTenant(app, { webhook: sink, user: false });
    const b = await createTenant(app, { webhook: null, user: false });
    const noPlan = await createTenant(app, { webhook: null, user: false, plan: { useCampaigns: false } });
    const user = await userOf(app, a.company.id, { profile: "user" });
    // One send per tick: an hour's pause after each, so the first tick asks one contact only.
    await setCampaignSettings(app, a.adminToken, { messageInterval: 3600, greaterInterval: 0 });
    const list = await seedList(app, a.company.id, 3);
    const c = await createCampaign(
      app,
      a.adminToken,
      confirmingCampaign({ contactListId: list.id, whatsappId: a.conn.id, at: clock.now() }),
    );
    const finish = (id: number, token: string) =>
      app.request(`/api/campaigns/${id}/finish`, { method: "POST", token });

    await t.step("401 without a token", async () => {
      await assertAllNeedAuth(app, [["POST", `/api/campaigns/${c.id}/finish`]]);
    });

    await t.step("409 while the campaign is not running", async () => {
      const idle = await createCampaign(app, a.adminToken, {
        name: "Idle",
        message1: "Hi",
        contactListId: list.id,
        whatsappId: a.conn.id,
      });
      await expectError(await finish(idle.id, a.adminToken), 409, "ERR_CONFLICT");
    });

    await campaignsTick(app.deps);
    await runDueJobs(app.deps);
    assert.deepEqual(await statuses(app, c.id), { awaiting: 1, pending: 2 });

    await t.step(
      "403 for a profile user and without the campaigns plan; 404 for another company",
      async () => {
        await expectError(await finish(c.id, user.token), 403, "ERR_NO_PERMISSION");
        await expectError(await finish(c.id, noPlan.adminToken), 403, "ERR_PLAN_FEATURE");
        await expectError(await finish(c.id, b.adminToken), 404, "ERR_NOT_FOUND");
        assert.deepEqual(await statuses(app, c.id), { awaiting: 1, pending: 2 }, "nothing changed");
      },
    );

    await t.step("an admin finishes it: pending cancelled, awaiting no answer, FINALIZADA", async () => {
      const done = await expectOk<Json>(await finish(c.id, a.adminToken));
      assert.equal(done.status, "FINALIZADA");
      assert.equal(done.completedAt, clock.now().toISOString());
      assert.deepEqual(await statuses(app, c.id), { no_answer: 1, cancelled: 2 });
      const report = await expectOk<Json>(
        await app.request(`/api/campaigns/${c.id}/report`, { token: a.adminToken }),
      );
      const counts = report.counts as Json;
      assert.equal(counts.noAnswer, 1);
      assert.equal(counts.cancelled, 2);
      assert.equal(counts.pending, 0);
      assert.equal(counts.confirmationRequested, 0);
      await expectError(await finish(c.id, a.adminToken), 409, "ERR_CONFLICT");
    });

    await t.step("nothing more goes out; a late reply confirms nothing", async () => {
      clock.advance(2 * 3600_000);
      await campaignsTick(app.deps);
      await customerSays(app, a.conn, "5511900000001", "Sim");
      await campaignsTick(app.deps);
      await runDueJobs(app.deps);
      assert.deepEqual(await statuses(app, c.id), { no_answer: 1, cancelled: 2 });
      assert.deepEqual(sink.received.map((r) => r.json.body), ["May we send you the offer, Contact 1?"]);
    });
  } finally {
    await app.close();
    await sink.close();
  }
});

Deno.test("[campaigns] GET /campaigns/:id answers today's fields and the spec's shipping and contactList.contacts", async (t) => {
  const clock = new ManualClock(WED_NOON);
  const sink = startWebhookSink();
  const app = await createTestApp({ scheduler: false, clock });
  try {
    const a = await createTenant(app, { webhook: sink, user: false });
    const b = await createTenant(app, { webhook: null, user: false });
    const user = await userOf(app, a.company.id, { profile: "user" });
    await setCampaignSettings(app, a.adminToken, { messageInterval: 0, greaterInterval: 0 });
    const list = await seedList(app, a.company.id, 3);
    const c = await createCampaign(app, a.adminToken, {
      name: "Both shapes",
      message1: "Oi {nome}",
      contactListId: list.id,
      whatsappId: a.conn.id,
    });
    const show = (token: string) => app.request(`/api/campaigns/${c.id}`, { token });

    await t.step("401, 403 for a profile user, 404 for another company", async () => {
      await assertAllNeedAuth(app, [["GET", `/api/campaigns/${c.id}`]]);
      await expectError(await show(user.token), 403, "ERR_NO_PERMISSION");
      await expectError(await show(b.adminToken), 404, "ERR_NOT_FOUND");
    });

    await t.step("before it runs: the list's contacts, no shipments yet", async () => {
      const r = await expectOk<Json>(await show(a.adminToken));
      assert.equal(r.status, "INATIVA");
      assert.deepEqual(r.shipping, []);
      const cl = r.contactList as Json;
      assert.equal(cl.id, list.id);
      assert.equal(cl.name, "Seeded");
      const contacts = cl.contacts as Json[];
      assert.deepEqual(contacts.map((x) => x.number), ["5511900000001", "5511900000002", "5511900000003"]);
      assert.ok(contacts.every((x) => x.contactListId === list.id && "isWhatsappValid" in x && "email" in x));
      // The list stays light: no contacts or shipments in GET /campaigns.
      const page = await expectOk<Json>(await app.request("/api/campaigns", { token: a.adminToken }));
      const row = (page.records as Json[]).find((x) => x.id === c.id)!;
      assert.equal(row.shipping, undefined);
      assert.equal((row.contactList as Json).contacts, undefined);
    });

    await t.step("after the run: today's fields and the shipping records", async () => {
      await expectOk(
        await app.request(`/api/campaigns/${c.id}`, {
          method: "PUT",
          token: a.adminToken,
          json: { scheduledAt: clock.now().toISOString() },
        }),
      );
      await campaignsTick(app.deps);
      const r = await expectOk<Json>(await show(a.adminToken));
      assert.equal(r.status, "FINALIZADA");
      // Today's shape.
      assert.equal(r.message1, "Oi {nome}");
      assert.equal(r.contactListId, list.id);
      assert.equal((r.whatsapp as Json).id, a.conn.id);
      assert.equal(r.tagList, null);
      assert.equal(r.confirmationWindowHours, 24);
      // The spec's shape.
      const shipping = r.shipping as Json[];
      assert.equal(shipping.length, 3);
      const items = (r.contactList as Json).contacts as Json[];
      for (const s of shipping) {
        assert.equal(s.campaignId, c.id);
        assert.ok(items.some((i) => i.id === s.contactId && i.number === s.number));
        assert.equal(s.deliveredAt, clock.now().toISOString());
        assert.equal(s.confirmationRequestedAt, null);
        assert.equal(s.status, "delivered");
        assert.ok(String(s.message).startsWith("Oi Contact"));
      }
    });

    await t.step("the window is validated", async () => {
      await expectError(
        await app.request("/api/campaigns", {
          method: "POST",
          token: a.adminToken,
          json: {
            name: "Zero",
            message1: "x",
            contactListId: list.id,
            whatsappId: a.conn.id,
            confirmationWindowHours: 0,
          },
        }),
        400,
        "ERR_VALIDATION",
      );
    });
  } finally {
    await app.close();
    await sink.close();
  }
});
