/**
 * The inbound pipeline and the greeting/queue step (reference §3 steps 4 and 17), driven through
 * the api channel: the customer writes with POST /api/channels/api/messages and reads our answers
 * at the webhook sink.
 */
import assert from "node:assert/strict";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { createTenant, setCompanySetting } from "../_helpers/tenant.ts";
import {
  customerSays,
  hookFor,
  hooksTo,
  insertContact,
  logTypes,
  outbound,
  ticketRow,
  waitUntil,
} from "../_helpers/inbox.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { settle } from "../_helpers/ws_client.ts";

const MARIA = { number: "5511988887777", name: "Maria Souza" };
const MENU_TAIL = "*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte\n*[ Sair ]* - Encerrar atendimento";

const twoQueues = [
  { name: "Vendas", greetingMessage: "Bem-vindo a Vendas, {{firstName}}" },
  { name: "Suporte", greetingMessage: "Bem-vindo ao Suporte" },
];

const close = (t: TestApp, token: string, id: number) =>
  t.request(`/api/tickets/${id}`, {
    method: "PUT",
    token,
    json: { status: "closed", sendFarewellMessage: false },
  });

Deno.test("[automation] one queue: the ticket gets it at once; the greeting only with sendGreetingMessageOneQueues", async (tt) => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w = await createTenant(t, {
      webhook: sink,
      user: false,
      queues: [{ name: "Vendas" }],
      conn: { greetingMessage: "Bem-vindo ao {{connection}}, {{firstName}}!" },
    });

    await tt.step("enabled (the default): greeting delivered, queue set", async () => {
      const r = await customerSays(t, w.conn, MARIA, "Olá");
      const tk = await ticketRow(t, r.ticketId);
      assert.equal(tk.queueId, w.queues[0].id);
      assert.equal(tk.status, "pending");
      assert.deepEqual(await logTypes(t, r.ticketId), ["create", "queue"]);
      await hookFor(sink, MARIA.number, (b) => b === "Bem-vindo ao Site chat, Maria!");
      await customerSays(t, w.conn, MARIA, "alguém aí?");
      assert.equal((await outbound(t, r.ticketId)).length, 1, "greeted once");
    });

    await tt.step("disabled: queue set, nothing sent", async () => {
      await setCompanySetting(t, w.company.id, "sendGreetingMessageOneQueues", "disabled");
      const r = await customerSays(t, w.conn, "5511900001111", "Olá");
      assert.equal((await ticketRow(t, r.ticketId)).queueId, w.queues[0].id);
      assert.equal((await outbound(t, r.ticketId)).length, 0);
    });
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[automation] two queues: greeting and numbered menu; a digit picks the queue and its greeting", async (tt) => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w = await createTenant(t, {
      webhook: sink,
      user: false,
      queues: twoQueues,
      conn: { greetingMessage: "Olá {{firstName}}! Escolha um setor:" },
    });
    let ticketId = 0;

    await tt.step("the first message gets the greeting and the menu", async () => {
      ticketId = (await customerSays(t, w.conn, MARIA, "oi")).ticketId;
      const hook = await hookFor(sink, MARIA.number, (b) => b.includes("*[ 1 ]*"));
      assert.equal(hook.json.body, `Olá Maria! Escolha um setor:\n\n${MENU_TAIL}`);
      const tk = await ticketRow(t, ticketId);
      assert.equal(tk.queueId, null);
      assert.equal(tk.amountUsedBotQueues, 1);
      assert.ok((await logTypes(t, ticketId)).includes("chatBot"));
    });

    await tt.step('"2" assigns the second queue and sends its greeting', async () => {
      await customerSays(t, w.conn, MARIA, " 2 ");
      const tk = await ticketRow(t, ticketId);
      assert.equal(tk.queueId, w.queues[1].id);
      assert.equal(tk.status, "pending");
      assert.equal(tk.amountUsedBotQueues, 0);
      assert.equal((await logTypes(t, ticketId)).at(-1), "queue");
      await hookFor(sink, MARIA.number, (b) => b === "Bem-vindo ao Suporte");
    });

    await tt.step("with a queue, later messages get no menu", async () => {
      await customerSays(t, w.conn, MARIA, "1");
      assert.equal((await ticketRow(t, ticketId)).queueId, w.queues[1].id);
      assert.deepEqual((await outbound(t, ticketId)).map((m) => m.body), [
        `Olá Maria! Escolha um setor:\n\n${MENU_TAIL}`,
        "Bem-vindo ao Suporte",
      ]);
    });
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test('[automation] "sair" closes the ticket with the complation message', async () => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w = await createTenant(t, {
      webhook: sink,
      user: false,
      queues: twoQueues,
      conn: {
        greetingMessage: "Escolha:",
        complationMessage: "Atendimento encerrado. Até mais, {{firstName}}!",
      },
    });
    const { ticketId } = await customerSays(t, w.conn, MARIA, "oi");
    await customerSays(t, w.conn, MARIA, "SAIR");
    const tk = await ticketRow(t, ticketId);
    assert.equal(tk.status, "closed");
    assert.equal(tk.queueId, null);
    assert.equal((await logTypes(t, ticketId)).at(-1), "closed");
    await hookFor(sink, MARIA.number, (b) => b === "Atendimento encerrado. Até mais, Maria!");
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[automation] an invalid answer re-sends the menu until maxUseBotQueues, then silence", async () => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w = await createTenant(t, {
      webhook: sink,
      user: false,
      queues: twoQueues,
      conn: { greetingMessage: "Escolha:", maxUseBotQueues: 2 },
    });
    const { ticketId } = await customerSays(t, w.conn, MARIA, "oi");
    await customerSays(t, w.conn, MARIA, "banana");
    await customerSays(t, w.conn, MARIA, "9");
    await customerSays(t, w.conn, MARIA, "???");
    const sent = await outbound(t, ticketId);
    assert.equal(sent.length, 2);
    for (const m of sent) assert.equal(m.body, `Escolha:\n\n${MENU_TAIL}`);
    assert.equal((await ticketRow(t, ticketId)).amountUsedBotQueues, 2);
    // A valid answer is still taken after the menu budget is spent.
    await customerSays(t, w.conn, MARIA, "1");
    assert.equal((await ticketRow(t, ticketId)).queueId, w.queues[0].id);
    await hookFor(sink, MARIA.number, (b) => b === "Bem-vindo a Vendas, Maria");
    // Deliveries run concurrently, so the webhook may see them in any order.
    const menus = () => hooksTo(sink, MARIA.number).filter((b) => b.includes("*[ 1 ]*")).length;
    await waitUntil(() => menus() === 2, "both menus at the webhook");
    await settle(200);
    assert.equal(menus(), 2);
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[automation] sendQueuePosition: '<message> *N*' after the queue is set", async (tt) => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w = await createTenant(t, {
      webhook: sink,
      user: false,
      queues: twoQueues,
      conn: { greetingMessage: "Escolha:" },
      settings: { sendQueuePosition: "enabled", sendQueuePositionMessage: "Sua posição na fila:" },
    });

    await tt.step("the first customer in Vendas is number 1", async () => {
      const { ticketId } = await customerSays(t, w.conn, MARIA, "oi");
      await customerSays(t, w.conn, MARIA, "1");
      assert.deepEqual((await outbound(t, ticketId)).slice(1).map((m) => m.body), [
        "Bem-vindo a Vendas, Maria",
        "Sua posição na fila: *1*",
      ]);
      await hookFor(sink, MARIA.number, (b) => b === "Sua posição na fila: *1*");
    });

    await tt.step("the second one is number 2", async () => {
      const joao = { number: "5511900002222", name: "João" };
      const { ticketId } = await customerSays(t, w.conn, joao, "oi");
      await customerSays(t, w.conn, joao, "1");
      assert.equal((await outbound(t, ticketId)).at(-1)!.body, "Sua posição na fila: *2*");
    });
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[automation] a contact with disableBot gets no menu", async () => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w = await createTenant(t, {
      webhook: sink,
      user: false,
      queues: twoQueues,
      conn: { greetingMessage: "Escolha:" },
    });
    await insertContact(t, w.company.id, { number: MARIA.number, name: "Maria", disableBot: true });
    const { ticketId } = await customerSays(t, w.conn, MARIA, "oi");
    await customerSays(t, w.conn, MARIA, "1");
    const tk = await ticketRow(t, ticketId);
    assert.equal(tk.status, "pending");
    assert.equal(tk.queueId, null);
    assert.equal((await outbound(t, ticketId)).length, 0);
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[automation] disableBot with a single queue: no greeting, but the ticket still reaches the queue", async () => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w = await createTenant(t, {
      webhook: sink,
      user: false,
      queues: [{ name: "Vendas" }],
      conn: { greetingMessage: "Bem-vindo!" },
      settings: { sendQueuePosition: "enabled", sendQueuePositionMessage: "Posição:" },
    });
    await insertContact(t, w.company.id, { number: MARIA.number, name: "Maria", disableBot: true });
    const { ticketId } = await customerSays(t, w.conn, MARIA, "oi");
    assert.equal((await ticketRow(t, ticketId)).queueId, w.queues[0].id);
    assert.equal((await outbound(t, ticketId)).length, 0);
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[automation] timeCreateNewTicket: within the window the closed ticket reopens, after it a new one opens", async (tt) => {
  let offset = 0;
  const t = await createTestApp({ clock: { now: () => new Date(Date.now() + offset) } });
  try {
    const w = await createTenant(t, {
      webhook: null,
      user: false,
      queues: [{ name: "Vendas" }],
      conn: { timeCreateNewTicket: 10 },
    });
    const first = await customerSays(t, w.conn, MARIA, "oi");
    await expectOk(
      await t.request(`/api/tickets/${first.ticketId}`, {
        method: "PUT",
        token: w.adminToken,
        json: { status: "open" },
      }),
    );
    await expectOk(await close(t, w.adminToken, first.ticketId));

    await tt.step("a message inside the window reopens the same ticket as pending", async () => {
      offset = 5 * 60_000;
      const again = await customerSays(t, w.conn, MARIA, "esqueci uma coisa");
      assert.equal(again.ticketId, first.ticketId);
      const tk = await ticketRow(t, first.ticketId);
      assert.equal(tk.status, "pending");
      assert.equal(tk.userId, null);
      assert.equal(tk.closedAt, null);
      assert.equal(tk.queueId, w.queues[0].id);
      assert.equal((await logTypes(t, first.ticketId)).at(-1), "reopen");
    });

    await tt.step("a message after the window opens a new ticket", async () => {
      offset = 0;
      await expectOk(await close(t, w.adminToken, first.ticketId));
      offset = 11 * 60_000;
      const later = await customerSays(t, w.conn, MARIA, "oi de novo");
      assert.notEqual(later.ticketId, first.ticketId);
      assert.equal((await ticketRow(t, first.ticketId)).status, "closed");
      assert.equal((await ticketRow(t, later.ticketId)).status, "pending");
    });
  } finally {
    await t.close();
  }
});

Deno.test("[automation] reopened within the window after 'sair', the customer gets the menu again", async () => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w = await createTenant(t, {
      webhook: sink,
      user: false,
      queues: twoQueues,
      conn: { greetingMessage: "Escolha:", maxUseBotQueues: 1, timeCreateNewTicket: 10 },
    });
    const { ticketId } = await customerSays(t, w.conn, MARIA, "oi");
    await customerSays(t, w.conn, MARIA, "sair");
    assert.equal((await ticketRow(t, ticketId)).status, "closed");
    const back = await customerSays(t, w.conn, MARIA, "voltei");
    assert.equal(back.ticketId, ticketId);
    const menus = (await outbound(t, ticketId)).filter((m) => m.body.includes("*[ 1 ]*"));
    assert.equal(menus.length, 2);
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[automation] without timeCreateNewTicket a closed ticket is never reused", async () => {
  const t = await createTestApp();
  try {
    const w = await createTenant(t, { webhook: null, user: false, queues: [{ name: "Vendas" }] });
    const first = await customerSays(t, w.conn, MARIA, "oi");
    await expectOk(await close(t, w.adminToken, first.ticketId));
    const second = await customerSays(t, w.conn, MARIA, "oi de novo");
    assert.notEqual(second.ticketId, first.ticketId);
    assert.equal((await ticketRow(t, first.ticketId)).status, "closed");
    const tk = await ticketRow(t, second.ticketId);
    assert.equal(tk.status, "pending");
    assert.equal(tk.queueId, w.queues[0].id);
    assert.equal(tk.lastMessage, "oi de novo");
    assert.deepEqual(await logTypes(t, second.ticketId), ["create", "queue"]);
  } finally {
    await t.close();
  }
});

Deno.test("[automation] unread count grows with each customer message; accepting, then opening, resets it", async () => {
  const t = await createTestApp();
  try {
    const w = await createTenant(t, { webhook: null, user: false, queues: [{ name: "Vendas" }] });
    let id = 0;
    for (const [i, body] of ["um", "dois", "três"].entries()) {
      id = (await customerSays(t, w.conn, MARIA, body)).ticketId;
      assert.equal((await ticketRow(t, id)).unreadMessages, i + 1);
    }
    const tk = await ticketRow(t, id);
    assert.equal(tk.lastMessage, "três");
    // A peek at a waiting ticket leaves it unread for the others; accepting reads it.
    const peek = await expectOk<Json>(await t.request(`/api/tickets/u/${tk.uuid}`, { token: w.adminToken }));
    assert.equal(peek.unreadMessages, 3);
    await expectOk(
      await t.request(`/api/tickets/${id}`, { method: "PUT", token: w.adminToken, json: { status: "open" } }),
    );
    assert.equal((await ticketRow(t, id)).unreadMessages, 0);
    await customerSays(t, w.conn, MARIA, "quatro");
    assert.equal((await ticketRow(t, id)).unreadMessages, 1);
    const shown = await expectOk<Json>(await t.request(`/api/tickets/u/${tk.uuid}`, { token: w.adminToken }));
    assert.equal(shown.unreadMessages, 0);
    assert.equal((await ticketRow(t, id)).unreadMessages, 0);
  } finally {
    await t.close();
  }
});
