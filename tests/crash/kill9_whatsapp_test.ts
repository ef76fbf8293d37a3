/**
 * After a crash, never twice to the customer, on WhatsApp (Baileys): a scheduled message, a bot
 * turn's reply and a campaign shipment are handed to WhatsApp, which holds its answer; the test
 * kills the server with SIGKILL (nothing of ours runs on the way down) and starts another process on
 * the same data. The send goes again under the same message id, which the phone shows once; the bot
 * is not asked again. Each step waits on what the processes wrote (the WhatsApp log, the database),
 * never on time.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { campaigns, campaignShippings, queueIntegrations, schedules, tickets } from "@db/schema.ts";
import { enqueue } from "@/jobs/queue.ts";
import type { Json } from "../fleet/_fleet.ts";
import {
  contactOf,
  crashWorld,
  JID,
  LONG_WAIT_MS,
  ourMessages,
  phoneShows,
  startingCampaign,
  until,
  waConnection,
} from "./_crash.ts";

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
      LONG_WAIT_MS,
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
        runAt: new Date(),
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
      LONG_WAIT_MS,
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

Deno.test("[crash] kill -9 while WhatsApp holds a campaign shipment: sent again under its id, delivered, the customer sees it once", async () => {
  const w = await crashWorld();
  try {
    const conn = await waConnection(w.t, w.companyId);
    const created = await startingCampaign(w, {
      whatsappId: conn.id,
      name: "Natal",
      message: "Feliz Natal, {nome}",
    });

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
      LONG_WAIT_MS,
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
