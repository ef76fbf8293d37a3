/**
 * The queue chatbot on Telegram: the bot's numbered menu goes out with an inline keyboard (one
 * button per option) and the customer's tap answers with the option's key, exactly what typing it
 * would send, so the queue step picks the queue. Out of hours answers a Telegram customer as any.
 * Through the real webhook and the local Bot API.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { companies, messages, tickets } from "@db/schema.ts";
import { clearCaches } from "@/caches.ts";
import { ManualClock } from "../../_helpers/clock.ts";
import { openOn, setCompanySetting } from "../../_helpers/tenant.ts";
import { createQueue } from "../../_helpers/factories.ts";
import { menuKeyboard } from "@/channels/telegram/keyboard.ts";
import { BOT, deliverOk, fixture, runJobs, startTelegram } from "./_support.ts";

const CHAT = 12345678;
const WEEK = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

Deno.test("[telegram] the queue menu goes out as an inline keyboard and a tap picks the queue", async () => {
  const k = await startTelegram();
  try {
    const vendas = await createQueue(k.t, k.companyId, {
      name: "Vendas",
      greetingMessage: "Bem-vindo a Vendas",
    });
    const suporte = await createQueue(k.t, k.companyId, {
      name: "Suporte",
      greetingMessage: "Bem-vindo ao Suporte",
    });
    const put = await k.t.request(`/api/whatsapp/${k.connectionId}`, {
      method: "PUT",
      token: k.admin.token,
      json: { queueIds: [vendas.id, suporte.id], greetingMessage: "Olá! Escolha um setor:" },
    });
    assert.equal(put.status, 200, await put.clone().text());
    await put.body?.cancel();

    await deliverOk(k, await fixture("aiogram_update_message.json"));
    await runJobs(k.t);
    const menu = k.tg.sends().at(-1)!;
    assert.match(String(menu.params.text), /Olá! Escolha um setor:/);
    assert.deepEqual(menu.params.reply_markup, {
      inline_keyboard: [
        [{ text: "Vendas", callback_data: "opt:1" }],
        [{ text: "Suporte", callback_data: "opt:2" }],
        [{ text: "Encerrar atendimento", callback_data: "opt:Sair" }],
      ],
    });

    // The customer taps "Suporte" (a CallbackQuery as the Bot API reference describes it).
    await deliverOk(k, {
      update_id: 123456800,
      callback_query: {
        id: "4382bfdwdsb323b2d9",
        from: { id: CHAT, is_bot: false, first_name: "FirstName", username: "username" },
        message: {
          message_id: menu.result!.message_id,
          from: { id: BOT.id, is_bot: true, first_name: BOT.first_name, username: BOT.username },
          chat: { id: CHAT, first_name: "FirstName", type: "private" },
          date: 1588349911,
          text: menu.params.text,
          reply_markup: menu.params.reply_markup,
        },
        chat_instance: "-4817394716123",
        data: "opt:2",
      },
    });
    await runJobs(k.t);
    const [ticket] = await k.t.deps.db.select().from(tickets).where(eq(tickets.companyId, k.companyId));
    assert.equal(ticket.queueId, suporte.id);
    const tap = (await k.t.deps.db.select().from(messages).where(eq(messages.ticketId, ticket.id)))
      .filter((m) => !m.fromMe).at(-1)!;
    assert.equal(tap.body, "2", "the tap is the answer typing would give");
    assert.equal(k.tg.calls.filter((c) => c.method === "answerCallbackQuery").length, 1);
  } finally {
    await k.close();
  }
});

Deno.test("[telegram] menuKeyboard: option lines only; a text without them has no keyboard", () => {
  assert.equal(menuKeyboard("Olá *Maria*, tudo bem?"), null);
  assert.deepEqual(
    menuKeyboard("Aceita?\n\n*[ 1 ]* - Sim\n*[ 2 ]* - Não\n*[ # ]* - Voltar ao menu principal"),
    {
      inline_keyboard: [
        [{ text: "Sim", callback_data: "opt:1" }],
        [{ text: "Não", callback_data: "opt:2" }],
        [{ text: "Voltar ao menu principal", callback_data: "opt:#" }],
      ],
    },
  );
});

Deno.test("[telegram] out of hours: a Telegram customer writing while the company is closed gets the connection's out-of-hours message", async () => {
  const clock = new ManualClock("2026-03-02T22:30:00Z"); // Monday 19:30 in São Paulo
  const k = await startTelegram({ clock });
  try {
    const put = await k.t.request(`/api/whatsapp/${k.connectionId}`, {
      method: "PUT",
      token: k.admin.token,
      json: { outOfHoursMessage: "Estamos fechados, voltamos às 8h." },
    });
    assert.equal(put.status, 200, await put.clone().text());
    await put.body?.cancel();
    await setCompanySetting(k.t, k.companyId, "scheduleType", "company");
    await k.t.deps.database.write((tx) =>
      tx.update(companies).set({ schedules: openOn(WEEK) }).where(eq(companies.id, k.companyId))
    );
    clearCaches(k.t.deps.caches);
    await deliverOk(k, await fixture("aiogram_update_message.json"));
    await runJobs(k.t);
    assert.deepEqual(k.tg.sends().map((s) => [s.params.chat_id, s.params.text]), [
      [String(CHAT), "Estamos fechados, voltamos às 8h."],
    ]);
  } finally {
    await k.close();
  }
});
