/**
 * The company's chatBotType on Telegram: with list or button the queue menu goes out as the inline
 * keyboard the buttons dialog already uses, one callback button per queue whose data is its id;
 * the tap (a callback_query as the Bot API reference describes it) picks that queue. With text the
 * menu stays numbered text.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { tickets, whatsappQueues, whatsapps } from "@db/schema.ts";
import { clearCaches } from "@/caches.ts";
import { createQueue } from "../../_helpers/factories.ts";
import { setCompanySetting } from "../../_helpers/tenant.ts";
import { BOT, deliverOk, fixture, runJobs, startTelegram, type TgTest } from "./_support.ts";

const CHAT = 12345678;

async function twoQueues(k: TgTest) {
  const vendas = await createQueue(k.t, k.companyId, { name: "Vendas", greetingMessage: "Vendas aqui" });
  const suporte = await createQueue(k.t, k.companyId, { name: "Suporte" });
  await k.t.deps.database.write(async (tx) => {
    await tx.update(whatsapps).set({ greetingMessage: "Olá! Escolha:" }).where(
      eq(whatsapps.id, k.connectionId),
    );
    for (const q of [vendas, suporte]) {
      await tx.insert(whatsappQueues).values({
        companyId: k.companyId,
        whatsappId: k.connectionId,
        queueId: q.id,
      });
    }
  });
  clearCaches(k.t.deps.caches);
  return { vendas, suporte };
}

Deno.test("[telegram] chatBotType button: the queue menu is an inline keyboard; a tap chooses the queue", async () => {
  const k = await startTelegram();
  try {
    const { vendas, suporte } = await twoQueues(k);
    await setCompanySetting(k.t, k.companyId, "chatBotType", "button");
    await deliverOk(k, await fixture("aiogram_update_message.json"));
    await runJobs(k.t);
    const call = k.tg.sends().at(-1)!;
    assert.equal(call.method, "sendMessage");
    assert.equal(call.params.text, "Olá! Escolha:\n\n*[ Sair ]* - Encerrar atendimento");
    assert.deepEqual(call.params.reply_markup, {
      inline_keyboard: [
        [{ text: "Vendas", callback_data: `queue:${vendas.id}` }],
        [{ text: "Suporte", callback_data: `queue:${suporte.id}` }],
      ],
    });

    await deliverOk(k, {
      update_id: 731420181,
      callback_query: {
        id: "268511788082888012",
        from: { id: CHAT, is_bot: false, first_name: "FirstName", username: "username" },
        message: {
          message_id: call.result!.message_id,
          from: { id: BOT.id, is_bot: true, first_name: BOT.first_name, username: BOT.username },
          chat: { id: CHAT, first_name: "FirstName", type: "private" },
          date: 1588349911,
          text: call.params.text,
          reply_markup: call.params.reply_markup,
        },
        chat_instance: "-4817394716124",
        data: `queue:${suporte.id}`,
      },
    });
    const [ticket] = await k.t.deps.db.select().from(tickets).where(eq(tickets.companyId, k.companyId));
    assert.equal(ticket.queueId, suporte.id);
  } finally {
    await k.close();
  }
});

Deno.test("[telegram] chatBotType text: the queue menu stays numbered text, with tap buttons that answer the number", async () => {
  const k = await startTelegram();
  try {
    await twoQueues(k);
    await deliverOk(k, await fixture("aiogram_update_message.json"));
    await runJobs(k.t);
    const call = k.tg.sends().at(-1)!;
    assert.match(String(call.params.text), /\*\[ 1 \]\* - Vendas\n\*\[ 2 \]\* - Suporte/);
    // Telegram's buttons are reliable, so every numbered menu also carries them; a tap sends the
    // number, exactly what typing would (chatbot_test.ts follows a tap through).
    const rows =
      (call.params.reply_markup as { inline_keyboard: { callback_data: string }[][] }).inline_keyboard;
    assert.deepEqual(rows.slice(0, 2).map((r) => r[0].callback_data), ["opt:1", "opt:2"]);
  } finally {
    await k.close();
  }
});
