/**
 * /api/whatsapp: a connection's life — create, show, update and delete, each change reaching
 * the company's sockets.
 */
import assert from "node:assert/strict";
import { startTestServer, type TestApp } from "../_helpers/test_app.ts";
import { createQueue } from "../_helpers/factories.ts";
import { type ApiConn, createTenant, userOf } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { connectWs } from "../_helpers/ws_client.ts";

const create = (t: TestApp, token: string, json: Json) =>
  t.request("/api/whatsapp", {
    method: "POST",
    token,
    json: { channel: "api", webhookUrl: "http://127.0.0.1:9/hook", ...json },
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
