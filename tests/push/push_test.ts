/**
 * Web Push end to end against a local push service that checks VAPID and decrypts: who is notified
 * of what (a waiting ticket's queue, the assignee, a transfer, a note's mention, internal chat),
 * never of their own actions, one Topic and tag per ticket, and a 410 removes the device.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { pushSubscriptions } from "@db/schema.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { expectError, expectOk } from "../_helpers/http.ts";
import { assertAllNeedAuth } from "../_helpers/tenant.ts";
import { pushWorld } from "./_world.ts";

Deno.test("[push] routes need a session and validate the subscription", async () => {
  const x = await pushWorld();
  try {
    await assertAllNeedAuth(x.t, [
      ["GET", "/api/push/key"],
      ["POST", "/api/push/subscriptions"],
      ["DELETE", "/api/push/subscriptions"],
      ["GET", "/api/push/prefs"],
      ["PUT", "/api/push/prefs"],
    ]);
    const key = await expectOk<{ publicKey: string }>(
      await x.t.request("/api/push/key", { token: x.ana.token }),
    );
    assert.equal(key.publicKey.length, 87, "a 65-byte P-256 point in base64url");
    const again = await expectOk<{ publicKey: string }>(
      await x.t.request("/api/push/key", { token: x.w.adminToken }),
    );
    assert.equal(again.publicKey, key.publicKey, "generated once");
    await expectError(
      await x.t.request("/api/push/subscriptions", {
        method: "POST",
        token: x.ana.token,
        json: { endpoint: "not a url", keys: { p256dh: "x", auth: "y" } },
      }),
      400,
      "ERR_VALIDATION",
    );
    await expectError(
      await x.t.request("/api/push/prefs", {
        method: "PUT",
        token: x.ana.token,
        json: { quietStart: "22:00", quietEnd: null },
      }),
      400,
      "ERR_VALIDATION",
    );
    // Unsubscribing only ever removes the caller's own device.
    await expectOk(
      await x.t.request("/api/push/subscriptions", {
        method: "DELETE",
        token: x.bruno.token,
        json: { endpoint: x.devices.ana.endpoint },
      }),
      204,
    );
    const rows = await x.t.deps.db.select().from(pushSubscriptions);
    assert.equal(rows.length, 3);
    await expectOk(
      await x.t.request("/api/push/subscriptions", {
        method: "DELETE",
        token: x.ana.token,
        json: { endpoint: x.devices.ana.endpoint },
      }),
      204,
    );
    assert.equal((await x.t.deps.db.select().from(pushSubscriptions)).length, 2);
  } finally {
    await x.close();
  }
});

Deno.test("[push] a waiting ticket rings its queue; a burst is one Topic and tag; the assignee alone after", async (tt) => {
  const x = await pushWorld();
  const { t, push, devices } = x;
  try {
    let ticketId = 0;
    await tt.step(
      "a customer starts waiting: both queue members, not the admin outside the queue",
      async () => {
        const r = await customerSays(
          t,
          x.w.conn,
          { number: "5511987654321", name: "Carla Dias" },
          "Oi, preciso de ajuda",
        );
        ticketId = r.ticketId;
        await x.settle();
        assert.deepEqual(push.refused, []);
        assert.equal(push.forSubscription(devices.ana.id).length, 1);
        assert.equal(push.forSubscription(devices.bruno.id).length, 1);
        assert.equal(push.forSubscription(devices.admin.id).length, 0);
        const p = push.forSubscription(devices.ana.id)[0];
        assert.equal(p.payload.kind, "waiting");
        assert.equal(p.payload.title, "Customer waiting: Carla Dias");
        assert.equal(p.payload.body, "Oi, preciso de ajuda");
        assert.equal(p.payload.tag, `ticket-${ticketId}`);
        assert.match(p.payload.url, /^\/tickets\/[0-9a-f-]{36}$/);
        assert.equal(p.topic, `ticket-${ticketId}`);
        assert.equal(p.urgency, "high");
      },
    );

    await tt.step(
      "a burst of 20 messages: one Topic and tag (one notification that updates); what queued up goes once",
      async () => {
        // Ten sent as they come (the worker keeps up): each push replaces the last on the device.
        for (let i = 0; i < 10; i++) {
          await customerSays(t, x.w.conn, "5511987654321", `mensagem ${i}`);
          await x.settle();
        }
        // Ten that queue up before the worker runs: only the newest is sent.
        for (let i = 10; i < 20; i++) await customerSays(t, x.w.conn, "5511987654321", `mensagem ${i}`);
        await x.settle();
        const ana = push.forSubscription(devices.ana.id);
        assert.equal(ana.length, 1 + 10 + 1);
        assert.equal(push.forSubscription(devices.bruno.id).length, 12);
        assert.deepEqual([...new Set(ana.map((p) => p.topic))], [`ticket-${ticketId}`]);
        assert.deepEqual([...new Set(ana.map((p) => p.payload.tag))], [`ticket-${ticketId}`]);
        assert.equal(ana.at(-1)!.payload.body, "mensagem 19", "the notification shows the newest");
      },
    );

    await tt.step("Ana accepts: no push for her own action; then only she hears the customer", async () => {
      const before = push.received.length;
      await expectOk(
        await t.request(`/api/tickets/${ticketId}`, {
          method: "PUT",
          token: x.ana.token,
          json: { status: "open", userId: x.ana.user.id },
        }),
      );
      await x.settle();
      assert.equal(push.received.length, before, "accepting notifies nobody");
      await customerSays(t, x.w.conn, "5511987654321", "Obrigada!");
      await x.settle();
      const last = push.received.slice(before);
      assert.deepEqual(last.map((p) => [p.subscriptionId, p.payload.kind]), [[devices.ana.id, "message"]]);
      assert.equal(last[0].payload.title, "Carla Dias");
    });

    await tt.step("Ana replies and writes a note: nothing for her own actions", async () => {
      const before = push.received.length;
      await expectOk(
        await t.request(`/api/messages/${ticketId}`, {
          method: "POST",
          token: x.ana.token,
          json: { body: "Claro!" },
        }),
        201,
      );
      await expectOk(
        await t.request(`/api/messages/${ticketId}`, {
          method: "POST",
          token: x.ana.token,
          json: { body: "lembrete para @Ana Souza", isPrivate: true },
        }),
        201,
      );
      await x.settle();
      assert.equal(push.received.length, before);
    });

    await tt.step("a note naming @Bruno Lima reaches Bruno", async () => {
      const before = push.received.length;
      await expectOk(
        await t.request(`/api/messages/${ticketId}`, {
          method: "POST",
          token: x.ana.token,
          json: { body: "@Bruno Lima pode ver isso?", isPrivate: true },
        }),
        201,
      );
      await x.settle();
      const last = push.received.slice(before);
      assert.deepEqual(last.map((p) => [p.subscriptionId, p.payload.kind]), [[devices.bruno.id, "mention"]]);
      assert.equal(last[0].payload.title, "Ana Souza mentioned you in a note");
      assert.equal(last[0].payload.tag, `ticket-${ticketId}`);
    });

    await tt.step(
      "a side-panel ticket note naming @Bruno reaches Bruno; naming only its author, nobody",
      async () => {
        const before = push.received.length;
        await expectOk(
          await t.request("/api/ticket-notes", {
            method: "POST",
            token: x.ana.token,
            json: { ticketId, note: "Note for @Ana Souza only" },
          }),
          201,
        );
        await x.settle();
        assert.equal(push.received.length, before, "the author is never told of her own mention");
        const note = await expectOk<{ id: number }>(
          await t.request("/api/ticket-notes", {
            method: "POST",
            token: x.ana.token,
            json: { ticketId, note: "@Bruno customer asked for a refund, please check" },
          }),
          201,
        );
        await x.settle();
        const last = push.received.slice(before);
        assert.deepEqual(last.map((p) => [p.subscriptionId, p.payload.kind]), [[
          devices.bruno.id,
          "mention",
        ]]);
        assert.equal(last[0].payload.title, "Ana Souza mentioned you in a note");
        assert.match(String(last[0].payload.body), /refund/);
        assert.equal(last[0].payload.tag, `ticket-${ticketId}`);
        assert.ok(note.id > 0);
      },
    );

    await tt.step("Ana transfers to Bruno: Bruno is told, Ana is not", async () => {
      const before = push.received.length;
      await expectOk(
        await t.request(`/api/tickets/${ticketId}`, {
          method: "PUT",
          token: x.ana.token,
          json: { userId: x.bruno.user.id, queueId: x.w.queues[0].id, status: "open" },
        }),
      );
      await x.settle();
      const last = push.received.slice(before);
      assert.deepEqual(last.map((p) => [p.subscriptionId, p.payload.kind]), [[devices.bruno.id, "transfer"]]);
      assert.equal(last[0].payload.title, "Ticket transferred to you: Carla Dias");
    });

    await tt.step("internal chat: the other member, not the author", async () => {
      const before = push.received.length;
      const chat = await expectOk<{ id: number; uuid: string }>(
        await t.request("/api/chats", {
          method: "POST",
          token: x.ana.token,
          json: { title: "Plantão", users: [{ id: x.bruno.user.id }] },
        }),
        201,
      );
      await expectOk(
        await t.request(`/api/chats/${chat.id}/messages`, {
          method: "POST",
          token: x.ana.token,
          json: { message: "Cobre a fila?" },
        }),
        201,
      );
      await x.settle();
      const last = push.received.slice(before);
      assert.deepEqual(last.map((p) => [p.subscriptionId, p.payload.kind]), [[devices.bruno.id, "chat"]]);
      assert.equal(last[0].payload.title, "Internal chat: Ana Souza");
      assert.equal(last[0].payload.body, "Cobre a fila?");
      assert.equal(last[0].payload.url, `/chats/${chat.uuid}`);
      assert.equal(last[0].topic, `chat-${chat.id}`);
    });

    await tt.step(
      "a device the push service says is gone (410) is removed, and not tried again",
      async () => {
        push.expire(devices.bruno.id);
        await customerSays(t, x.w.conn, "5511987654321", "Alô?");
        await x.settle();
        const rows = await t.deps.db.select().from(pushSubscriptions).where(
          eq(pushSubscriptions.endpoint, devices.bruno.endpoint),
        );
        assert.equal(rows.length, 0);
        const before = push.received.length;
        await customerSays(t, x.w.conn, "5511987654321", "Alô??");
        await x.settle();
        assert.equal(push.received.length, before);
        assert.deepEqual(push.refused, []);
      },
    );
  } finally {
    await x.close();
  }
});
