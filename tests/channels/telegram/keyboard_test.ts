import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { messages, tickets } from "@db/schema.ts";
import { BOT, deliverOk, fixture, runJobs, startTelegram } from "./_support.ts";

const CHAT = 12345678;

Deno.test("[telegram] a list goes out as an inline keyboard; the customer's tap comes back into the ticket as the button's text", async () => {
  const k = await startTelegram();
  try {
    await deliverOk(k, await fixture("aiogram_update_message.json"));
    const [ticket] = await k.t.deps.db.select().from(tickets).where(eq(tickets.companyId, k.companyId));
    const put = await k.t.request(`/api/tickets/${ticket.id}`, {
      method: "PUT",
      token: k.admin.token,
      json: { status: "open", userId: Number(k.admin.user.id) },
    });
    assert.equal(put.status, 200);
    await put.body?.cancel();
    const res = await k.t.request(`/api/messages/lista/${ticket.id}`, {
      method: "POST",
      token: k.admin.token,
      json: {
        title: "Pedido 4411",
        text: "Como quer receber?",
        buttonText: "Escolher",
        sections: [{
          title: "Entrega",
          rows: [{ id: "motoboy", title: "Motoboy" }, { id: "retirada", title: "Retirar na loja" }],
        }],
      },
    });
    assert.ok(res.status < 300, await res.clone().text());
    await res.body?.cancel();
    await runJobs(k.t);
    const call = k.tg.sends().at(-1)!;
    assert.equal(call.method, "sendMessage");
    assert.equal(call.params.text, "Pedido 4411\n\nComo quer receber?");
    assert.deepEqual(call.params.reply_markup, {
      inline_keyboard: [[{ text: "Motoboy", callback_data: "motoboy" }], [{
        text: "Retirar na loja",
        callback_data: "retirada",
      }]],
    });
    const [list] = await k.t.deps.db.select().from(messages)
      .where(and(eq(messages.companyId, k.companyId), eq(messages.fromMe, true)));
    const sentId = Number(list.wid!.split(":").at(-1));

    // The customer taps "Retirar na loja": a CallbackQuery as the Bot API reference describes it.
    const update = {
      update_id: 731420180,
      callback_query: {
        id: "268511788082888011",
        from: {
          id: CHAT,
          is_bot: false,
          first_name: "FirstName",
          last_name: "LastName",
          username: "username",
        },
        message: {
          message_id: sentId,
          from: { id: BOT.id, is_bot: true, first_name: BOT.first_name, username: BOT.username },
          chat: { id: CHAT, first_name: "FirstName", type: "private" },
          date: 1588349911,
          text: "Pedido 4411\n\nComo quer receber?",
          reply_markup: call.params.reply_markup,
        },
        chat_instance: "-4817394716123",
        data: "retirada",
      },
    };
    await deliverOk(k, update);
    await deliverOk(k, update);
    // The redelivered update (same update_id) is skipped: one answer, one stored tap.
    assert.equal(k.tg.calls.filter((c) => c.method === "answerCallbackQuery").length, 1);
    const answers = await k.t.deps.db.select().from(messages)
      .where(and(eq(messages.companyId, k.companyId), eq(messages.body, "Retirar na loja")));
    assert.equal(answers.length, 1);
    assert.equal(answers[0].fromMe, false);
    assert.equal(answers[0].ticketId, ticket.id);
    assert.equal(answers[0].quotedMsgId, list.id);
  } finally {
    await k.close();
  }
});
