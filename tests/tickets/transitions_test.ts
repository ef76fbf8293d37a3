/**
 * Ticket transitions of spec 1 §4 through PUT /api/tickets/:id, with their side effects seen the
 * way the customer sees them: the api channel's webhook receives what we send.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { ticketTraking } from "@db/schema.ts";
import { createTestApp, startTestServer, type TestApp } from "../_helpers/test_app.ts";
import { createQueue } from "../_helpers/factories.ts";
import { createTenant, setCompanySetting, userOf } from "../_helpers/tenant.ts";
import {
  customerSays,
  hookFor,
  hooksTo,
  insertTag,
  logTypes,
  outbound,
  settleBus,
  tagContact,
  ticketRow,
} from "../_helpers/inbox.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { startWebhookSink, type WebhookSink } from "../_helpers/webhook_sink.ts";
import { connectWs, settle } from "../_helpers/ws_client.ts";

type Ticket = Json & {
  id: number;
  status: string;
  userId: number | null;
  queueId: number | null;
  isTransfered: boolean;
  unreadMessages: number;
  contactId: number;
};

const MARIA = "5511988887777";

/** Company with queue Vendas on its api connection (webhook = sink) and Suporte off it. */
async function world(
  t: TestApp,
  sink: WebhookSink,
  o: { settings?: Record<string, string>; conn?: Json } = {},
) {
  const a = await createTenant(t, {
    webhook: sink,
    user: false,
    queues: [{ name: "Vendas" }],
    conn: { complationMessage: "Obrigado pelo contato, {{firstName}}", ...o.conn },
    settings: o.settings,
  });
  const vendas = a.queues[0];
  const suporte = await createQueue(t, a.company.id, { name: "Suporte" });
  const carla = await userOf(t, a.company.id, {
    name: "Carla",
    queueIds: [vendas.id],
    farewellMessage: "Até logo, {{firstName}}!",
  });
  const bruno = await userOf(t, a.company.id, { name: "Bruno", queueIds: [vendas.id, suporte.id] });
  return { ...a, vendas, suporte, carla, bruno };
}

const put = (t: TestApp, token: string, id: number, json: Json) =>
  t.request(`/api/tickets/${id}`, { method: "PUT", token, json });

/** Maria writes; her ticket waits in Vendas. */
async function pendingTicket(t: TestApp, conn: { token: string }, number = MARIA, name = "Maria Souza") {
  const r = await customerSays(t, conn, { number, name }, "Oi, preciso de ajuda");
  const row = await ticketRow(t, r.ticketId);
  assert.equal(row.status, "pending");
  return r.ticketId;
}

Deno.test("[tickets] accept: open, assigned, logged; the accept greeting reaches the customer", async (tt) => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w = await world(t, sink, {
      settings: {
        sendGreetingAccepted: "enabled",
        greetingAcceptedMessage: "Olá {{firstName}}, sou {{userName}} e vou te atender",
      },
    });
    const id = await pendingTicket(t, w.conn);

    await tt.step("PUT {status:open} by the attendant", async () => {
      const tk = await expectOk<Ticket>(await put(t, w.carla.token, id, { status: "open" }));
      assert.equal(tk.status, "open");
      assert.equal(tk.userId, w.carla.user.id);
      assert.equal(tk.unreadMessages, 0);
      assert.deepEqual(await logTypes(t, id), ["create", "queue", "open"]);
    });

    await tt.step("the greeting is rendered and delivered", async () => {
      await hookFor(sink, MARIA, (b) => b === "Olá Maria, sou Carla e vou te atender");
      assert.equal((await outbound(t, id)).length, 1);
    });

    await tt.step("no greeting when the setting is off", async () => {
      await setCompanySetting(t, w.company.id, "sendGreetingAccepted", "disabled");
      const other = await pendingTicket(t, w.conn, "5511900002222", "Zé");
      await expectOk(await put(t, w.carla.token, other, { status: "open", userId: w.carla.user.id }));
      assert.equal((await outbound(t, other)).length, 0);
    });
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[tickets] return to queue: pending, without an attendant", async () => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w = await world(t, sink);
    const id = await pendingTicket(t, w.conn);
    await expectOk(await put(t, w.carla.token, id, { status: "open" }));
    const tk = await expectOk<Ticket>(await put(t, w.carla.token, id, { status: "pending" }));
    assert.equal(tk.status, "pending");
    assert.equal(tk.userId, null);
    assert.equal(tk.queueId, w.vendas.id);
    assert.deepEqual((await logTypes(t, id)).slice(-2), ["open", "pending"]);
    assert.equal((await outbound(t, id)).length, 0);
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[tickets] close: the farewell reaches the customer unless the attendant declines it", async (tt) => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w = await world(t, sink);

    await tt.step("the attendant's own farewell message", async () => {
      const id = await pendingTicket(t, w.conn);
      await expectOk(await put(t, w.carla.token, id, { status: "open" }));
      const tk = await expectOk<Ticket>(await put(t, w.carla.token, id, { status: "closed" }));
      assert.equal(tk.status, "closed");
      assert.equal((await ticketRow(t, id)).closedAt !== null, true);
      await hookFor(sink, MARIA, (b) => b === "Até logo, Maria!");
      assert.equal((await logTypes(t, id)).at(-1), "closed");
    });

    await tt.step("closing it again changes nothing and says nothing", async () => {
      const id = (await ticketRow(t, (await customerSays(t, w.conn, "5511900003333", "x")).ticketId)).id;
      await expectOk(await put(t, w.carla.token, id, { status: "open" }));
      await expectOk(await put(t, w.carla.token, id, { status: "closed" }));
      const sent = (await outbound(t, id)).length;
      const logs = (await logTypes(t, id)).length;
      const again = await expectOk<Ticket>(await put(t, w.carla.token, id, { status: "closed" }));
      assert.equal(again.status, "closed");
      assert.equal((await outbound(t, id)).length, sent);
      assert.equal((await logTypes(t, id)).length, logs);
    });

    await tt.step("without one of his own, the connection's complation message", async () => {
      const id = await pendingTicket(t, w.conn, "5511900004444", "João Lima");
      await expectOk(await put(t, w.bruno.token, id, { status: "open" }));
      await expectOk(await put(t, w.bruno.token, id, { status: "closed", sendFarewellMessage: true }));
      await hookFor(sink, "5511900004444", (b) => b === "Obrigado pelo contato, João");
    });

    await tt.step("sendFarewellMessage false sends nothing", async () => {
      const id = await pendingTicket(t, w.conn, "5511900005555", "Ana");
      await expectOk(await put(t, w.carla.token, id, { status: "open" }));
      const tk = await expectOk<Ticket>(
        await put(t, w.carla.token, id, { status: "closed", sendFarewellMessage: false }),
      );
      assert.equal(tk.status, "closed");
      await settleBus(t);
      assert.equal((await outbound(t, id)).length, 0);
      assert.deepEqual(hooksTo(sink, "5511900005555"), []);
    });
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[tickets] ignore a pending ticket: userClosePendingTicket or admin, no farewell", async (tt) => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w = await world(t, sink);
    const otto = await userOf(t, w.company.id, {
      queueIds: [w.vendas.id],
      userClosePendingTicket: "disabled",
    });
    const id = await pendingTicket(t, w.conn);
    const ignore = { status: "closed", sendFarewellMessage: false, amountUsedBotQueues: 0 };

    await tt.step("a profile user with userClosePendingTicket disabled gets 403", async () => {
      await expectError(await put(t, otto.token, id, ignore), 403, "ERR_NO_PERMISSION");
      await expectError(await put(t, otto.token, id, { status: "closed" }), 403, "ERR_NO_PERMISSION");
      assert.equal((await ticketRow(t, id)).status, "pending");
    });

    await tt.step("…but may still close a ticket he accepted", async () => {
      const mine = await pendingTicket(t, w.conn, "5511900006666");
      await expectOk(await put(t, otto.token, mine, { status: "open" }));
      const tk = await expectOk<Ticket>(
        await put(t, otto.token, mine, { status: "closed", sendFarewellMessage: false }),
      );
      assert.equal(tk.status, "closed");
    });

    await tt.step("the admin ignores it: closed, counter reset, nothing sent", async () => {
      const tk = await expectOk<Ticket>(await put(t, w.adminToken, id, ignore));
      assert.equal(tk.status, "closed");
      assert.equal(tk.amountUsedBotQueues, 0);
      assert.equal((await outbound(t, id)).length, 0);
    });

    await tt.step("a pending ticket gets no farewell even when not declined", async () => {
      const other = await pendingTicket(t, w.conn, "5511900007777");
      await expectOk(await put(t, w.carla.token, other, { status: "closed" }));
      assert.equal((await outbound(t, other)).length, 0);
    });
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[tickets] requiredTag: the contact needs a tag before the ticket closes", async () => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w = await world(t, sink, { settings: { requiredTag: "enabled" } });
    const id = await pendingTicket(t, w.conn);
    await expectOk(await put(t, w.carla.token, id, { status: "open" }));
    await expectError(await put(t, w.carla.token, id, { status: "closed" }), 400, "ERR_TAG_REQUIRED");
    assert.equal((await ticketRow(t, id)).status, "open");
    assert.equal((await outbound(t, id)).length, 0, "no farewell before the refusal");
    const tag = await insertTag(t, w.company.id, "Cliente");
    await tagContact(t, w.company.id, (await ticketRow(t, id)).contactId, tag.id);
    const tk = await expectOk<Ticket>(await put(t, w.carla.token, id, { status: "closed" }));
    assert.equal(tk.status, "closed");
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[tickets] reopen: open for the current user; another active ticket wins", async (tt) => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w = await world(t, sink);
    const id = await pendingTicket(t, w.conn);
    await expectOk(await put(t, w.carla.token, id, { status: "open" }));
    await expectOk(await put(t, w.carla.token, id, { status: "closed", sendFarewellMessage: false }));

    await tt.step("another attendant reopens it: open, his, logged 'reopen'", async () => {
      const tk = await expectOk<Ticket>(await put(t, w.bruno.token, id, { status: "open" }));
      assert.equal(tk.id, id);
      assert.equal(tk.status, "open");
      assert.equal(tk.userId, w.bruno.user.id);
      assert.equal((await logTypes(t, id)).at(-1), "reopen");
      assert.equal((await ticketRow(t, id)).closedAt, null);
    });

    await tt.step(
      "with another active ticket for the contact, that ticket comes back unchanged",
      async () => {
        await expectOk(await put(t, w.bruno.token, id, { status: "closed", sendFarewellMessage: false }));
        const fresh = await customerSays(t, w.conn, MARIA, "de novo");
        assert.notEqual(fresh.ticketId, id);
        const before = await ticketRow(t, fresh.ticketId);
        const tk = await expectOk<Ticket>(await put(t, w.carla.token, id, { status: "open" }));
        assert.equal(tk.id, fresh.ticketId);
        assert.equal(tk.status, "pending");
        assert.equal(tk.userId, null);
        assert.deepEqual(await ticketRow(t, fresh.ticketId), before);
        assert.equal((await ticketRow(t, id)).status, "closed");
      },
    );
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[tickets] transfer to another queue: note, transfer message, pending without attendant", async () => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w = await world(t, sink, {
      settings: {
        sendMsgTransfTicket: "enabled",
        transferMessage: "Você foi transferido para ${queue.name}",
      },
    });
    const id = await pendingTicket(t, w.conn);
    await expectOk(await put(t, w.carla.token, id, { status: "open" }));
    const tk = await expectOk<Ticket>(
      await put(t, w.carla.token, id, {
        queueId: w.suporte.id,
        userId: null,
        status: "pending",
        isTransfered: true,
        msgTransfer: "Cliente quer segunda via do boleto",
      }),
    );
    assert.equal(tk.status, "pending");
    assert.equal(tk.queueId, w.suporte.id);
    assert.equal(tk.userId, null);
    assert.equal(tk.isTransfered, true);
    assert.equal((await logTypes(t, id)).at(-1), "transfered");

    const hook = await hookFor(sink, MARIA, (b) => b.startsWith("Você foi transferido"));
    assert.equal(hook.json.body, "Você foi transferido para Suporte");
    const page = await expectOk<{ messages: { body: string; isPrivate: boolean }[] }>(
      await t.request(`/api/messages/${(await ticketRow(t, id)).uuid}`, { token: w.adminToken }),
    );
    const note = page.messages.find((m) => m.body === "Cliente quer segunda via do boleto");
    assert.equal(note?.isPrivate, true);
    await settleBus(t);
    await t.deps.jobs.idle();
    assert.equal(hooksTo(sink, MARIA).includes("Cliente quer segunda via do boleto"), false);
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[tickets] transfer to a user: open for him, logged 'transfered' and 'receivedTransfer'", async () => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w = await world(t, sink);
    const id = await pendingTicket(t, w.conn);
    await expectOk(await put(t, w.carla.token, id, { status: "open" }));
    const tk = await expectOk<Ticket>(
      await put(t, w.carla.token, id, {
        queueId: w.suporte.id,
        userId: w.bruno.user.id,
        status: "open",
        isTransfered: true,
      }),
    );
    assert.equal(tk.status, "open");
    assert.equal(tk.userId, w.bruno.user.id);
    assert.equal(tk.queueId, w.suporte.id);
    assert.deepEqual((await logTypes(t, id)).slice(-2), ["transfered", "receivedTransfer"]);
    assert.equal((await outbound(t, id)).length, 0, "sendMsgTransfTicket is off by default");
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[tickets] closeTicketOnTransfer: the old ticket closes and a new one waits in the target queue", async () => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w = await world(t, sink, { settings: { closeTicketOnTransfer: "enabled" } });
    const id = await pendingTicket(t, w.conn);
    await expectOk(await put(t, w.carla.token, id, { status: "open" }));
    const tk = await expectOk<Ticket>(
      await put(t, w.carla.token, id, {
        queueId: w.suporte.id,
        userId: null,
        status: "pending",
        isTransfered: true,
        msgTransfer: "segue para o suporte",
      }),
    );
    assert.notEqual(tk.id, id);
    assert.equal(tk.status, "pending");
    assert.equal(tk.queueId, w.suporte.id);
    assert.equal(tk.isTransfered, true);
    const old = await ticketRow(t, id);
    assert.equal(old.status, "closed");
    assert.equal(old.queueId, w.vendas.id, "the old ticket keeps its history and queue");
    assert.equal(tk.contactId, old.contactId);
    assert.equal((await logTypes(t, id)).at(-1), "transfered");
    assert.equal((await outbound(t, id)).length, 0, "no farewell on a transfer");
    const [cycle] = await t.deps.db.select().from(ticketTraking).where(eq(ticketTraking.ticketId, tk.id));
    assert.ok(cycle?.queuedAt, "the new ticket starts its own tracking cycle");
    assert.equal(cycle.finishedAt, null);
    const page = await expectOk<{ messages: { body: string; isPrivate: boolean; ticketId: number }[] }>(
      await t.request(`/api/messages/${(await ticketRow(t, tk.id)).uuid}`, { token: w.adminToken }),
    );
    const note = page.messages.find((m) => m.body === "segue para o suporte");
    assert.equal(note?.isPrivate, true);
    assert.equal(note?.ticketId, tk.id);
    // The customer's next message lands in the new ticket.
    const next = await customerSays(t, w.conn, MARIA, "oi suporte");
    assert.equal(next.ticketId, tk.id);
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[tickets] transfer events: the old queue's sockets lose the ticket, the new queue's get it", async () => {
  const t = await startTestServer();
  const sink = startWebhookSink();
  try {
    const w = await world(t, sink);
    const oldSide = await userOf(t, w.company.id, { queueIds: [w.vendas.id] });
    const newSide = await userOf(t, w.company.id, { queueIds: [w.suporte.id] });
    const id = await pendingTicket(t, w.conn);
    const wsOld = await connectWs(t.wsUrl, oldSide.token);
    const wsNew = await connectWs(t.wsUrl, newSide.token);
    const ev = `company-${w.company.id}-ticket`;

    await expectOk(
      await put(t, w.adminToken, id, {
        queueId: w.suporte.id,
        userId: null,
        status: "pending",
        isTransfered: true,
      }),
    );
    const del = await wsOld.next((f) => f.event === ev && f.data?.action === "delete", 10_000);
    assert.deepEqual(del.data, { action: "delete", ticketId: id });
    const upd = await wsNew.next((f) => f.event === ev && f.data?.action === "update", 10_000);
    const ticket = upd.data!.ticket as Ticket;
    assert.equal(ticket.id, id);
    assert.equal(ticket.queueId, w.suporte.id);
    assert.equal(ticket.status, "pending");

    await settleBus(t);
    await settle(200);
    assert.equal(
      wsOld.frames.some((f) => f.event === ev && f.data?.action === "update"),
      false,
      "the old queue's user does not receive the moved ticket",
    );
    assert.equal(
      wsNew.frames.some((f) => f.event === ev && f.data?.action === "delete"),
      false,
      "the new queue's user never saw it, so nothing to delete",
    );
    await wsOld.close();
    await wsNew.close();
  } finally {
    await sink.close();
    await t.close();
  }
});
