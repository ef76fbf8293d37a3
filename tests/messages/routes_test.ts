import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { createQueue } from "../_helpers/factories.ts";
import { assertAllNeedAuth, createTenant, setCompanySetting, userOf } from "../_helpers/tenant.ts";
import {
  customerSays,
  deliveryJob,
  hookFor,
  hooksTo,
  messageRow,
  settleBus,
  ticketRow,
} from "../_helpers/inbox.ts";
import { expectError, expectOk } from "../_helpers/http.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";

import { MARIA, type Msg, type Page, send, world } from "./_world.ts";

Deno.test("[messages] messages: every route needs a session", async () => {
  const t = await createTestApp();
  try {
    await assertAllNeedAuth(t, [
      ["GET", "/api/messages/6d4a3c1e-0000-4000-8000-000000000000"],
      ["POST", "/api/messages/1"],
      ["POST", "/api/messages/edit/1"],
      ["DELETE", "/api/messages/1"],
      ["POST", "/api/message/forward"],
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("[messages] GET /messages/:ticketUuid: scope, paging and history", async (tt) => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const { a, carla, outsider, ticketId, b, bIn } = await world(t, sink);
    const uuid = (await ticketRow(t, ticketId)).uuid;

    await tt.step("another company's ticket answers 404", async () => {
      const bUuid = (await ticketRow(t, bIn.ticketId)).uuid;
      await expectError(
        await t.request(`/api/messages/${bUuid}`, { token: a.adminToken }),
        404,
        "ERR_NO_TICKET_FOUND",
      );
      await expectError(
        await t.request(`/api/messages/${uuid}`, { token: b.adminToken }),
        404,
        "ERR_NO_TICKET_FOUND",
      );
    });

    await tt.step("a user who cannot see the ticket gets 403", async () => {
      await expectError(
        await t.request(`/api/messages/${uuid}`, { token: outsider.token }),
        403,
        "ERR_NO_PERMISSION",
      );
    });

    await tt.step("20 per page, newest page first, oldest first within a page", async () => {
      for (let i = 1; i <= 24; i++) await customerSays(t, a.conn, MARIA, `m${i}`);
      const p1 = await expectOk<Page>(await t.request(`/api/messages/${uuid}`, { token: carla.token }));
      assert.equal(p1.count, 25);
      assert.equal(p1.hasMore, true);
      assert.equal(p1.messages.length, 20);
      assert.equal(p1.messages.at(-1)!.body, "m24");
      assert.equal(p1.messages[0].body, "m5");
      const p2 = await expectOk<Page>(
        await t.request(`/api/messages/${uuid}?pageNumber=2`, { token: carla.token }),
      );
      assert.equal(p2.hasMore, false);
      assert.deepEqual(p2.messages.map((m) => m.body), ["Olá", "m1", "m2", "m3", "m4"]);
      await expectError(
        await t.request(`/api/messages/${uuid}?pageNumber=0`, { token: carla.token }),
        400,
        "ERR_VALIDATION",
      );
    });

    await tt.step("the contact's earlier tickets on the connection are part of the history", async () => {
      await expectOk(
        await t.request(`/api/tickets/${ticketId}`, {
          method: "PUT",
          token: carla.token,
          json: { status: "closed", sendFarewellMessage: false },
        }),
      );
      const next = await customerSays(t, a.conn, MARIA, "voltei");
      assert.notEqual(next.ticketId, ticketId);
      const nextUuid = (await ticketRow(t, next.ticketId)).uuid;
      const p = await expectOk<Page>(await t.request(`/api/messages/${nextUuid}`, { token: carla.token }));
      assert.equal(p.count, 26);
      assert.equal(p.messages.at(-1)!.body, "voltei");
      assert.equal(p.messages.at(-2)!.body, "m24");
      assert.equal(p.messages.at(-2)!.ticketId, ticketId);
      assert.equal(p.ticket.id, next.ticketId);
    });
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[messages] GET /messages/:ticketUuid: without allHistoric a user sees no other queue's history", async (tt) => {
  const t = await createTestApp();
  try {
    const a = await createTenant(t, { webhook: null, user: false });
    const vendas = await createQueue(t, a.company.id, { name: "Vendas" });
    const suporte = await createQueue(t, a.company.id, { name: "Suporte" });
    const old = await customerSays(t, a.conn, MARIA, "pergunta de suporte");
    await expectOk(
      await t.request(`/api/tickets/${old.ticketId}`, {
        method: "PUT",
        token: a.adminToken,
        json: { queueId: suporte.id, status: "open" },
      }),
    );
    await expectOk(
      await t.request(`/api/tickets/${old.ticketId}`, {
        method: "PUT",
        token: a.adminToken,
        json: { status: "closed", sendFarewellMessage: false },
      }),
    );
    const now = await customerSays(t, a.conn, MARIA, "quero comprar");
    await expectOk(
      await t.request(`/api/tickets/${now.ticketId}`, {
        method: "PUT",
        token: a.adminToken,
        json: { queueId: vendas.id },
      }),
    );
    const uuid = (await ticketRow(t, now.ticketId)).uuid;

    await tt.step("allHistoric disabled: only the visible tickets' messages", async () => {
      const u = await userOf(t, a.company.id, { queueIds: [vendas.id], allHistoric: "disabled" });
      const p = await expectOk<Page>(await t.request(`/api/messages/${uuid}`, { token: u.token }));
      assert.deepEqual(p.messages.map((m) => m.body), ["quero comprar"]);
      assert.equal(p.count, 1);
    });

    await tt.step("allHistoric enabled: the whole history", async () => {
      const u = await userOf(t, a.company.id, { queueIds: [vendas.id], allHistoric: "enabled" });
      const p = await expectOk<Page>(await t.request(`/api/messages/${uuid}`, { token: u.token }));
      assert.deepEqual(p.messages.map((m) => m.body), ["pergunta de suporte", "quero comprar"]);
    });

    await tt.step("a user of both queues sees both without allHistoric", async () => {
      const u = await userOf(t, a.company.id, { queueIds: [vendas.id, suporte.id], allHistoric: "disabled" });
      const p = await expectOk<Page>(await t.request(`/api/messages/${uuid}`, { token: u.token }));
      assert.equal(p.count, 2);
    });
  } finally {
    await t.close();
  }
});

Deno.test("[messages] POST /messages/:ticketId with JSON: text, quote, notes, signature", async (tt) => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const { a, carla, outsider, ticketId, inboundId, b, bIn } = await world(t, sink);

    await tt.step("another company's ticket answers 404", async () => {
      await expectError(await send(t, a.adminToken, bIn.ticketId, { body: "x" }), 404, "ERR_NO_TICKET_FOUND");
      await expectError(await send(t, b.adminToken, ticketId, { body: "x" }), 404, "ERR_NO_TICKET_FOUND");
    });

    await tt.step("a user who cannot see the ticket gets 403", async () => {
      await expectError(await send(t, outsider.token, ticketId, { body: "x" }), 403, "ERR_NO_PERMISSION");
    });

    await tt.step("an empty or blank body is a validation error", async () => {
      await expectError(await send(t, carla.token, ticketId, {}), 400, "ERR_VALIDATION");
      await expectError(await send(t, carla.token, ticketId, { body: "   " }), 400, "ERR_VALIDATION");
      await expectError(
        await t.request(`/api/messages/${ticketId}`, {
          method: "POST",
          token: carla.token,
          headers: { "content-type": "application/json" },
          body: "{nope",
        }),
        400,
        "ERR_VALIDATION",
      );
    });

    let sent!: Msg;
    await tt.step("text is stored, rendered and delivered to the webhook", async () => {
      sent = await expectOk<Msg>(await send(t, carla.token, ticketId, { body: "Oi {{firstName}}!" }), 201);
      assert.equal(sent.body, "Oi Maria!");
      assert.equal(sent.fromMe, true);
      assert.equal(sent.ticketId, ticketId);
      assert.equal((sent.user as { name: string }).name, "Carla");
      const hook = await hookFor(sink, MARIA, (b) => b === "Oi Maria!");
      assert.equal(hook.json.messageId, (await messageRow(t, sent.id)).wid);
      assert.equal((await ticketRow(t, ticketId)).lastMessage, "Oi Maria!");
    });

    await tt.step("quotedMsg quotes a message of the conversation", async () => {
      const r = await expectOk<Msg>(
        await send(t, carla.token, ticketId, { body: "respondendo", quotedMsg: { id: inboundId } }),
        201,
      );
      assert.equal(r.quotedMsg?.id, inboundId);
      assert.equal(r.quotedMsg?.body, "Olá");
      const hook = await hookFor(sink, MARIA, (b) => b === "respondendo");
      assert.equal(hook.json.quotedMessageId, inboundId);
    });

    await tt.step("a message of another conversation or company cannot be quoted", async () => {
      const other = await customerSays(t, a.conn, "5511900001111", "outro cliente");
      await expectError(
        await send(t, carla.token, ticketId, { body: "x", quotedMsg: { id: other.messageId } }),
        404,
        "ERR_NOT_FOUND",
      );
      await expectError(
        await send(t, carla.token, ticketId, { body: "x", quotedMsg: { id: bIn.messageId } }),
        404,
        "ERR_NOT_FOUND",
      );
    });

    await tt.step("signature: sendSignMessage enabled and signMessage true prefix the name", async () => {
      const signed = await expectOk<Msg>(
        await send(t, carla.token, ticketId, { body: "assinado", signMessage: true }),
        201,
      );
      assert.equal(signed.body, "*Carla:*\nassinado");
      assert.ok(signed.body.startsWith("*Carla:*"));
      await hookFor(sink, MARIA, (b) => b === "*Carla:*\nassinado");
      const plain = await expectOk<Msg>(await send(t, carla.token, ticketId, { body: "sem" }), 201);
      assert.equal(plain.body, "sem");
      await setCompanySetting(t, a.company.id, "sendSignMessage", "disabled");
      const off = await expectOk<Msg>(
        await send(t, carla.token, ticketId, { body: "desligado", signMessage: true }),
        201,
      );
      assert.equal(off.body, "desligado");
    });

    await tt.step("a reply on a pending ticket is refused; a private note is not", async () => {
      const pending = await customerSays(t, a.conn, MARIA.replace("7777", "0000"), "oi");
      await expectError(
        await send(t, carla.token, pending.ticketId, { body: "antes de aceitar" }),
        403,
        "ERR_NO_PERMISSION",
      );
      const note = await expectOk<Msg>(
        await send(t, carla.token, pending.ticketId, {
          body: "cliente difícil",
          isPrivate: true,
          signMessage: true,
        }),
        201,
      );
      assert.equal(note.isPrivate, true);
      assert.equal(note.body, "cliente difícil");
      assert.equal(await deliveryJob(t, note.id), null);
      assert.equal(
        (await ticketRow(t, pending.ticketId)).lastMessage,
        "oi",
        "a note is not the last message",
      );
    });

    await tt.step("a private note on an open ticket never reaches the webhook", async () => {
      const note = await expectOk<Msg>(
        await send(t, carla.token, ticketId, { body: "nota interna", isPrivate: true }),
        201,
      );
      await expectOk(await send(t, carla.token, ticketId, { body: "depois da nota" }), 201);
      await hookFor(sink, MARIA, (b) => b === "depois da nota");
      await settleBus(t);
      await t.deps.jobs.idle();
      assert.equal(await deliveryJob(t, note.id), null);
      assert.equal(hooksTo(sink, MARIA).includes("nota interna"), false);
      assert.equal((await messageRow(t, note.id)).wid, null);
    });

    await tt.step("a closed ticket takes notes but no replies", async () => {
      await expectOk(
        await t.request(`/api/tickets/${ticketId}`, {
          method: "PUT",
          token: carla.token,
          json: { status: "closed", sendFarewellMessage: false },
        }),
      );
      await expectError(await send(t, carla.token, ticketId, { body: "depois" }), 403, "ERR_NO_PERMISSION");
      await expectOk(await send(t, carla.token, ticketId, { body: "resumo", isPrivate: true }), 201);
    });
  } finally {
    await sink.close();
    await t.close();
  }
});
