/**
 * /api/whatsapp: who may call it — a session on every route, another company's connection and queues
 * answering 404, allowConnections deciding who manages connections and sees their tokens.
 */
import assert from "node:assert/strict";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { createQueue } from "../_helpers/factories.ts";
import { type ApiConn, assertAllNeedAuth, createTenant, userOf } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";

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
