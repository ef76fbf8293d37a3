/**
 * What the tickets list and a ticket's page answer besides the filters: search results carry their
 * matching message; the list's last-message ack; opening a waiting ticket neither reads it nor
 * moves it; `isBot` only when a bot handles it.
 */
import assert from "node:assert/strict";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { createQueue } from "../_helpers/factories.ts";
import { customerSays, hookFor, ticketRow, updateRaw, waitUntil } from "../_helpers/inbox.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { createTenant, userOf } from "../_helpers/tenant.ts";
import { chatbots } from "@db/schema.ts";

type T = Json & {
  id: number;
  uuid: string;
  status: string;
  isBot: boolean;
  unreadMessages: number;
  updatedAt: string;
  lastMessageId: number | null;
  lastMessageAck: number | null;
  searchMatch?: { id: number; body: string };
};
type Page = { tickets: T[]; count: number };

const list = (t: TestApp, token: string, q: Record<string, string>) =>
  t.request(`/api/tickets?${new URLSearchParams(q)}`, { token });

Deno.test("[tickets] search: contacts and messages together; each result carries its matching message", async () => {
  const t = await createTestApp();
  try {
    const a = await createTenant(t, { webhook: null, user: false });
    const b = await createTenant(t, { webhook: null, user: false });
    const ana = await customerSays(t, a.conn, { number: "5511900000001", name: "Ana Ribeiro" }, "Olá");
    const match = await customerSays(t, a.conn, "5511900000001", "Meu *pedido* 4471 atrasou");
    await customerSays(t, a.conn, "5511900000001", "Alguém aí?");
    const bruno = await customerSays(t, a.conn, { number: "5511900000002", name: "Pedido Bruno" }, "oi");
    await customerSays(t, b.conn, "5511900000003", "pedido da empresa B");
    // Both: a message match (Ana) and a contact match (the contact named "Pedido Bruno").
    const page = await expectOk<Page>(
      await list(t, a.adminToken, { searchParam: "pedido", searchOnMessages: "true", showAll: "true" }),
    );
    const ids = page.tickets.map((x) => x.id).sort();
    assert.deepEqual(ids, [ana.ticketId, bruno.ticketId].sort(), "never B's message");
    const byAna = page.tickets.find((x) => x.id === ana.ticketId)!;
    assert.deepEqual(byAna.searchMatch, { id: match.messageId, body: "Meu *pedido* 4471 atrasou" });
    assert.equal(page.tickets.find((x) => x.id === bruno.ticketId)!.searchMatch, undefined);
    // A resolved ticket is still found, and says it is closed.
    await expectOk(
      await t.request(`/api/tickets/${ana.ticketId}`, {
        method: "PUT",
        token: a.adminToken,
        json: { status: "closed" },
      }),
    );
    const after = await expectOk<Page>(
      await list(t, a.adminToken, { searchParam: "4471", searchOnMessages: "1" }),
    );
    assert.equal(after.tickets.length, 1);
    assert.equal(after.tickets[0].status, "closed");
    assert.equal(after.tickets[0].searchMatch?.id, match.messageId);
  } finally {
    await t.close();
  }
});

Deno.test("[tickets] opening a waiting ticket neither reads it nor moves it; accepting reads it", async () => {
  const t = await createTestApp();
  try {
    const a = await createTenant(t, { webhook: null, user: false });
    const first = await customerSays(t, a.conn, "5511900000010", "Oi");
    await customerSays(t, a.conn, "5511900000010", "Tem alguém?");
    const before = await ticketRow(t, first.ticketId);
    assert.equal(before.status, "pending");
    assert.equal(before.unreadMessages, 2);
    const opened = await expectOk<T>(
      await t.request(`/api/tickets/u/${before.uuid}`, { token: a.adminToken }),
    );
    assert.equal(opened.unreadMessages, 2);
    const row = await ticketRow(t, first.ticketId);
    assert.equal(row.unreadMessages, 2, "still unread for the others");
    assert.equal(row.updatedAt, before.updatedAt, "the list keeps its order");
    await expectOk(
      await t.request(`/api/tickets/${first.ticketId}`, {
        method: "PUT",
        token: a.adminToken,
        json: { status: "open" },
      }),
    );
    assert.equal((await ticketRow(t, first.ticketId)).unreadMessages, 0);
    // An open ticket is read on opening, without moving in the list.
    await customerSays(t, a.conn, "5511900000010", "Obrigado");
    const open = await ticketRow(t, first.ticketId);
    assert.equal(open.unreadMessages, 1);
    await expectOk(await t.request(`/api/tickets/u/${open.uuid}`, { token: a.adminToken }));
    const read = await ticketRow(t, first.ticketId);
    assert.equal(read.unreadMessages, 0);
    assert.equal(read.updatedAt, open.updatedAt);
  } finally {
    await t.close();
  }
});

Deno.test("[tickets] isBot: only while a bot really handles the waiting ticket", async (tt) => {
  const t = await createTestApp();
  try {
    await tt.step("no queue, no chatbot: no bot", async () => {
      const a = await createTenant(t, { webhook: null, user: false });
      const r = await customerSays(t, a.conn, "5511900000020", "Oi");
      assert.equal((await ticketRow(t, r.ticketId)).isBot, false);
    });
    await tt.step("two queues: the queue menu is a bot until a queue is chosen", async () => {
      const a = await createTenant(t, {
        webhook: null,
        user: false,
        queues: [{ name: "Vendas" }, { name: "Suporte" }],
        conn: { greetingMessage: "Escolha:" },
      });
      const r = await customerSays(t, a.conn, "5511900000021", "Oi");
      assert.equal((await ticketRow(t, r.ticketId)).isBot, true);
      await customerSays(t, a.conn, "5511900000021", "1");
      const chosen = await ticketRow(t, r.ticketId);
      assert.ok(chosen.queueId);
      assert.equal(chosen.isBot, false);
    });
    await tt.step("a queue with chatbot options is a bot until someone accepts", async () => {
      const a = await createTenant(t, { webhook: null, user: false });
      const q = await createQueue(t, a.company.id, { name: "Atendimento", greetingMessage: "Menu" });
      await t.deps.database.write((tx) =>
        tx.insert(chatbots).values([
          { companyId: a.company.id, queueId: q.id, name: "Segunda via", greetingMessage: "ok" },
          { companyId: a.company.id, queueId: q.id, name: "Horários", greetingMessage: "8h–18h" },
        ])
      );
      await expectOk(
        await t.request(`/api/whatsapp/${a.conn.id}`, {
          method: "PUT",
          token: a.adminToken,
          json: { queueIds: [q.id] },
        }),
      );
      const r = await customerSays(t, a.conn, "5511900000022", "Oi");
      await waitUntil(async () => (await ticketRow(t, r.ticketId)).isBot, "the chatbot took it");
      await expectOk(
        await t.request(`/api/tickets/${r.ticketId}`, {
          method: "PUT",
          token: a.adminToken,
          json: { status: "open" },
        }),
      );
      assert.equal((await ticketRow(t, r.ticketId)).isBot, false);
    });
  } finally {
    await t.close();
  }
});

Deno.test("[tickets] the list carries the last message's ack (the preview's tick)", async () => {
  const sink = startWebhookSink();
  const t = await createTestApp();
  try {
    const a = await createTenant(t, { webhook: sink, user: false });
    const u = await userOf(t, a.company.id, { profile: "admin" });
    const r = await customerSays(t, a.conn, "5511900000030", "Oi");
    await expectOk(
      await t.request(`/api/tickets/${r.ticketId}`, {
        method: "PUT",
        token: u.token,
        json: { status: "open" },
      }),
    );
    const sent = await expectOk<Json & { id: number }>(
      await t.request(`/api/messages/${r.ticketId}`, {
        method: "POST",
        token: u.token,
        json: { body: "Olá!" },
      }),
      201,
    );
    const hook = await hookFor(sink, "5511900000030", (b) => b === "Olá!");
    await waitUntil(async () => {
      const p = await expectOk<Page>(await list(t, u.token, { status: "open" }));
      return p.tickets.find((x) => x.id === r.ticketId)?.lastMessageAck === 2;
    }, "ack 2 after delivery");
    await expectOk(
      await updateRaw(t, a.conn.token, { externalId: String(hook.json.messageId), type: "ack", ack: 3 }),
    );
    const p = await expectOk<Page>(await list(t, u.token, { status: "open" }));
    const mine = p.tickets.find((x) => x.id === r.ticketId)!;
    assert.equal(mine.lastMessageId, sent.id ?? mine.lastMessageId);
    assert.equal(mine.lastMessageAck, 3);
  } finally {
    await t.close();
    await sink.close();
  }
});
