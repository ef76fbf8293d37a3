/**
 * /api/chatbot: one option of a queue's tree at a time (spec 2 §3, §5, §7). Until app.ts mounts
 * `chatbotRoutes` at /api/chatbot, this suite mounts it the same way (session middleware, the
 * app's error shape); once mounted, the real app is used.
 */
import assert from "node:assert/strict";
import { Hono } from "hono";
import type { AppEnv } from "@/lib/context.ts";
import { AppError } from "@/lib/errors.ts";
import { authenticate } from "@/auth/middleware.ts";
import { chatbotRoutes } from "@/queues/chatbot_routes.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { createQueue, createUser } from "../_helpers/factories.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";

async function chatbotClient(t: TestApp, token: string) {
  const probe = await t.request("/api/chatbot", { token });
  await probe.body?.cancel();
  if (probe.status !== 404) {
    return (path: string, init: RequestInit & { json?: unknown; token?: string }) => t.request(path, init);
  }
  const shim = new Hono<AppEnv>();
  shim.use("*", async (c, next) => {
    c.set("deps", t.deps);
    c.set("requestId", "test");
    await next();
  });
  shim.onError((err, c) => {
    if (err instanceof AppError) return c.json({ error: err.code, details: err.details }, err.status);
    throw err;
  });
  shim.use("/api/*", authenticate);
  shim.route("/api/chatbot", chatbotRoutes);
  return (path: string, init: RequestInit & { json?: unknown; token?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set("authorization", `Bearer ${init.token}`);
    if (init.json !== undefined) headers.set("content-type", "application/json");
    return Promise.resolve(shim.request(path, {
      method: init.method,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    }));
  };
}

Deno.test("[queues] option endpoints", async (t) => {
  const app = await createTestApp();
  try {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const call = await chatbotClient(app, a.adminToken);
    const queue = await createQueue(app, a.company.id, { name: "Menu" });
    const sales = await createQueue(app, a.company.id, { name: "Sales" });
    const agent = await createUser(app, a.company.id, { profile: "user" });
    const foreignQueue = await createQueue(app, b.company.id);
    const req = (path: string, token: string, method = "GET", json?: unknown) =>
      call(`/api/chatbot${path}`, { method, token, json });

    await t.step("401 ERR_UNAUTHENTICATED without a token", async () => {
      for (
        const [method, path] of [["GET", ""], ["GET", "/1"], ["POST", ""], ["PUT", "/1"], ["DELETE", "/1"]]
      ) {
        await expectError(await call(`/api/chatbot${path}`, { method }), 401, "ERR_UNAUTHENTICATED");
      }
    });

    let root = 0;
    await t.step("POST under a queue (admin), with nested options", async () => {
      const o = await expectOk<Json>(
        await req("", a.adminToken, "POST", {
          queueId: queue.id,
          name: "Vendas",
          greetingMessage: "Com quem?",
          options: [{
            name: "Atendente João",
            queueType: "attendent",
            optQueueId: sales.id,
            optUserId: agent.user.id,
          }],
        }),
        201,
      );
      root = o.id as number;
      assert.equal(o.queueId, queue.id);
      assert.equal((o.options as Json[])[0].optUserId, agent.user.id);
    });

    let child = 0;
    await t.step("POST under a parent option", async () => {
      const o = await expectOk<Json>(
        await req("", a.adminToken, "POST", {
          parentId: root,
          name: "Segunda via",
          greetingMessage: "Enviando",
        }),
        201,
      );
      child = o.id as number;
      assert.equal(o.parentId, root);
      assert.equal(o.queueId, null);
      const tree = await expectOk<Json>(await req(`/${root}`, a.userToken));
      assert.deepEqual((tree.options as Json[]).map((x) => x.name), ["Atendente João", "Segunda via"]);
    });

    await t.step("POST: profile user → 403; foreign queue or parent → 404; validation → 400", async () => {
      await expectError(
        await req("", a.userToken, "POST", { queueId: queue.id, name: "Option" }),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectError(
        await req("", a.adminToken, "POST", { queueId: foreignQueue.id, name: "Option" }),
        404,
        "ERR_NOT_FOUND",
      );
      const theirs = await chatbotClient(app, b.adminToken);
      const foreignOption = await expectOk<Json>(
        await theirs("/api/chatbot", {
          method: "POST",
          token: b.adminToken,
          json: { queueId: foreignQueue.id, name: "Theirs" },
        }),
        201,
      );
      await expectError(
        await req("", a.adminToken, "POST", { parentId: foreignOption.id, name: "Option" }),
        404,
        "ERR_NOT_FOUND",
      );
      await expectError(await req(`/${foreignOption.id}`, a.adminToken), 404, "ERR_NOT_FOUND");
      await expectError(await req(`/${foreignOption.id}`, a.adminToken, "DELETE"), 404, "ERR_NOT_FOUND");
      await expectError(
        await req("", a.adminToken, "POST", { queueId: queue.id, name: "abc" }),
        400,
        "ERR_VALIDATION",
      );
      await expectError(await req("", a.adminToken, "POST", { name: "No parent" }), 400, "ERR_VALIDATION");
    });

    await t.step("GET ?queueId lists the queue's root options with their sub-trees", async () => {
      const list = await expectOk<Json[]>(await req(`?queueId=${queue.id}`, a.userToken));
      assert.deepEqual(list.map((x) => x.id), [root]);
      assert.equal((list[0].options as Json[]).length, 2);
    });

    await t.step("PUT updates fields; `options` replaces the sub-tree; user → 403", async () => {
      const o = await expectOk<Json>(
        await req(`/${root}`, a.adminToken, "PUT", {
          name: "Vendas e pós-venda",
          options: [{ id: child, name: "Segunda via de boleto", greetingMessage: "Ok" }],
        }),
      );
      assert.equal(o.name, "Vendas e pós-venda");
      assert.deepEqual((o.options as Json[]).map((x) => [x.id, x.name]), [[child, "Segunda via de boleto"]]);
      await expectError(
        await req(`/${root}`, a.userToken, "PUT", { name: "Nope nope" }),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectError(
        await req(`/${child}`, a.adminToken, "PUT", { queueType: "queue" }),
        400,
        "ERR_VALIDATION",
      );
    });

    await t.step("DELETE removes the option and its sub-options; user → 403", async () => {
      await expectError(await req(`/${root}`, a.userToken, "DELETE"), 403, "ERR_NO_PERMISSION");
      assert.equal((await req(`/${root}`, a.adminToken, "DELETE")).status, 204);
      await expectError(await req(`/${child}`, a.adminToken), 404, "ERR_NOT_FOUND");
      const q = await expectOk<Json>(await app.request(`/api/queue/${queue.id}`, { token: a.adminToken }));
      assert.deepEqual(q.chatbots, []);
    });
  } finally {
    await app.close();
  }
});
