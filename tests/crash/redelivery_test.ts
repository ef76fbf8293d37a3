/**
 * The rules a dispatcher's re-run follows for a message stored before a crash, in process and by
 * the row's state (the kill -9 tests, kill9_*_test.ts, produce these states for real): stored but
 * never handed over → sent; handed over to a provider that cannot recognise a repeat (Cloud API)
 * → uncertain, nothing sent, the slot counted; acknowledged meanwhile → nothing sent. And the
 * shape of the ids derived from a send key.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { contacts, messages, schedules, tickets } from "@db/schema.ts";
import { schedulesTick } from "@/schedules/dispatcher.ts";
import { isWhatsappMessageId, stableMessageId } from "@/messages/send_key.ts";
import { createCompany } from "../_helpers/factories.ts";
import { metaConnection, startMeta } from "../channels/meta/_support.ts";

Deno.test("[crash] send keys: Baileys-shaped ids, the same for the same send, distinct per send and company", () => {
  const a = stableMessageId(7, "campaign:12:send");
  assert.match(a, /^3EB0[0-9A-F]{18}$/);
  assert.ok(isWhatsappMessageId(a));
  assert.equal(stableMessageId(7, "campaign:12:send"), a);
  assert.notEqual(stableMessageId(7, "campaign:12:ask"), a);
  assert.notEqual(stableMessageId(8, "campaign:12:send"), a);
  assert.ok(!isWhatsappMessageId("ATD0123456789abcdefghijkl"));
});

type State = { handedAt: string | null; ack: number };

/** A schedule left AGENDADA by a dead holder, its message stored on a Cloud API line in `state`. */
async function leftBehind(state: State) {
  const m = await startMeta();
  const { company } = await createCompany(m.t, { plan: { useSchedules: true } });
  const conn = await metaConnection(m.t, company.id, "whatsappapi");
  const now = new Date();
  const old = new Date(now.getTime() - 10 * 60_000).toISOString();
  const ids = await m.t.deps.database.write(async (tx) => {
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
    const sendAt = new Date(now.getTime() - 11 * 60_000).toISOString();
    const [msg] = await tx.insert(messages).values({
      companyId: company.id,
      wid: stableMessageId(company.id, `schedule:1:${sendAt}`),
      ticketId: tk.id,
      contactId: c.id,
      body: "Lembrete da consulta",
      fromMe: true,
      channel: "whatsappapi",
      ack: state.ack,
      handedAt: state.handedAt,
      createdAt: old,
    }).returning();
    const [s] = await tx.insert(schedules).values({
      companyId: company.id,
      body: "Lembrete da consulta",
      sendAt,
      contactId: c.id,
      whatsappId: conn.id,
      status: "AGENDADA",
      attempts: 1,
      messageId: msg.id,
      updatedAt: old,
    }).returning();
    return { scheduleId: s.id, messageId: msg.id };
  });
  const read = async () => ({
    schedule: (await m.t.deps.db.select().from(schedules).where(eq(schedules.id, ids.scheduleId)))[0],
    message: (await m.t.deps.db.select().from(messages).where(
      and(eq(messages.companyId, company.id), eq(messages.id, ids.messageId)),
    ))[0],
  });
  return { m, read };
}

Deno.test("[crash] Cloud API, stored but never handed over: the re-run sends it, once", async () => {
  const { m, read } = await leftBehind({ handedAt: null, ack: 0 });
  try {
    assert.equal(await schedulesTick(m.t.deps), 1);
    const { schedule, message } = await read();
    assert.equal(m.graph.sends().length, 1);
    assert.equal(schedule.status, "ENVIADA");
    assert.equal(schedule.lastError, null);
    assert.equal(message.ack, 1);
    assert.ok(message.handedAt);
    assert.equal(message.sendError, null);
  } finally {
    await m.close();
  }
});

Deno.test("[crash] Cloud API, handed over when the process died: uncertain, not resent, the slot counted", async () => {
  const { m, read } = await leftBehind({ handedAt: new Date().toISOString(), ack: 0 });
  try {
    assert.equal(await schedulesTick(m.t.deps), 1);
    const { schedule, message } = await read();
    assert.equal(m.graph.sends().length, 0, "nothing sent blindly");
    assert.equal(schedule.status, "ENVIADA");
    assert.equal(schedule.contadorEnvio, 1);
    assert.equal(schedule.lastError, "ERR_SEND_UNCERTAIN");
    assert.equal(message.sendError, "ERR_SEND_UNCERTAIN");
    // A second look finds nothing to do.
    assert.equal(await schedulesTick(m.t.deps), 0);
    assert.equal(m.graph.sends().length, 0);
  } finally {
    await m.close();
  }
});

Deno.test("[crash] acknowledged before the process died: the re-run sends nothing and marks it sent", async () => {
  const { m, read } = await leftBehind({ handedAt: new Date().toISOString(), ack: 2 });
  try {
    assert.equal(await schedulesTick(m.t.deps), 1);
    const { schedule, message } = await read();
    assert.equal(m.graph.sends().length, 0);
    assert.equal(schedule.status, "ENVIADA");
    assert.equal(schedule.lastError, null);
    assert.equal(message.sendError, null);
  } finally {
    await m.close();
  }
});
