/**
 * After a crash, never twice to the customer, on the WhatsApp Cloud API, which cannot recognise a
 * repeat: a campaign shipment is handed to it, it holds its answer, the test kills the server with
 * SIGKILL and starts another process on the same data. The shipment is `uncertain`, counted in the
 * report, and never sent again; the campaign finishes. Waits on what the processes wrote, never on
 * time.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { campaigns, campaignShippings, messages, tickets } from "@db/schema.ts";
import { metaConnection } from "../channels/meta/_support.ts";
import { expectOk } from "../_helpers/http.ts";
import type { Json } from "../fleet/_fleet.ts";
import {
  cloudApi,
  contactOf,
  crashWorld,
  LONG_WAIT_MS,
  ourMessages,
  startingCampaign,
  until,
} from "./_crash.ts";

Deno.test("[crash] kill -9 while the Cloud API holds a campaign shipment: uncertain, counted in the report, never resent", async () => {
  const w = await crashWorld();
  const cloud = cloudApi();
  try {
    const conn = await metaConnection(w.t, w.companyId, "whatsappapi");
    // The customer wrote today: Meta's 24-hour window is open.
    const contact = await contactOf(w, "whatsappapi");
    await w.t.deps.database.write(async (tx) => {
      const [tk] = await tx.insert(tickets).values({
        companyId: w.companyId,
        contactId: contact.id,
        whatsappId: conn.id,
        status: "closed",
        channel: "whatsappapi",
      }).returning();
      await tx.insert(messages).values({
        companyId: w.companyId,
        wid: "wamid.IN1",
        ticketId: tk.id,
        contactId: contact.id,
        body: "oi",
        fromMe: false,
        channel: "whatsappapi",
        createdAt: new Date().toISOString(),
      });
    });
    const created = await startingCampaign(w, {
      whatsappId: conn.id,
      name: "Black Friday",
      message: "Oferta de hoje, {nome}",
    });

    const env = { WHATSAPP_CLOUD_API_URL: cloud.url };
    const a = await w.spawn({ env });
    await until(() => cloud.sends.length > 0, "A hands the shipment to the Cloud API");
    await w.kill(a);
    cloud.release();

    await w.spawn({ env });
    const row = await until(
      async () => {
        const [c] = await w.t.deps.db.select().from(campaigns).where(eq(campaigns.id, created.id));
        return c.status === "FINALIZADA" ? c : null;
      },
      "the campaign finished by B",
      LONG_WAIT_MS,
    );
    assert.ok(row.completedAt);
    const [shipping] = await w.t.deps.db.select().from(campaignShippings)
      .where(eq(campaignShippings.campaignId, created.id));
    assert.equal(shipping.status, "uncertain");
    assert.equal(shipping.lastError, "ERR_SEND_UNCERTAIN");
    assert.equal(cloud.sends.length, 1, "the Cloud API got it once");
    assert.equal((cloud.sends[0].text as Json).body, "Oferta de hoje, Maria");
    const [msg] = await ourMessages(w);
    assert.equal(msg.sendError, "ERR_SEND_UNCERTAIN", "the bubble says it may not have arrived");

    const report = await expectOk<Json>(
      await w.t.request(`/api/campaigns/${created.id}/report`, { token: w.token }),
    );
    assert.equal(report.counts.uncertain, 1);
    assert.equal(report.counts.delivered, 0);
    assert.equal(report.counts.pending, 0);
  } finally {
    await w.close();
    await cloud.close();
  }
});
