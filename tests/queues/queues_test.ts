/** /api/queue: departments with working hours and chatbot trees (spec 2 §2, §3, §4, §5, §7). */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { contacts, tickets } from "@db/schema.ts";
import { createTestApp, startTestServer } from "../_helpers/test_app.ts";
import { createQueue } from "../_helpers/factories.ts";
import { assertAllNeedAuth, createTenant, setCompanySetting } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { connectWs, settle } from "../_helpers/ws_client.ts";

const tree = (optQueueId: number) => [
  {
    name: "Comercial",
    greetingMessage: "Escolha:",
    options: [
      {
        name: "Orçamentos",
        greetingMessage: "Qual produto?",
        options: [{ name: "Falar com vendas", queueType: "queue", optQueueId }],
      },
      { name: "Horários", greetingMessage: "Das 8h às 18h" },
    ],
  },
  { name: "Encerrar", closeTicket: true },
];

Deno.test("[queues] CRUD, rules, plan limit, tenancy", async (t) => {
  const app = await createTestApp();
  try {
    const a = await createTenant(app, { plan: { queues: 4 } });
    const b = await createTenant(app);
    const foreign = await createQueue(app, b.company.id, { name: "Foreign", color: "#abcdef" });
    const target = await createQueue(app, a.company.id, { name: "Zeta", color: "#000001", orderQueue: 2 });
    const req = (path: string, token: string, method = "GET", json?: unknown) =>
      app.request(`/api/queue${path}`, { method, token, json });

    await t.step("401 ERR_UNAUTHENTICATED on every route without a token", async () => {
      await assertAllNeedAuth(app, [
        ["GET", "/api/queue"],
        ["GET", "/api/queue/1"],
        ["POST", "/api/queue"],
        ["PUT", "/api/queue/1"],
        ["DELETE", "/api/queue/1"],
      ]);
    });

    let id = 0;
    await t.step(
      "POST (admin): default working hours and a nested chatbot tree saved with the queue",
      async () => {
        const q = await expectOk<Json>(
          await req("", a.adminToken, "POST", {
            name: "Atendimento",
            color: "#FF0000",
            orderQueue: 1,
            greetingMessage: "Olá!",
            ativarRoteador: true,
            tempoRoteador: 10,
            chatbots: tree(target.id),
          }),
          201,
        );
        id = q.id as number;
        assert.equal(q.color, "#ff0000");
        assert.equal(q.companyId, a.company.id);
        const s = q.schedules as Json[];
        assert.equal(s.length, 7);
        assert.deepEqual(s[0], {
          weekday: "Segunda-feira",
          weekdayEn: "monday",
          startTimeA: "08:00",
          endTimeA: "12:00",
          startTimeB: "13:00",
          endTimeB: "18:00",
        });
        const bots = q.chatbots as Json[];
        assert.deepEqual(bots.map((o) => o.name), ["Comercial", "Encerrar"]);
        const level3 = ((bots[0].options as Json[])[0].options as Json[])[0];
        assert.equal(level3.name, "Falar com vendas");
        assert.equal(level3.optQueueId, target.id);
        assert.equal(bots[1].closeTicket, true);
      },
    );

    await t.step("POST by a profile user → 403 ERR_NO_PERMISSION", async () => {
      await expectError(
        await req("", a.userToken, "POST", { name: "Mine", color: "#00ff00" }),
        403,
        "ERR_NO_PERMISSION",
      );
    });

    await t.step("validation → 400 ERR_VALIDATION", async () => {
      for (
        const json of [
          { name: "A", color: "#00ff00" },
          { name: "x".repeat(51), color: "#00ff00" },
          { name: "Valid", color: "red" },
          { name: "Valid", color: "#00ff00ff0" },
          { name: "Valid", color: "#00ff00", tempoRoteador: 7 },
          { name: "Valid", color: "#00ff00", ativarRoteador: true },
          { name: "Valid", color: "#00ff00", schedules: [{ weekday: "x", weekdayEn: "funday" }] },
          { name: "Valid", color: "#00ff00", chatbots: [{ name: "abc" }] },
          { name: "Valid", color: "#00ff00", chatbots: [{ name: "Fila", queueType: "queue" }] },
          { name: "Valid", color: "#00ff00", chatbots: [{ name: "Menu", options: [{ name: "Child" }] }] },
        ]
      ) {
        await expectError(await req("", a.adminToken, "POST", json), 400, "ERR_VALIDATION");
      }
    });

    await t.step(
      "colour unique per company (any case) → 409 ERR_QUEUE_COLOR_ALREADY_EXISTS; name → 409",
      async () => {
        await expectError(
          await req("", a.adminToken, "POST", { name: "Other", color: "#ff0000" }),
          409,
          "ERR_QUEUE_COLOR_ALREADY_EXISTS",
        );
        await expectError(
          await req("", a.adminToken, "POST", { name: "Other", color: "#FF0000" }),
          409,
          "ERR_QUEUE_COLOR_ALREADY_EXISTS",
        );
        await expectError(
          await req("", a.adminToken, "POST", { name: "Atendimento", color: "#0000ff" }),
          409,
          "ERR_CONFLICT",
        );
        // Another company may use the same colour.
        await expectOk(await req("", b.adminToken, "POST", { name: "Atendimento", color: "#ff0000" }), 201);
      },
    );

    await t.step("ids of another company in references → 404", async () => {
      await expectError(
        await req("", a.adminToken, "POST", {
          name: "Refs",
          color: "#0000fe",
          chatbots: [{ name: "Fila", queueType: "queue", optQueueId: foreign.id }],
        }),
        404,
        "ERR_NOT_FOUND",
      );
    });

    await t.step("with scheduleType=queue the out-of-hours message is required", async () => {
      await setCompanySetting(app, a.company.id, "scheduleType", "queue");
      await expectError(
        await req("", a.adminToken, "POST", { name: "Hours", color: "#0000fd" }),
        400,
        "ERR_VALIDATION",
      );
      await setCompanySetting(app, a.company.id, "scheduleType", "disabled");
    });

    await t.step("the plan's queue limit → 403 ERR_PLAN_LIMIT_REACHED", async () => {
      await expectOk(await req("", a.adminToken, "POST", { name: "Third", color: "#000003" }), 201);
      await expectOk(await req("", a.adminToken, "POST", { name: "Fourth", color: "#000004" }), 201);
      await expectError(
        await req("", a.adminToken, "POST", { name: "Fifth", color: "#000005" }),
        403,
        "ERR_PLAN_LIMIT_REACHED",
      );
    });

    await t.step("GET / ordered by orderQueue then name (no order last); company only", async () => {
      const list = await expectOk<Json[]>(await req("", a.userToken));
      assert.deepEqual(list.map((q) => q.name), ["Atendimento", "Zeta", "Fourth", "Third"]);
    });

    await t.step("GET /:id with its tree; another company's → 404", async () => {
      const q = await expectOk<Json>(await req(`/${id}`, a.userToken));
      assert.equal((q.chatbots as Json[]).length, 2);
      await expectError(await req(`/${foreign.id}`, a.adminToken), 404, "ERR_NOT_FOUND");
    });

    await t.step(
      "PUT: fields, colour rule, and a tree edit that keeps the ids of surviving options",
      async () => {
        const before = await expectOk<Json>(await req(`/${id}`, a.adminToken));
        const [comercial] = before.chatbots as Json[];
        const horarios = (comercial.options as Json[])[1];
        const q = await expectOk<Json>(
          await req(`/${id}`, a.adminToken, "PUT", {
            name: "Atendimento 2",
            color: "#FF0000",
            chatbots: [{
              id: comercial.id,
              name: "Comercial",
              greetingMessage: "Escolha de novo:",
              options: [{ id: horarios.id, name: "Horários novos", greetingMessage: "8h-17h" }],
            }, { name: "Suporte técnico", queueType: "queue", optQueueId: target.id }],
          }),
        );
        assert.equal(q.name, "Atendimento 2");
        const bots = q.chatbots as Json[];
        assert.equal(bots[0].id, comercial.id);
        assert.equal((bots[0].options as Json[])[0].id, horarios.id);
        assert.equal((bots[0].options as Json[])[0].name, "Horários novos");
        assert.equal((bots[0].options as Json[]).length, 1);
        assert.equal(bots[1].name, "Suporte técnico");
        await expectError(
          await req(`/${id}`, a.adminToken, "PUT", { color: "#000001" }),
          409,
          "ERR_QUEUE_COLOR_ALREADY_EXISTS",
        );
        await expectError(
          await req(`/${id}`, a.userToken, "PUT", { name: "Nope" }),
          403,
          "ERR_NO_PERMISSION",
        );
        await expectError(
          await req(`/${foreign.id}`, a.adminToken, "PUT", { name: "Mine" }),
          404,
          "ERR_NOT_FOUND",
        );
        await expectError(
          await req(`/${id}`, a.adminToken, "PUT", { tempoRoteador: 3 }),
          400,
          "ERR_VALIDATION",
        );
      },
    );

    await t.step(
      "DELETE: user → 403; foreign → 404; admin → 204 and the queue's tickets stay, without queue",
      async () => {
        const [tk] = await app.deps.database.write(async (tx) => {
          const [c] = await tx.insert(contacts).values({
            companyId: a.company.id,
            name: "C",
            number: "5511933334444",
          })
            .returning();
          return await tx.insert(tickets).values({ companyId: a.company.id, contactId: c.id, queueId: id })
            .returning();
        });
        await expectError(await req(`/${id}`, a.userToken, "DELETE"), 403, "ERR_NO_PERMISSION");
        await expectError(await req(`/${foreign.id}`, a.adminToken, "DELETE"), 404, "ERR_NOT_FOUND");
        assert.equal((await req(`/${id}`, a.adminToken, "DELETE")).status, 204);
        await expectError(await req(`/${id}`, a.adminToken), 404, "ERR_NOT_FOUND");
        const [after] = await app.deps.db.select().from(tickets).where(eq(tickets.id, tk.id));
        assert.equal(after.queueId, null);
        await expectOk(await req(`/${foreign.id}`, b.adminToken));
      },
    );
  } finally {
    await app.close();
  }
});

Deno.test("[queues] queue changes reach the same company's sockets only", async (t) => {
  const srv = await startTestServer();
  const a = await createTenant(srv);
  const b = await createTenant(srv);
  const wsA = await connectWs(srv.wsUrl, a.userToken);
  const wsB = await connectWs(srv.wsUrl, b.userToken);
  try {
    await t.step("create and delete → company-{id}-queue frames on A only", async () => {
      const q = await expectOk<Json>(
        await srv.request("/api/queue", {
          method: "POST",
          token: a.adminToken,
          json: { name: "Live", color: "#123123" },
        }),
        201,
      );
      const f = await wsA.next((f) =>
        f.event === `company-${a.company.id}-queue` && f.data?.action === "create"
      );
      assert.equal((f.data!.queue as Json).id, q.id);
      await srv.request(`/api/queue/${q.id}`, { method: "DELETE", token: a.adminToken });
      const d = await wsA.next((f) =>
        f.event === `company-${a.company.id}-queue` && f.data?.action === "delete"
      );
      assert.equal(d.data!.queueId, q.id);
      await settle();
      assert.ok(!wsB.frames.some((f) => String(f.event ?? "").endsWith("-queue")));
    });
  } finally {
    await wsA.close();
    await wsB.close();
    await srv.close();
  }
});
