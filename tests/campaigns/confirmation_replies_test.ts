/**
 * A reply to a campaign's confirmation question is the campaign's before anything else answers it
 * (reference §3: campaign replies are checked first and are exempt from LGPD): outside the
 * company's working hours, and with LGPD consent on, the "yes" confirms the shipment, the contact
 * gets the campaign message and neither the out-of-hours text nor the consent question, and the
 * campaign finishes. Over the api channel with an injected clock.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { campaignShippings, companies } from "@db/schema.ts";
import { clearCaches } from "@/caches.ts";
import { campaignsTick } from "@/campaigns/dispatcher.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import { LGPD_QUESTION } from "@/automation/steps/lgpd.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { customerSays, hooksTo } from "../_helpers/inbox.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { createTenant, openOn, type TenantOptions } from "../_helpers/tenant.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { confirmingCampaign, createCampaign, seedList, setCampaignSettings } from "./_support.ts";

const WED_NOON = "2026-11-25T15:00:00Z"; // Wednesday 12:00 in São Paulo (UTC-3)
const NUMBER = "5511900000001"; // the seeded list's first item

/** Working hours every day but Wednesday: the company is closed all of today. */
const CLOSED_TODAY = openOn(["monday", "tuesday", "thursday", "friday", "saturday", "sunday"]);

async function confirmedDespite(
  tenant: TenantOptions,
  prepare: (app: TestApp, companyId: number) => Promise<void>,
  mustNotAnswer: string,
) {
  const clock = new ManualClock(WED_NOON);
  const sink = startWebhookSink();
  const app = await createTestApp({ scheduler: false, clock });
  try {
    const a = await createTenant(app, { ...tenant, webhook: sink, user: false });
    await prepare(app, a.company.id);
    clearCaches(app.deps.caches);
    await setCampaignSettings(app, a.adminToken, { messageInterval: 0, greaterInterval: 0 });
    const list = await seedList(app, a.company.id, 1);
    const c = await createCampaign(
      app,
      a.adminToken,
      confirmingCampaign({ contactListId: list.id, whatsappId: a.conn.id, at: clock.now() }),
    );
    await campaignsTick(app.deps);
    await runDueJobs(app.deps);
    assert.deepEqual(hooksTo(sink, NUMBER), ["May we send you the offer, Contact 1?"]);

    await customerSays(app, a.conn, NUMBER, "Sim!");
    const [shipment] = await app.deps.db.select().from(campaignShippings)
      .where(eq(campaignShippings.campaignId, c.id));
    assert.equal(shipment.status, "pending", "the reply confirmed the shipment");
    assert.equal(shipment.confirmation, true);

    await campaignsTick(app.deps);
    await runDueJobs(app.deps);
    const bodies = hooksTo(sink, NUMBER);
    assert.deepEqual(bodies, ["May we send you the offer, Contact 1?", "The offer, Contact 1"]);
    assert.ok(!bodies.some((b) => b.includes(mustNotAnswer)), `answered with ${mustNotAnswer}`);
    const done = await expectOk<Json>(await app.request(`/api/campaigns/${c.id}`, { token: a.adminToken }));
    assert.equal(done.status, "FINALIZADA");
  } finally {
    await app.close();
    await sink.close();
  }
}

Deno.test("[campaigns] a confirmation reply outside the company's working hours confirms the shipment", async () => {
  await confirmedDespite(
    { conn: { outOfHoursMessage: "Estamos fechados" }, settings: { scheduleType: "company" } },
    async (app, companyId) => {
      await app.deps.database.write((tx) =>
        tx.update(companies).set({ schedules: CLOSED_TODAY }).where(eq(companies.id, companyId))
      );
    },
    "Estamos fechados",
  );
});

Deno.test("[campaigns] a confirmation reply with LGPD consent on confirms the shipment, no consent asked", async () => {
  await confirmedDespite(
    { settings: { enableLGPD: "enabled", lgpdMessage: "Tratamos seus dados conforme a LGPD." } },
    async () => {},
    LGPD_QUESTION,
  );
});
