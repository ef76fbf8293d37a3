/** /api/ticket-notes: notes on tickets the user may see (spec 1 §2, §3, §5, §7; DESIGN §4). */
import assert from "node:assert/strict";
import { contacts, tickets } from "@db/schema.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { createQueue, createUser, login } from "../_helpers/factories.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";

async function ticket(t: TestApp, companyId: number, o: Partial<typeof tickets.$inferInsert> = {}) {
  return await t.deps.database.write(async (tx) => {
    const [c] = await tx.insert(contacts).values({
      companyId,
      name: "Cliente",
      number: `55${Date.now()}${Math.floor(Math.random() * 1000)}`,
    }).returning();
    const [tk] = await tx.insert(tickets).values({ companyId, contactId: c.id, status: "open", ...o })
      .returning();
    return tk;
  });
}

Deno.test("[ticket_notes] list, add and delete notes on visible tickets", async (t) => {
  const app = await createTestApp();
  try {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const sales = await createQueue(app, a.company.id, { name: "Sales" });
    const support = await createQueue(app, a.company.id, { name: "Support" });
    // Attends Sales only, and may not see other users' chats.
    const agent = await createUser(app, a.company.id, {
      profile: "user",
      queueIds: [sales.id],
      allUserChat: "disabled",
      allTicket: "disabled",
    });
    const agentToken = (await login(app, agent)).token;
    const visible = await ticket(app, a.company.id, { queueId: sales.id, status: "pending" });
    const hidden = await ticket(app, a.company.id, { queueId: support.id, userId: a.admin.user.id });
    const foreign = await ticket(app, b.company.id);
    const req = (path: string, token: string, method = "GET", json?: unknown) =>
      app.request(`/api/ticket-notes${path}`, { method, token, json });

    await t.step("401 ERR_UNAUTHENTICATED on every route without a token", async () => {
      await assertAllNeedAuth(app, [
        ["GET", "/api/ticket-notes/list?ticketId=1"],
        ["POST", "/api/ticket-notes"],
        ["DELETE", "/api/ticket-notes/1"],
      ]);
    });

    let noteId = 0;
    await t.step("POST adds a note with its author; the contact comes from the ticket", async () => {
      const n = await expectOk<Json>(
        await req("", agentToken, "POST", { note: "Cliente pediu retorno", ticketId: visible.id }),
        201,
      );
      noteId = n.id as number;
      assert.equal(n.ticketId, visible.id);
      assert.equal(n.contactId, visible.contactId);
      assert.deepEqual(n.user, { id: agent.user.id, name: agent.user.name });
      await expectOk(
        await req("", a.adminToken, "POST", {
          note: "Visto pelo admin",
          ticketId: visible.id,
          contactId: visible.contactId,
        }),
        201,
      );
    });

    await t.step("POST validation: short note, missing ticket, wrong contact → 400", async () => {
      await expectError(
        await req("", agentToken, "POST", { note: "x", ticketId: visible.id }),
        400,
        "ERR_VALIDATION",
      );
      await expectError(await req("", agentToken, "POST", { note: "ok ok" }), 400, "ERR_VALIDATION");
      await expectError(
        await req("", agentToken, "POST", {
          note: "ok ok",
          ticketId: visible.id,
          contactId: hidden.contactId,
        }),
        400,
        "ERR_VALIDATION",
      );
    });

    await t.step(
      "POST on another company's ticket → 404; on a ticket the user may not see → 403",
      async () => {
        await expectError(
          await req("", a.adminToken, "POST", { note: "hi there", ticketId: foreign.id }),
          404,
          "ERR_NO_TICKET_FOUND",
        );
        await expectError(
          await req("", agentToken, "POST", { note: "hi there", ticketId: hidden.id }),
          403,
          "ERR_NO_PERMISSION",
        );
      },
    );

    await t.step("GET /list: the ticket's notes with user {id, name}, oldest first", async () => {
      const notes = await expectOk<Json[]>(
        await req(`/list?ticketId=${visible.id}&contactId=${visible.contactId}`, agentToken),
      );
      assert.deepEqual(notes.map((n) => n.note), ["Cliente pediu retorno", "Visto pelo admin"]);
      assert.deepEqual(notes[1].user, { id: a.admin.user.id, name: a.admin.user.name });
      const other = await expectOk<Json[]>(
        await req(`/list?ticketId=${visible.id}&contactId=${hidden.contactId}`, agentToken),
      );
      assert.deepEqual(other, []);
    });

    await t.step("GET /list: foreign → 404; invisible → 403; no ticketId → 400", async () => {
      await expectError(await req(`/list?ticketId=${foreign.id}`, a.adminToken), 404, "ERR_NO_TICKET_FOUND");
      await expectError(await req(`/list?ticketId=${hidden.id}`, agentToken), 403, "ERR_NO_PERMISSION");
      await expectOk(await req(`/list?ticketId=${hidden.id}`, a.adminToken));
      await expectError(await req(`/list`, agentToken), 400, "ERR_VALIDATION");
    });

    await t.step(
      "DELETE: another (non-admin) user → 403; foreign → 404; the author → 204; admin → 204",
      async () => {
        const adminNote =
          (await expectOk<Json[]>(await req(`/list?ticketId=${visible.id}`, a.adminToken)))[1];
        await expectError(await req(`/${adminNote.id}`, agentToken, "DELETE"), 403, "ERR_NO_PERMISSION");
        await expectError(await req(`/${noteId}`, a.userToken, "DELETE"), 403, "ERR_NO_PERMISSION");
        const foreignNote = await expectOk<Json>(
          await req("", b.adminToken, "POST", { note: "their note", ticketId: foreign.id }),
          201,
        );
        await expectError(await req(`/${foreignNote.id}`, a.adminToken, "DELETE"), 404, "ERR_NOT_FOUND");
        assert.equal((await req(`/${noteId}`, agentToken, "DELETE")).status, 204);
        assert.equal((await req(`/${adminNote.id}`, a.adminToken, "DELETE")).status, 204);
        assert.deepEqual(await expectOk(await req(`/list?ticketId=${visible.id}`, a.adminToken)), []);
      },
    );
  } finally {
    await app.close();
  }
});
