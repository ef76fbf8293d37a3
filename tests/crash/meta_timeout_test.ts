/**
 * A Meta call that times out may still have reached Meta: the request went out, only the answer is
 * missing. Such a send keeps its hand-over mark (`handedAt`) and is `uncertain`, never retried as if
 * nothing had left — the Cloud API cannot recognise a second hand-over, so a clean retry could reach
 * the customer twice. The local Cloud API holds its answer past the (short) timeout; the test waits
 * on the send's outcome, not on time.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { contacts, messages, schedules, tickets } from "@db/schema.ts";
import { schedulesTick } from "@/schedules/dispatcher.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { createCompany } from "../_helpers/factories.ts";
import { metaConnection } from "../channels/meta/_support.ts";
import { cloudApi } from "./_crash.ts";

Deno.test("[crash] a Cloud API send that times out: uncertain, handed-over kept, never sent a second time", async () => {
  const cloud = cloudApi();
  const t = await createTestApp({
    env: { WHATSAPP_CLOUD_API_URL: cloud.url, GRAPH_TIMEOUT_MS: "300" },
    scheduler: false,
  });
  try {
    const { company } = await createCompany(t, { plan: { useSchedules: true } });
    const conn = await metaConnection(t, company.id, "whatsappapi");
    const now = new Date();
    const scheduleId = await t.deps.database.write(async (tx) => {
      const [c] = await tx.insert(contacts).values({
        companyId: company.id,
        name: "Maria",
        number: "5511977770001",
        channel: "whatsappapi",
      }).returning();
      const [tk] = await tx.insert(tickets).values({
        companyId: company.id,
        contactId: c.id,
        whatsappId: conn.id,
        status: "open",
        channel: "whatsappapi",
      }).returning();
      // The customer wrote a minute ago: Meta's 24-hour window is open.
      await tx.insert(messages).values({
        companyId: company.id,
        wid: "wamid.IN1",
        ticketId: tk.id,
        contactId: c.id,
        body: "oi",
        fromMe: false,
        channel: "whatsappapi",
        createdAt: new Date(now.getTime() - 60_000).toISOString(),
      });
      const [s] = await tx.insert(schedules).values({
        companyId: company.id,
        body: "Lembrete da consulta",
        sendAt: new Date(now.getTime() - 1000).toISOString(),
        contactId: c.id,
        whatsappId: conn.id,
        status: "PENDENTE",
      }).returning();
      return s.id;
    });

    // One tick claims the schedule again after a failed attempt (up to its attempts): before the
    // fix, each timeout cleared handedAt and the next attempt reached the Cloud API again.
    await schedulesTick(t.deps);
    const [schedule] = await t.deps.db.select().from(schedules).where(eq(schedules.id, scheduleId));
    const [message] = await t.deps.db.select().from(messages).where(
      and(eq(messages.companyId, company.id), eq(messages.fromMe, true)),
    );
    assert.equal(cloud.sends.length, 1, "handed to the Cloud API once");
    assert.ok(message.handedAt, "the hand-over mark stays: Meta may have it");
    assert.equal(message.ack, 0);
    assert.equal(message.sendError, "ERR_SEND_UNCERTAIN");
    assert.equal(schedule.status, "ENVIADA", "the slot counts as sent (the customer may have it)");
    assert.equal(schedule.lastError, "ERR_SEND_UNCERTAIN");

    // Later ticks find nothing to send.
    assert.equal(await schedulesTick(t.deps), 0);
    assert.equal(cloud.sends.length, 1);
  } finally {
    await t.close();
    await cloud.close();
  }
});
