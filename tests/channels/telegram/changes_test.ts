/**
 * An attendant's edit or delete of a message already on Telegram reaches the customer's chat
 * (editMessageText / editMessageCaption / deleteMessage against the local Bot API server), queued
 * behind the send it changes; Telegram's refusal (a message too old to delete) puts our message
 * back as the customer sees it, with the reason on the bubble like a failed send's.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { messages, tickets } from "@db/schema.ts";
import { ManualClock } from "../../_helpers/clock.ts";
import { deliverOk, fixture, runPaced, startTelegram, type TgTest } from "./_support.ts";

const CHAT = "12345678";

async function openTicket(k: TgTest): Promise<number> {
  await deliverOk(k, await fixture("aiogram_update_message.json"));
  const [ticket] = await k.t.deps.db.select().from(tickets).where(eq(tickets.companyId, k.companyId));
  const put = await k.t.request(`/api/tickets/${ticket.id}`, {
    method: "PUT",
    token: k.admin.token,
    json: { status: "open", userId: Number(k.admin.user.id) },
  });
  assert.equal(put.status, 200, await put.clone().text());
  await put.body?.cancel();
  return ticket.id;
}

async function reply(k: TgTest, ticketId: number, body: string, file?: File): Promise<number> {
  const init = file
    ? (() => {
      const form = new FormData();
      form.set("body", body);
      form.append("medias", file);
      return { method: "POST", token: k.admin.token, body: form };
    })()
    : { method: "POST", token: k.admin.token, json: { body } };
  const res = await k.t.request(`/api/messages/${ticketId}`, init);
  assert.ok(res.status < 300, await res.clone().text());
  const out = await res.json();
  return (Array.isArray(out) ? out[0] : out.message ?? out).id;
}

const row = async (k: TgTest, id: number) =>
  (await k.t.deps.db.select().from(messages).where(eq(messages.id, id)))[0];

Deno.test("[telegram] an attendant's edit goes out as editMessageText (a caption as editMessageCaption), a delete as deleteMessage", async (tt) => {
  const clock = new ManualClock("2026-11-27T12:00:00Z");
  const k = await startTelegram({ clock });
  const runJobs = () => runPaced(k.t, clock);
  try {
    const ticketId = await openTicket(k);
    await tt.step(
      "an edit queued before the send has gone out follows it, with the id Telegram gave",
      async () => {
        const id = await reply(k, ticketId, "Seu pedido sai hoje");
        const edit = await k.t.request(`/api/messages/edit/${id}`, {
          method: "POST",
          token: k.admin.token,
          json: { body: "Seu pedido sai amanhã" },
        });
        assert.equal(edit.status, 200, await edit.clone().text());
        await edit.body?.cancel();
        await runJobs();
        const sent = k.tg.calls.find((c) => c.method === "sendMessage")!;
        const call = k.tg.calls.at(-1)!;
        assert.equal(call.method, "editMessageText");
        assert.equal(call.params.chat_id, CHAT);
        assert.equal(call.params.message_id, sent.result!.message_id);
        assert.equal(call.params.text, "Seu pedido sai amanhã");
        const m = await row(k, id);
        assert.equal(m.body, "Seu pedido sai amanhã");
        assert.equal(m.sendError, null);
      },
    );
    await tt.step("a file's text is its caption: editMessageCaption", async () => {
      const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], "nota.jpg", { type: "image/jpeg" });
      const id = await reply(k, ticketId, "Nota fiscal", file);
      await runJobs();
      const edit = await k.t.request(`/api/messages/edit/${id}`, {
        method: "POST",
        token: k.admin.token,
        json: { body: "Nota fiscal corrigida" },
      });
      await edit.body?.cancel();
      await runJobs();
      const call = k.tg.calls.at(-1)!;
      assert.equal(call.method, "editMessageCaption");
      assert.equal(call.params.caption, "Nota fiscal corrigida");
    });
    await tt.step("a delete: deleteMessage on the message Telegram has", async () => {
      const id = await reply(k, ticketId, "mensagem errada");
      await runJobs();
      const sentId = k.tg.sends().at(-1)!.result!.message_id;
      const del = await k.t.request(`/api/messages/${id}`, { method: "DELETE", token: k.admin.token });
      assert.equal(del.status, 200, await del.clone().text());
      await del.body?.cancel();
      await runJobs();
      const call = k.tg.calls.at(-1)!;
      assert.equal(call.method, "deleteMessage");
      assert.deepEqual([call.params.chat_id, call.params.message_id], [CHAT, sentId]);
      assert.equal((await row(k, id)).isDeleted, true);
    });
  } finally {
    await k.close();
  }
});

Deno.test("[telegram] Telegram refusing a delete or an edit puts the message back as the customer sees it, with the reason", async (tt) => {
  const clock = new ManualClock("2026-11-27T12:00:00Z");
  const k = await startTelegram({ clock });
  const runJobs = () => runPaced(k.t, clock);
  try {
    const ticketId = await openTicket(k);
    const id = await reply(k, ticketId, "Bom dia");
    await runJobs();
    await tt.step("400 message can't be deleted: not deleted, the reason on the message", async () => {
      k.tg.failCalls.push({
        method: "deleteMessage",
        error_code: 400,
        description: "Bad Request: message can't be deleted",
      });
      const del = await k.t.request(`/api/messages/${id}`, { method: "DELETE", token: k.admin.token });
      await del.body?.cancel();
      await runJobs();
      const m = await row(k, id);
      assert.equal(m.isDeleted, false);
      assert.equal(m.sendError, "ERR_DELETE_WAPP_MSG: Telegram: Bad Request: message can't be deleted");
      assert.equal(m.ack, 1, "still delivered");
    });
    await tt.step("a refused edit: the text the customer has comes back", async () => {
      k.tg.failCalls.push({
        method: "editMessageText",
        error_code: 400,
        description: "Bad Request: message can't be edited",
      });
      const edit = await k.t.request(`/api/messages/edit/${id}`, {
        method: "POST",
        token: k.admin.token,
        json: { body: "Boa tarde" },
      });
      await edit.body?.cancel();
      await runJobs();
      const m = await row(k, id);
      assert.equal(m.body, "Bom dia");
      assert.equal(m.sendError, "ERR_EDIT_WAPP_MSG: Telegram: Bad Request: message can't be edited");
    });
    await tt.step("a failed change is no failed send: it cannot be 'sent again'", async () => {
      const res = await k.t.request(`/api/messages/${id}/retry`, { method: "POST", token: k.admin.token });
      assert.equal(res.status, 400, await res.clone().text());
      await res.body?.cancel();
    });
  } finally {
    await k.close();
  }
});
