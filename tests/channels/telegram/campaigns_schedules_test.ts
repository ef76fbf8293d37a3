/**
 * Campaigns and schedules on Telegram contacts: a campaign shipment and a scheduled message reach
 * the Bot API like on any channel; a contact Telegram said blocked the bot (403, contacts.unreachable_at)
 * is skipped by both, with the reason recorded (ERR_CONTACT_UNREACHABLE) instead of a send.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { campaignShippings, contactListItems, contactLists, contacts, schedules } from "@db/schema.ts";
import { campaignsTick } from "@/campaigns/dispatcher.ts";
import { schedulesTick } from "@/schedules/dispatcher.ts";
import { ManualClock } from "../../_helpers/clock.ts";
import { expectOk, type Json } from "../../_helpers/http.ts";
import { createCampaign, setCampaignSettings } from "../../campaigns/_support.ts";
import { deliverOk, fixture, runPaced, startTelegram, type TgTest } from "./_support.ts";

const WED_NOON = "2026-11-25T15:00:00Z"; // Wednesday 12:00 in São Paulo
const CUSTOMER = "tg-12345678"; // aiogram's user, who writes first
const BLOCKED = "tg-987650001";

/** The customer of aiogram's update, and a Telegram contact who blocked the bot. */
async function contactsOf(k: TgTest) {
  await deliverOk(k, await fixture("aiogram_update_message.json"));
  const [customer] = await k.t.deps.db.select().from(contacts).where(eq(contacts.number, CUSTOMER));
  const [blocked] = await k.t.deps.database.write((tx) =>
    tx.insert(contacts).values({
      companyId: k.companyId,
      name: "Bloqueou",
      number: BLOCKED,
      channel: "telegram",
      unreachableAt: "2026-11-20T10:00:00.000Z",
    }).returning()
  );
  return { customer, blocked };
}

Deno.test("[telegram] a campaign reaches a Telegram contact through the Bot API and skips one who blocked the bot, saying why", async () => {
  const clock = new ManualClock(WED_NOON);
  const k = await startTelegram({ clock });
  try {
    await contactsOf(k);
    await setCampaignSettings(k.t, k.admin.token, { messageInterval: 0, greaterInterval: 0 });
    const list = await k.t.deps.database.write(async (tx) => {
      const [list] = await tx.insert(contactLists).values({ companyId: k.companyId, name: "Telegram" })
        .returning();
      await tx.insert(contactListItems).values([
        { companyId: k.companyId, contactListId: list.id, name: "FirstName", number: CUSTOMER },
        { companyId: k.companyId, contactListId: list.id, name: "Bloqueou", number: BLOCKED },
      ]);
      return list;
    });
    const c = await createCampaign(k.t, k.admin.token, {
      name: "Black Friday",
      message1: "Oferta para {nome}",
      contactListId: list.id,
      whatsappId: k.connectionId,
      scheduledAt: clock.now().toISOString(),
    });
    for (let i = 0; i < 4; i++) {
      await campaignsTick(k.t.deps);
      await runPaced(k.t, clock);
      clock.advance(1000);
    }
    const sends = k.tg.sends();
    assert.deepEqual(sends.map((s) => [s.method, s.params.chat_id, s.params.text]), [
      ["sendMessage", "12345678", "Oferta para FirstName"],
    ]);
    const rows = await k.t.deps.db.select().from(campaignShippings).where(
      eq(campaignShippings.campaignId, c.id),
    );
    const by = Object.fromEntries(rows.map((r) => [r.number, r]));
    assert.equal(by[CUSTOMER].status, "delivered");
    assert.equal(by[BLOCKED].status, "failed");
    assert.equal(by[BLOCKED].lastError, "ERR_CONTACT_UNREACHABLE");
    const report = await expectOk<Json>(
      await k.t.request(`/api/campaigns/${c.id}/report`, { token: k.admin.token }),
    );
    const records = report.records as Json[];
    assert.equal(records.find((r) => r.number === BLOCKED)?.lastError, "ERR_CONTACT_UNREACHABLE");
  } finally {
    await k.close();
  }
});

Deno.test("[telegram] a scheduled message reaches a Telegram contact; one to a contact who blocked the bot is not sent, with the reason", async () => {
  const clock = new ManualClock(WED_NOON);
  const k = await startTelegram({ clock });
  try {
    const { customer, blocked } = await contactsOf(k);
    const sendAt = new Date(clock.now().getTime() + 60_000).toISOString();
    const made = [];
    for (const contactId of [customer.id, blocked.id]) {
      const res = await k.t.request("/api/schedules", {
        method: "POST",
        token: k.admin.token,
        json: { body: "Seu horário é amanhã às 10h", contactId, sendAt, whatsappId: k.connectionId },
      });
      assert.ok(res.status < 300, await res.clone().text());
      made.push(await res.json());
    }
    clock.advance(61_000);
    await schedulesTick(k.t.deps);
    await runPaced(k.t, clock);
    assert.deepEqual(k.tg.sends().map((s) => [s.params.chat_id, s.params.text]), [
      ["12345678", "Seu horário é amanhã às 10h"],
    ]);
    const rows = await k.t.deps.db.select().from(schedules).where(eq(schedules.companyId, k.companyId));
    const of = (id: number) => rows.find((r) => r.contactId === id)!;
    assert.equal(of(customer.id).status, "ENVIADA");
    assert.equal(of(blocked.id).status, "ERRO");
    assert.equal(of(blocked.id).lastError, "ERR_CONTACT_UNREACHABLE");
    assert.equal(made.length, 2);
    const [b] = await k.t.deps.db.select().from(contacts)
      .where(and(eq(contacts.companyId, k.companyId), eq(contacts.id, blocked.id)));
    assert.ok(b.unreachableAt);
  } finally {
    await k.close();
  }
});
