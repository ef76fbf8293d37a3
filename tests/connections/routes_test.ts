import assert from "node:assert/strict";
import { createTestApp, startTestServer, type TestApp } from "../_helpers/test_app.ts";
import { createQueue } from "../_helpers/factories.ts";
import { type ApiConn, assertAllNeedAuth, createTenant, userOf } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { connectWs } from "../_helpers/ws_client.ts";

const create = (t: TestApp, token: string, json: Json) =>
  t.request("/api/whatsapp", {
    method: "POST",
    token,
    json: { channel: "api", webhookUrl: "http://127.0.0.1:9/hook", ...json },
  });

Deno.test("[connections] /api/whatsapp: every route needs a session", async () => {
  const t = await createTestApp();
  try {
    await assertAllNeedAuth(t, [
      ["GET", "/api/whatsapp"],
      ["GET", "/api/whatsapp/1"],
      ["POST", "/api/whatsapp"],
      ["PUT", "/api/whatsapp/1"],
      ["DELETE", "/api/whatsapp/1"],
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("[connections] /api/whatsapp: another company's connection and queues answer 404", async (tt) => {
  const t = await createTestApp();
  try {
    const a = await createTenant(t, { webhook: null, user: false });
    const b = await createTenant(t, { webhook: null, user: false, queues: [{ name: "B queue" }] });

    await tt.step("GET, PUT and DELETE of B's connection by A's admin", async () => {
      await expectError(
        await t.request(`/api/whatsapp/${b.conn.id}`, { token: a.adminToken }),
        404,
        "ERR_NO_WAPP_FOUND",
      );
      await expectError(
        await t.request(`/api/whatsapp/${b.conn.id}`, {
          method: "PUT",
          token: a.adminToken,
          json: { name: "hijacked" },
        }),
        404,
        "ERR_NO_WAPP_FOUND",
      );
      await expectError(
        await t.request(`/api/whatsapp/${b.conn.id}`, { method: "DELETE", token: a.adminToken }),
        404,
        "ERR_NO_WAPP_FOUND",
      );
      const still = await expectOk<ApiConn>(
        await t.request(`/api/whatsapp/${b.conn.id}`, { token: b.adminToken }),
      );
      assert.equal(still.name, "Site chat");
    });

    await tt.step("B's queues cannot be attached to A's connections", async () => {
      await expectError(
        await create(t, a.adminToken, { name: "Other", queueIds: [b.queues[0].id] }),
        404,
        "ERR_NOT_FOUND",
      );
      await expectError(
        await t.request(`/api/whatsapp/${a.conn.id}`, {
          method: "PUT",
          token: a.adminToken,
          json: { queueIds: [b.queues[0].id] },
        }),
        404,
        "ERR_NOT_FOUND",
      );
    });

    await tt.step("…nor named as the redirect queue (sendIdQueue)", async () => {
      await expectError(
        await create(t, a.adminToken, { name: "Redirect", sendIdQueue: b.queues[0].id }),
        404,
        "ERR_NOT_FOUND",
      );
      await expectError(
        await t.request(`/api/whatsapp/${a.conn.id}`, {
          method: "PUT",
          token: a.adminToken,
          json: { timeSendQueue: 5, sendIdQueue: b.queues[0].id },
        }),
        404,
        "ERR_NOT_FOUND",
      );
      const own = await createQueue(t, a.company.id, { name: "A queue" });
      const upd = await expectOk<ApiConn>(
        await t.request(`/api/whatsapp/${a.conn.id}`, {
          method: "PUT",
          token: a.adminToken,
          json: { timeSendQueue: 5, sendIdQueue: own.id },
        }),
      );
      assert.equal(upd.sendIdQueue, own.id);
    });

    await tt.step("the list holds only the company's own connections", async () => {
      const list = await expectOk<ApiConn[]>(await t.request("/api/whatsapp", { token: a.adminToken }));
      assert.deepEqual(list.map((c) => c.id), [a.conn.id]);
    });
  } finally {
    await t.close();
  }
});

Deno.test("[connections] /api/whatsapp: allowConnections decides who manages connections and sees tokens", async (tt) => {
  const t = await createTestApp();
  try {
    const { company, conn } = await createTenant(t, { webhook: null, user: false });
    const denied = await userOf(t, company.id, { allowConnections: "disabled" });
    const allowed = await userOf(t, company.id, { allowConnections: "enabled" });

    await tt.step("a user without connection rights reads the list, without tokens", async () => {
      const list = await expectOk<ApiConn[]>(await t.request("/api/whatsapp", { token: denied.token }));
      assert.equal(list.length, 1);
      assert.equal(list[0].name, "Site chat");
      assert.equal("token" in list[0], false);
      const one = await expectOk<ApiConn>(
        await t.request(`/api/whatsapp/${conn.id}`, { token: denied.token }),
      );
      assert.equal("token" in one, false);
    });

    await tt.step("…and gets 403 on POST, PUT and DELETE", async () => {
      await expectError(await create(t, denied.token, { name: "Mine" }), 403, "ERR_NO_PERMISSION");
      await expectError(
        await t.request(`/api/whatsapp/${conn.id}`, {
          method: "PUT",
          token: denied.token,
          json: { name: "x1" },
        }),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectError(
        await t.request(`/api/whatsapp/${conn.id}`, { method: "DELETE", token: denied.token }),
        403,
        "ERR_NO_PERMISSION",
      );
    });

    await tt.step("a user with allowConnections enabled manages them and sees tokens", async () => {
      const list = await expectOk<ApiConn[]>(await t.request("/api/whatsapp", { token: allowed.token }));
      assert.equal(list[0].token, conn.token);
      const made = await expectOk<ApiConn>(await create(t, allowed.token, { name: "Agent line" }), 201);
      assert.equal(made.token.length, 30);
      const renamed = await expectOk<ApiConn>(
        await t.request(`/api/whatsapp/${made.id}`, {
          method: "PUT",
          token: allowed.token,
          json: { name: "Agent line 2" },
        }),
      );
      assert.equal(renamed.name, "Agent line 2");
      const del = await t.request(`/api/whatsapp/${made.id}`, { method: "DELETE", token: allowed.token });
      assert.equal(del.status, 204);
      await expectError(
        await t.request(`/api/whatsapp/${made.id}`, { token: allowed.token }),
        404,
        "ERR_NO_WAPP_FOUND",
      );
    });
  } finally {
    await t.close();
  }
});

Deno.test("[connections] /api/whatsapp: create, show, update and delete; events reach the company", async (tt) => {
  const t = await startTestServer();
  try {
    const { company, adminToken, conn } = await createTenant(t, { webhook: null, user: false });
    const q1 = await createQueue(t, company.id, { name: "Vendas" });
    const q2 = await createQueue(t, company.id, { name: "Suporte" });
    const agent = await userOf(t, company.id, { allowConnections: "disabled" });
    const ws = await connectWs(t.wsUrl, agent.token);

    let made!: ApiConn;
    await tt.step("POST answers 201 with a 30-character token and its queues", async () => {
      made = await expectOk<ApiConn>(
        await create(t, adminToken, {
          name: "Loja",
          queueIds: [q1.id, q2.id],
          greetingMessage: "Olá! Escolha:",
          complationMessage: "Tchau",
        }),
        201,
      );
      assert.match(made.token, /^[A-Za-z0-9]{30}$/);
      assert.equal(made.status, "CONNECTED");
      assert.equal(made.isDefault, false, "the first connection stays the default");
      assert.deepEqual((made.queues as { id: number }[]).map((q) => q.id), [q1.id, q2.id]);
      assert.notEqual(made.token, conn.token);
      await ws.next(
        (f) =>
          f.event === `company-${company.id}-whatsapp` && f.data?.action === "create" &&
          (f.data.whatsapp as { id: number }).id === made.id,
        10_000,
      );
    });

    await tt.step("GET /:id and the list show it", async () => {
      const one = await expectOk<ApiConn>(await t.request(`/api/whatsapp/${made.id}`, { token: adminToken }));
      assert.equal(one.name, "Loja");
      assert.equal(one.greetingMessage, "Olá! Escolha:");
      const list = await expectOk<ApiConn[]>(await t.request("/api/whatsapp", { token: adminToken }));
      assert.deepEqual(list.map((c) => c.name).sort(), ["Loja", "Site chat"]);
    });

    await tt.step("PUT without queueIds keeps the queues", async () => {
      const upd = await expectOk<ApiConn>(
        await t.request(`/api/whatsapp/${made.id}`, {
          method: "PUT",
          token: adminToken,
          json: { name: "Loja Centro", maxUseBotQueues: 5 },
        }),
      );
      assert.equal(upd.name, "Loja Centro");
      assert.equal(upd.maxUseBotQueues, 5);
      assert.deepEqual((upd.queues as { id: number }[]).map((q) => q.id), [q1.id, q2.id]);
    });

    await tt.step("PUT with queueIds replaces them", async () => {
      const upd = await expectOk<ApiConn>(
        await t.request(`/api/whatsapp/${made.id}`, {
          method: "PUT",
          token: adminToken,
          json: { queueIds: [q2.id] },
        }),
      );
      assert.deepEqual((upd.queues as { id: number }[]).map((q) => q.id), [q2.id]);
    });

    await tt.step("a duplicate name is a conflict, an invalid body a validation error", async () => {
      await expectError(await create(t, adminToken, { name: "Site chat" }), 409, "ERR_CONFLICT");
      await expectError(await create(t, adminToken, { name: "x" }), 400, "ERR_VALIDATION");
      await expectError(
        await t.request("/api/whatsapp", {
          method: "POST",
          token: adminToken,
          json: { name: "No hook", channel: "api" },
        }),
        400,
        "ERR_VALIDATION",
      );
    });

    await tt.step("DELETE answers 204 and the sockets hear it", async () => {
      const del = await t.request(`/api/whatsapp/${made.id}`, { method: "DELETE", token: adminToken });
      assert.equal(del.status, 204);
      await ws.next(
        (f) =>
          f.event === `company-${company.id}-whatsapp` && f.data?.action === "delete" &&
          f.data.whatsappId === made.id,
        10_000,
      );
      await expectError(
        await t.request(`/api/whatsapp/${made.id}`, { token: adminToken }),
        404,
        "ERR_NO_WAPP_FOUND",
      );
    });
    await ws.close();
  } finally {
    await t.close();
  }
});

Deno.test("[connections] /api/whatsapp: plan flags per channel and the plan's connection limit", async (tt) => {
  const t = await createTestApp();
  try {
    await tt.step("a channel the plan does not include is refused with ERR_PLAN_FEATURE", async () => {
      const { adminToken } = await createTenant(t, {
        webhook: null,
        user: false,
        plan: { useWhatsapp: false, useFacebook: false, useInstagram: false, useTelegram: false },
      });
      for (
        const [channel, feature] of [
          ["whatsapp", "useWhatsapp"],
          ["whatsappapi", "useWhatsapp"],
          ["facebook", "useFacebook"],
          ["instagram", "useInstagram"],
          ["telegram", "useTelegram"],
        ]
      ) {
        // A Telegram token is refused by the plan before it is checked with Telegram (no getMe).
        const extra = channel === "telegram"
          ? { telegramToken: "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0" }
          : {};
        const b = await expectError(
          await create(t, adminToken, { name: `Line ${channel}`, channel, ...extra }),
          403,
          "ERR_PLAN_FEATURE",
        );
        assert.deepEqual(b.details, { feature });
      }
    });

    await tt.step("with the flag on, the same channel is accepted", async () => {
      const { adminToken } = await createTenant(t, {
        webhook: null,
        user: false,
        plan: { useWhatsapp: true },
      });
      const made = await expectOk<ApiConn>(
        await create(t, adminToken, { name: "Phone", channel: "whatsapp" }),
        201,
      );
      assert.equal(made.channel, "whatsapp");
    });

    await tt.step("the plan's connection limit is enforced", async () => {
      const { adminToken } = await createTenant(t, { webhook: null, user: false, plan: { connections: 2 } });
      await expectOk(await create(t, adminToken, { name: "Second" }), 201);
      const b = await expectError(
        await create(t, adminToken, { name: "Third" }),
        403,
        "ERR_PLAN_LIMIT_REACHED",
      );
      assert.deepEqual(b.details, { limit: "connections", max: 2 });
    });
  } finally {
    await t.close();
  }
});

Deno.test("[connections] /api/whatsapp: a greeting is required with more than one queue", async (tt) => {
  const t = await createTestApp();
  try {
    const { company, adminToken, conn } = await createTenant(t, { webhook: null, user: false });
    const q1 = await createQueue(t, company.id, { name: "Vendas" });
    const q2 = await createQueue(t, company.id, { name: "Suporte" });

    await tt.step("POST with two queues and no greeting", async () => {
      await expectError(
        await create(t, adminToken, { name: "Two", queueIds: [q1.id, q2.id] }),
        400,
        "ERR_WAPP_GREETING_REQUIRED",
      );
      await expectError(
        await create(t, adminToken, { name: "Two", queueIds: [q1.id, q2.id], greetingMessage: "   " }),
        400,
        "ERR_WAPP_GREETING_REQUIRED",
      );
    });

    await tt.step("one queue needs no greeting", async () => {
      await expectOk(await create(t, adminToken, { name: "One", queueIds: [q1.id] }), 201);
    });

    await tt.step("PUT adding a second queue without a greeting", async () => {
      await expectError(
        await t.request(`/api/whatsapp/${conn.id}`, {
          method: "PUT",
          token: adminToken,
          json: { queueIds: [q1.id, q2.id] },
        }),
        400,
        "ERR_WAPP_GREETING_REQUIRED",
      );
      await expectOk(
        await t.request(`/api/whatsapp/${conn.id}`, {
          method: "PUT",
          token: adminToken,
          json: { queueIds: [q1.id, q2.id], greetingMessage: "Escolha" },
        }),
      );
    });

    await tt.step("PUT clearing the greeting of a two-queue connection", async () => {
      await expectError(
        await t.request(`/api/whatsapp/${conn.id}`, {
          method: "PUT",
          token: adminToken,
          json: { greetingMessage: null },
        }),
        400,
        "ERR_WAPP_GREETING_REQUIRED",
      );
      const kept = await expectOk<ApiConn>(
        await t.request(`/api/whatsapp/${conn.id}`, { token: adminToken }),
      );
      assert.equal(kept.greetingMessage, "Escolha");
    });
  } finally {
    await t.close();
  }
});

Deno.test("[connections] /api/whatsapp: exactly one default connection", async (tt) => {
  const t = await startTestServer();
  try {
    const { company, adminToken, conn } = await createTenant(t, { webhook: null, user: false });
    const ws = await connectWs(t.wsUrl, adminToken);
    assert.equal(conn.isDefault, true, "the first connection becomes the default");

    await tt.step("unsetting the only default answers ERR_NO_OTHER_WHATSAPP", async () => {
      await expectError(
        await t.request(`/api/whatsapp/${conn.id}`, {
          method: "PUT",
          token: adminToken,
          json: { isDefault: false },
        }),
        400,
        "ERR_NO_OTHER_WHATSAPP",
      );
    });

    const second = await expectOk<ApiConn>(await create(t, adminToken, { name: "Second" }), 201);
    const third = await expectOk<ApiConn>(await create(t, adminToken, { name: "Third" }), 201);

    const defaults = async () =>
      (await expectOk<ApiConn[]>(await t.request("/api/whatsapp", { token: adminToken })))
        .filter((c) => c.isDefault).map((c) => c.id);

    await tt.step("making another one the default moves the flag", async () => {
      await expectOk(
        await t.request(`/api/whatsapp/${third.id}`, {
          method: "PUT",
          token: adminToken,
          json: { isDefault: true },
        }),
      );
      assert.deepEqual(await defaults(), [third.id]);
    });

    await tt.step("deleting the default promotes another", async () => {
      const del = await t.request(`/api/whatsapp/${third.id}`, { method: "DELETE", token: adminToken });
      assert.equal(del.status, 204);
      assert.deepEqual(await defaults(), [conn.id]);
      const del2 = await t.request(`/api/whatsapp/${conn.id}`, { method: "DELETE", token: adminToken });
      assert.equal(del2.status, 204);
      assert.deepEqual(await defaults(), [second.id]);
      // Open connection lists learn about the promotion too.
      const f = await ws.next(
        (f) =>
          f.event === `company-${company.id}-whatsapp` && f.data?.action === "update" &&
          (f.data.whatsapp as ApiConn).id === second.id && (f.data.whatsapp as ApiConn).isDefault === true,
        10_000,
      );
      assert.equal((f.data!.whatsapp as ApiConn).name, "Second");
    });
    await ws.close();
  } finally {
    await t.close();
  }
});
