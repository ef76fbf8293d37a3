/**
 * After a crash, never twice to the customer. A campaign shipment, a scheduled message and a bot
 * turn are handed to the provider; the provider holds its answer; the test kills the server with
 * SIGKILL (nothing of ours runs on the way down) and starts another process on the same data.
 * WhatsApp (Baileys): the send goes again under the same message id, which the phone shows once.
 * Cloud API (no deduplication): the shipment is `uncertain` and counted in the report, not resent.
 * Each step waits on what the processes wrote (the WhatsApp log, the database), never on time.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import {
  campaigns,
  campaignShippings,
  contactListItems,
  contacts,
  messages,
  queueIntegrations,
  schedules,
  tickets,
} from "@db/schema.ts";
import { enqueue } from "@/jobs/queue.ts";
import { metaConnection, PHONE_ID } from "../channels/meta/_support.ts";
import { seedList, setCampaignSettings } from "../campaigns/_support.ts";
import { expectOk } from "../_helpers/http.ts";
import type { Json } from "../fleet/_fleet.ts";
import { cloudApi, crashWorld, phoneShows, until, waConnection } from "./_crash.ts";

const NUMBER = "5511977770001";
const JID = `${NUMBER}@s.whatsapp.net`;

async function contactOf(w: Awaited<ReturnType<typeof crashWorld>>, channel: "whatsapp" | "whatsappapi") {
  const [c] = await w.t.deps.database.write((tx) =>
    tx.insert(contacts).values({ companyId: w.companyId, name: "Maria", number: NUMBER, channel }).returning()
  );
  return c;
}

const ourMessages = (w: Awaited<ReturnType<typeof crashWorld>>) =>
  w.t.deps.db.select().from(messages).where(
    and(eq(messages.companyId, w.companyId), eq(messages.fromMe, true)),
  );

Deno.test("[crash] kill -9 while WhatsApp holds a scheduled message: sent again under its id, the customer sees it once", async () => {
  const w = await crashWorld();
  try {
    const conn = await waConnection(w.t, w.companyId);
    const contact = await contactOf(w, "whatsapp");
    const [schedule] = await w.t.deps.database.write((tx) =>
      tx.insert(schedules).values({
        companyId: w.companyId,
        body: "Lembrete da consulta amanhã",
        sendAt: new Date(Date.now() - 1000).toISOString(),
        contactId: contact.id,
        whatsappId: conn.id,
      }).returning()
    );

    const a = await w.spawn({ hold: true });
    const first = await until(async () => (await w.waSends()).find((s) => s.jid === JID), "A hands it over");
    await w.kill(a);
    const [stored] = await ourMessages(w);
    assert.equal(stored.wid, first.id, "the id was stored before the hand-over");
    assert.ok(stored.handedAt, "the hand-over is on the message");

    await w.spawn();
    const done = await until(
      async () => {
        const [s] = await w.t.deps.db.select().from(schedules).where(eq(schedules.id, schedule.id));
        return s.status === "ENVIADA" ? s : null;
      },
      "the schedule sent by B",
      60_000,
    );
    assert.equal(done.contadorEnvio, 1);
    assert.equal(done.lastError, null);

    const sends = (await w.waSends()).filter((s) => s.jid === JID);
    assert.equal(sends.length, 2, "B handed the same message over again");
    assert.ok(sends.every((s) => s.id === first.id), "under the same id");
    assert.deepEqual(phoneShows(sends, JID), ["Lembrete da consulta amanhã"]);
    const rows = await ourMessages(w);
    assert.equal(rows.length, 1, "stored once");
    assert.ok(rows[0].ack >= 1);
  } finally {
    await w.close();
  }
});

Deno.test("[crash] kill -9 while WhatsApp holds a bot turn's reply: the bot is not asked again, the reply goes once", async () => {
  const w = await crashWorld();
  const calls: Json[] = [];
  const bot = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    calls.push(await req.json());
    return Response.json({ reply: "Olá! Sou o assistente." });
  });
  try {
    const conn = await waConnection(w.t, w.companyId);
    const contact = await contactOf(w, "whatsapp");
    const [integration] = await w.t.deps.database.write((tx) =>
      tx.insert(queueIntegrations).values({
        companyId: w.companyId,
        type: "webhook",
        name: "Assistente",
        urlN8N: `http://127.0.0.1:${bot.addr.port}/hook`,
      }).returning()
    );
    const [ticket] = await w.t.deps.database.write((tx) =>
      tx.insert(tickets).values({
        companyId: w.companyId,
        contactId: contact.id,
        whatsappId: conn.id,
        status: "pending",
        useIntegration: true,
        integrationId: integration.id,
      }).returning()
    );
    await w.t.deps.database.write((tx) =>
      enqueue(tx, {
        name: "integrations.turn",
        payload: { companyId: w.companyId, ticketId: ticket.id, text: "oi" },
        companyId: w.companyId,
        orderKey: `integration:${ticket.id}`,
        maxAttempts: 3,
      })
    );

    const a = await w.spawn({ hold: true });
    const first = await until(async () => (await w.waSends()).find((s) => s.jid === JID), "A says the reply");
    await w.kill(a);
    assert.equal(calls.length, 1);

    await w.spawn();
    const acked = await until(
      async () => {
        const rows = await ourMessages(w);
        return rows.length === 1 && rows[0].ack >= 1 ? rows[0] : null;
      },
      "the reply acknowledged after the restart",
      60_000,
    );
    assert.equal(acked.wid, first.id);
    assert.equal(calls.length, 1, "the bot was asked once: its conversation did not advance twice");
    const sends = await w.waSends();
    assert.ok(sends.every((s) => s.id === first.id), JSON.stringify(sends));
    assert.deepEqual(phoneShows(sends, JID), ["Olá! Sou o assistente."]);
  } finally {
    await w.close();
    await bot.shutdown();
  }
});

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
    await setCampaignSettings(w.t, w.token, {
      startHour: "00:00",
      endHour: "23:59",
      sabado: true,
      domingo: true,
      messageInterval: 0,
    });
    const list = await seedList(w.t, w.companyId, 0, "Clientes");
    await w.t.deps.database.write((tx) =>
      tx.insert(contactListItems).values({
        companyId: w.companyId,
        contactListId: list.id,
        name: "Maria",
        number: NUMBER,
      })
    );
    const created = await expectOk<Json>(
      await w.t.request("/api/campaigns", {
        method: "POST",
        token: w.token,
        json: {
          name: "Black Friday",
          message1: "Oferta de hoje, {nome}",
          contactListId: list.id,
          whatsappId: conn.id,
          scheduledAt: new Date(Date.now() + 500).toISOString(),
        },
      }),
      201,
    );

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
      60_000,
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
    assert.equal(PHONE_ID, conn.metaPhoneNumberId);
  } finally {
    await w.close();
    await cloud.close();
  }
});

Deno.test("[crash] kill -9 while WhatsApp holds a campaign shipment: sent again under its id, delivered, the customer sees it once", async () => {
  const w = await crashWorld();
  try {
    const conn = await waConnection(w.t, w.companyId);
    await setCampaignSettings(w.t, w.token, {
      startHour: "00:00",
      endHour: "23:59",
      sabado: true,
      domingo: true,
      messageInterval: 0,
    });
    const list = await seedList(w.t, w.companyId, 0, "Clientes");
    await w.t.deps.database.write((tx) =>
      tx.insert(contactListItems).values({
        companyId: w.companyId,
        contactListId: list.id,
        name: "Maria",
        number: NUMBER,
      })
    );
    const created = await expectOk<Json>(
      await w.t.request("/api/campaigns", {
        method: "POST",
        token: w.token,
        json: {
          name: "Natal",
          message1: "Feliz Natal, {nome}",
          contactListId: list.id,
          whatsappId: conn.id,
          scheduledAt: new Date(Date.now() + 500).toISOString(),
        },
      }),
      201,
    );

    const a = await w.spawn({ hold: true });
    const first = await until(async () => (await w.waSends()).find((s) => s.jid === JID), "A hands it over");
    await w.kill(a);

    await w.spawn();
    await until(
      async () => {
        const [c] = await w.t.deps.db.select().from(campaigns).where(eq(campaigns.id, created.id));
        return c.status === "FINALIZADA";
      },
      "the campaign finished by B",
      120_000,
    );
    const [shipping] = await w.t.deps.db.select().from(campaignShippings)
      .where(eq(campaignShippings.campaignId, created.id));
    assert.equal(shipping.status, "delivered");
    const sends = (await w.waSends()).filter((s) => s.jid === JID);
    assert.ok(sends.length >= 2 && sends.every((s) => s.id === first.id), JSON.stringify(sends));
    assert.deepEqual(phoneShows(sends, JID), ["Feliz Natal, Maria"]);
    const rows = await ourMessages(w);
    assert.equal(rows.length, 1, "stored once");
    assert.equal(rows[0].wid, first.id);
  } finally {
    await w.close();
  }
});
