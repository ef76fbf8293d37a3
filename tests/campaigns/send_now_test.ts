/**
 * "Send now" (POST /campaigns/{id}/start): an inactive or scheduled campaign starts at once; one
 * with nothing to send is refused with the reason; contacts a shipment creates keep the list's names.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { contactLists, contacts } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { createCampaign, seedList } from "./_support.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { campaignsTick } from "@/campaigns/dispatcher.ts";

const WED_NOON = "2026-11-25T15:00:00Z"; // Wednesday 12:00 in São Paulo, inside the default hours

Deno.test("[campaigns] send now: 401, 404 across companies, 403 for a user, nothing to send explained, names kept", async (t) => {
  const clock = new ManualClock(WED_NOON);
  const sink = startWebhookSink();
  const app = await createTestApp({ scheduler: false, clock });
  try {
    const a = await createTenant(app, { webhook: sink });
    const b = await createTenant(app, { webhook: null, user: false });
    const list = await seedList(app, a.company.id, 2, "Clientes");
    const c = await createCampaign(app, a.adminToken, {
      name: "Black Friday",
      message1: "Oi {nome}",
      contactListId: list.id,
      whatsappId: a.conn.id,
    });
    assert.equal(c.status, "INATIVA");
    const start = (id: number, token?: string) =>
      app.request(`/api/campaigns/${id}/start`, { method: "POST", ...(token ? { token } : {}) });

    await t.step("401 without a session", async () => {
      await assertAllNeedAuth(app, [["POST", `/api/campaigns/${c.id}/start`]]);
    });
    await t.step("another company's campaign answers 404; a profile user 403", async () => {
      await expectError(await start(c.id, b.adminToken), 404, "ERR_NOT_FOUND");
      await expectError(await start(c.id, a.userToken), 403, "ERR_NO_PERMISSION");
    });

    await t.step("nothing to send: the reason, not a silent Inactive", async () => {
      const [empty] = await app.deps.database.write((tx) =>
        tx.insert(contactLists).values({ companyId: a.company.id, name: "Vazia" }).returning()
      );
      const idle = await createCampaign(app, a.adminToken, {
        name: "Empty list",
        message1: "Oi",
        contactListId: empty.id,
        whatsappId: a.conn.id,
      });
      const refused = await expectError(
        await start(idle.id, a.adminToken),
        422,
        "ERR_CAMPAIGN_NOTHING_TO_SEND",
      );
      assert.deepEqual((refused as Json).details, { reason: "noContacts" });
      // A start date on a campaign that would send nothing is refused the same way.
      const scheduled = await app.request("/api/campaigns", {
        method: "POST",
        token: a.adminToken,
        json: {
          name: "Empty scheduled",
          message1: "Oi",
          contactListId: empty.id,
          whatsappId: a.conn.id,
          scheduledAt: new Date(Date.parse(WED_NOON) + 3600_000).toISOString(),
        },
      });
      await expectError(scheduled, 422, "ERR_CAMPAIGN_NOTHING_TO_SEND");
      const still = await expectOk<Json>(
        await app.request(`/api/campaigns/${idle.id}`, { token: a.adminToken }),
      );
      assert.equal(still.status, "INATIVA");
    });

    await t.step("send now: running at once; the contacts it creates carry the list's names", async () => {
      const started = await expectOk<Json>(await start(c.id, a.adminToken));
      assert.equal(started.status, "EM_ANDAMENTO");
      assert.equal(started.scheduledAt, WED_NOON.replace("Z", ".000Z"));
      // Sending it again is a conflict, not a second run.
      await expectError(await start(c.id, a.adminToken), 409, "ERR_CONFLICT");
      for (let i = 0; i < 4; i++) {
        await campaignsTick(app.deps);
        clock.advance(30_000);
      }
      const made = await app.deps.db.select({ name: contacts.name, number: contacts.number }).from(contacts)
        .where(and(eq(contacts.companyId, a.company.id)));
      const byNumber = new Map(made.map((m) => [m.number, m.name]));
      assert.equal(byNumber.get("5511900000001"), "Contact 1");
      assert.equal(byNumber.get("5511900000002"), "Contact 2");
    });
  } finally {
    await app.close();
    await sink.close();
  }
});
