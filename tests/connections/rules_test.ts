/**
 * /api/whatsapp: the rules a connection is saved under — the plan's flags per channel and its
 * connection limit, a greeting with more than one queue, exactly one default connection.
 */
import assert from "node:assert/strict";
import { createTestApp, startTestServer, type TestApp } from "../_helpers/test_app.ts";
import { createQueue } from "../_helpers/factories.ts";
import { type ApiConn, createTenant } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { connectWs } from "../_helpers/ws_client.ts";

const create = (t: TestApp, token: string, json: Json) =>
  t.request("/api/whatsapp", {
    method: "POST",
    token,
    json: { channel: "api", webhookUrl: "http://127.0.0.1:9/hook", ...json },
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
