/**
 * Ids inside bodies are checked like ids in paths (lib/owned.ts): another company's id answers
 * 404 and nothing changes — never silently ignored, never linked across tenants. Company A's
 * admin sends, on every route whose body carries ids, company B's ids.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { chatbots, files, prompts, queueIntegrations } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { createUser, login } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { createTenant } from "../_helpers/tenant.ts";
import type { TestApp } from "../_helpers/test_app.ts";

async function extras(app: TestApp, companyId: number) {
  return await app.deps.database.write(async (tx) => {
    const [integration] = await tx.insert(queueIntegrations)
      .values({ companyId, type: "webhook", name: `Hook ${companyId}` }).returning();
    const [prompt] = await tx.insert(prompts).values({ companyId, name: `P ${companyId}`, prompt: "Be nice" })
      .returning();
    const [file] = await tx.insert(files).values({ companyId, name: `F ${companyId}` }).returning();
    return { integration: integration.id, prompt: prompt.id, file: file.id };
  });
}

Deno.test("[hardening] another company's ids inside bodies answer 404", async (t) => {
  const app = await createTestApp({ scheduler: false });
  try {
    const a = await createTenant(app, {
      webhook: null,
      user: false,
      queues: [{ name: "A1" }, { name: "A2" }],
      conn: { greetingMessage: "Olá" },
    });
    const b = await createTenant(app, { webhook: null, user: false, queues: [{ name: "B1" }] });
    await extras(app, a.company.id);
    const bX = await extras(app, b.company.id);
    const aUser = await createUser(app, a.company.id, { profile: "user" });
    const bUser = await createUser(app, b.company.id, { profile: "user" });
    const aIn = await customerSays(app, a.conn, "5511911110001", "Olá A");
    const bIn = await customerSays(app, b.conn, "5511922220002", "Olá B");
    const bToken = (await login(app, b.admin)).token;
    const ticketOf = async (token: string, id: number) =>
      await expectOk<Json & { contactId: number }>(await app.request(`/api/tickets/${id}`, { token }));
    const aContact = (await ticketOf(a.adminToken, aIn.ticketId)).contactId;
    const bContact = (await ticketOf(bToken, bIn.ticketId)).contactId;
    await expectOk(
      await app.request(`/api/tickets/${aIn.ticketId}`, {
        method: "PUT",
        token: a.adminToken,
        json: { status: "open" },
      }),
    );
    // B's chatbot tree; A's queue gets a tree of its own.
    const tree = [{ name: "Vendas", greetingMessage: "Escolha", options: [{ name: "Orçamento" }] }];
    await expectOk(
      await app.request(`/api/queue/${b.queues[0].id}`, {
        method: "PUT",
        token: bToken,
        json: { chatbots: tree },
      }),
    );
    await expectOk(
      await app.request(`/api/queue/${a.queues[0].id}`, {
        method: "PUT",
        token: a.adminToken,
        json: { chatbots: tree },
      }),
    );
    const optionOf = async (companyId: number) =>
      (await app.deps.db.select().from(chatbots).where(eq(chatbots.companyId, companyId)))
        .find((o) => o.parentId === null)!;
    const [aOption, bOption] = [await optionOf(a.company.id), await optionOf(b.company.id)];
    const [bQueue, aQueue, aQueue2] = [b.queues[0].id, a.queues[0].id, a.queues[1].id];

    const cases: [string, string, string, Json, string?][] = [
      // queues and their chatbot trees (the case first)
      ["PUT", `/api/queue/${aQueue}`, "chatbot", { chatbots: [{ id: bOption.id, name: "Roubada" }] }],
      ["PUT", `/api/queue/${aQueue2}`, "chatbot", { chatbots: [{ id: aOption.id, name: "Outra fila" }] }],
      ["POST", "/api/queue", "chatbot", {
        name: "Nova",
        color: "#101010",
        chatbots: [{ id: bOption.id, name: "Roubada" }],
      }],
      ["PUT", `/api/queue/${aQueue}`, "queue", {
        chatbots: [{ name: "Ir para", queueType: "queue", optQueueId: bQueue }],
      }],
      [
        "PUT",
        `/api/queue/${aQueue}`,
        "user",
        {
          chatbots: [{
            name: "Atendente",
            queueType: "attendent",
            optQueueId: aQueue,
            optUserId: bUser.user.id,
          }],
        },
      ],
      ["PUT", `/api/queue/${aQueue}`, "queueIntegration", { integrationId: bX.integration }],
      ["PUT", `/api/queue/${aQueue}`, "prompt", { promptId: bX.prompt }],
      ["PUT", `/api/queue/${aQueue}`, "file", { fileListId: bX.file }],
      ["POST", "/api/chatbot", "queue", { queueId: bQueue, name: "Opção" }],
      ["POST", "/api/chatbot", "chatbot", { parentId: bOption.id, name: "Opção" }],
      ["PUT", `/api/chatbot/${aOption.id}`, "chatbot", { options: [{ id: bOption.id, name: "Roubada" }] }],
      ["PUT", `/api/chatbot/${aOption.id}`, "file", { queueType: "file", optFileId: bX.file }],
      // users and connections
      ["POST", "/api/users", "queue", {
        name: "Novo",
        email: "novo@a.test",
        password: "Senha#2026",
        profile: "user",
        queueIds: [bQueue],
      }],
      ["PUT", `/api/users/${aUser.user.id}`, "queue", { queueIds: [aQueue, bQueue] }],
      ["PUT", `/api/users/${aUser.user.id}`, "whatsapp", { whatsappId: b.conn.id }],
      ["POST", "/api/whatsapp", "queue", {
        name: "Outra",
        channel: "api",
        webhookUrl: "http://127.0.0.1:9/x",
        queueIds: [bQueue],
      }],
      ["PUT", `/api/whatsapp/${a.conn.id}`, "queue", { queueIds: [bQueue] }],
      ["PUT", `/api/whatsapp/${a.conn.id}`, "prompt", { promptId: bX.prompt }],
      ["PUT", `/api/whatsapp/${a.conn.id}`, "queueIntegration", { integrationId: bX.integration }],
      ["PUT", `/api/whatsapp/${a.conn.id}`, "queue", { sendIdQueue: bQueue }],
      // tags
      ["POST", "/api/tags/sync", "contact", { contactId: bContact, tags: [] }],
      ["POST", "/api/tags", "tag", { name: "Lane", kanban: 1, nextLaneId: 999_999 }],
      // tickets, notes, messages
      ["POST", "/api/tickets", "contact", { contactId: bContact, status: "open" }],
      ["POST", "/api/tickets", "whatsapp", { contactId: aContact, whatsappId: b.conn.id, status: "open" }],
      ["PUT", `/api/tickets/${aIn.ticketId}`, "queue", { queueId: bQueue }],
      ["PUT", `/api/tickets/${aIn.ticketId}`, "user", { userId: bUser.user.id }],
      ["PUT", `/api/tickets/${aIn.ticketId}`, "queueIntegration", { integrationId: bX.integration }],
      ["POST", "/api/tickets/closeAll", "queue", { status: "pending", selectedQueueIds: [bQueue] }],
      ["POST", "/api/ticket-notes", "ticket", { ticketId: bIn.ticketId, note: "Nota" }],
      ["POST", "/api/ticket-notes", "contact", { ticketId: aIn.ticketId, contactId: bContact, note: "Nota" }],
      ["POST", `/api/messages/${aIn.ticketId}`, "message", { body: "Oi", quotedMsg: { id: bIn.messageId } }],
      ["POST", "/api/message/forward", "message", { messageId: bIn.messageId, contactId: aContact }],
      ["POST", "/api/message/forward", "contact", { messageId: aIn.messageId, contactId: bContact }],
    ];
    await t.step("every id-carrying body: 404 for the foreign resource", async () => {
      const wrong: string[] = [];
      for (const [method, path, resource, json] of cases) {
        const res = await app.request(path, { method, token: a.adminToken, json });
        const text = await res.text();
        const got = res.status === 404 ? (JSON.parse(text).details as Json | undefined)?.resource : undefined;
        if (res.status !== 404 || got !== resource) {
          wrong.push(`${method} ${path} ${JSON.stringify(json)} → ${res.status} ${text}`);
        }
      }
      assert.deepEqual(wrong, []);
    });

    await t.step("the send API: userId and queueId of another company", async () => {
      for (
        const [field, id, resource, code] of [
          ["userId", bUser.user.id, "user", "ERR_NO_USER_FOUND"],
          ["queueId", bQueue, "queue", "ERR_NOT_FOUND"],
        ] as const
      ) {
        const res = await app.request("/api/messages/send", {
          method: "POST",
          headers: { authorization: `Bearer ${a.conn.token}` },
          json: { number: "5511933330003", body: "Oi", [field]: id },
        });
        const body = await expectError(res, 404, code);
        assert.equal((body.details as Json).resource, resource);
      }
    });

    await t.step("nothing changed: B's tree intact, A's tree still has its own option", async () => {
      const bRows = await app.deps.db.select().from(chatbots).where(eq(chatbots.companyId, b.company.id));
      assert.deepEqual(bRows.map((r) => r.name).sort(), ["Orçamento", "Vendas"]);
      const aRows = await app.deps.db.select().from(chatbots).where(eq(chatbots.companyId, a.company.id));
      assert.deepEqual(aRows.map((r) => r.name).sort(), ["Orçamento", "Vendas"]);
    });

    await t.step("an option id of the edited tree is still updated in place", async () => {
      await expectOk(
        await app.request(`/api/queue/${aQueue}`, {
          method: "PUT",
          token: a.adminToken,
          json: { chatbots: [{ id: aOption.id, name: "Vendas 2", greetingMessage: "Escolha", options: [] }] },
        }),
      );
      const [row] = await app.deps.db.select().from(chatbots).where(eq(chatbots.id, aOption.id));
      assert.equal(row.name, "Vendas 2");
    });
  } finally {
    await app.close();
  }
});
