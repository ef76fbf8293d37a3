import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { tickets } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, userOf } from "../_helpers/tenant.ts";
import { customerSays, insertContact, logTypes, ticketRow } from "../_helpers/inbox.ts";
import { expectError, expectOk } from "../_helpers/http.ts";

import { put, type Ticket, world } from "./_world.ts";

Deno.test("[tickets] tickets: every route needs a session", async () => {
  const t = await createTestApp();
  try {
    await assertAllNeedAuth(t, [
      ["GET", "/api/tickets/1"],
      ["GET", "/api/tickets/u/6d4a3c1e-0000-4000-8000-000000000000"],
      ["POST", "/api/tickets"],
      ["PUT", "/api/tickets/1"],
      ["DELETE", "/api/tickets/1"],
      ["POST", "/api/tickets/closeAll"],
      ["GET", "/api/tickets-log/1"],
      ["PUT", "/api/ticket-tags/1/1"],
      ["DELETE", "/api/ticket-tags/1"],
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("[tickets] GET /tickets/:id and /tickets/u/:uuid", async (tt) => {
  const t = await createTestApp();
  try {
    const { a, agent, outsider, bTicket } = await world(t);
    const first = await customerSays(t, a.conn, { number: "5511900000001", name: "Maria" }, "oi");
    await customerSays(t, a.conn, "5511900000001", "tudo bem?");
    const row = await ticketRow(t, first.ticketId);
    const bRow = await ticketRow(t, bTicket.ticketId);

    await tt.step("another company's ticket answers 404 by id and by uuid", async () => {
      await expectError(
        await t.request(`/api/tickets/${bRow.id}`, { token: a.adminToken }),
        404,
        "ERR_NO_TICKET_FOUND",
      );
      await expectError(
        await t.request(`/api/tickets/u/${bRow.uuid}`, { token: a.adminToken }),
        404,
        "ERR_NO_TICKET_FOUND",
      );
      await expectError(
        await t.request(`/api/tickets/u/${crypto.randomUUID()}`, { token: a.adminToken }),
        404,
        "ERR_NO_TICKET_FOUND",
      );
      assert.equal((await ticketRow(t, bRow.id)).unreadMessages, 1, "B's ticket was not marked read");
    });

    await tt.step("a user outside the ticket's queue gets 403", async () => {
      await expectError(
        await t.request(`/api/tickets/${row.id}`, { token: outsider.token }),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectError(
        await t.request(`/api/tickets/u/${row.uuid}`, { token: outsider.token }),
        403,
        "ERR_NO_PERMISSION",
      );
      assert.equal((await ticketRow(t, row.id)).unreadMessages, 2);
    });

    await tt.step("GET /:id shows the ticket with its relations and leaves it unread", async () => {
      const tk = await expectOk<Ticket>(await t.request(`/api/tickets/${row.id}`, { token: agent.token }));
      assert.equal(tk.id, row.id);
      assert.equal(tk.status, "pending");
      assert.equal(tk.unreadMessages, 2);
      assert.equal((tk.contact as { name: string }).name, "Maria");
      assert.equal((tk.queue as { name: string }).name, "Vendas");
      assert.equal((tk.whatsapp as { name: string }).name, "Site chat");
      assert.equal(tk.lastMessage, "tudo bem?");
    });

    await tt.step(
      "GET /u/:uuid of a waiting ticket logs the access and leaves it unread",
      async () => {
        const peek = await expectOk<Ticket>(
          await t.request(`/api/tickets/u/${row.uuid}`, { token: agent.token }),
        );
        assert.equal(peek.unreadMessages, 2);
        assert.equal((await ticketRow(t, row.id)).unreadMessages, 2);
        assert.ok((await logTypes(t, row.id)).includes("access"));
      },
    );

    await tt.step("GET /u/:uuid of an accepted ticket marks it read", async () => {
      await expectOk(
        await t.request(`/api/tickets/${row.id}`, {
          method: "PUT",
          token: agent.token,
          json: { status: "open" },
        }),
      );
      await t.deps.database.write((tx) =>
        tx.update(tickets).set({ unreadMessages: 1 }).where(eq(tickets.id, row.id))
      );
      const tk = await expectOk<Ticket>(
        await t.request(`/api/tickets/u/${row.uuid}`, { token: agent.token }),
      );
      assert.equal(tk.id, row.id);
      assert.equal(tk.unreadMessages, 0);
      assert.equal((await ticketRow(t, row.id)).unreadMessages, 0);
      assert.ok((await logTypes(t, row.id)).includes("access"));
    });

    await tt.step("a non-numeric id is a validation error", async () => {
      await expectError(await t.request(`/api/tickets/abc`, { token: agent.token }), 400, "ERR_VALIDATION");
    });
  } finally {
    await t.close();
  }
});

Deno.test("[tickets] POST /tickets opens a conversation; a second one conflicts", async (tt) => {
  const t = await createTestApp();
  try {
    const { a, agent, b } = await world(t);
    const ana = await insertContact(t, a.company.id, { name: "Ana", number: "5511911110000" });
    const bContact = await insertContact(t, b.company.id, { name: "B", number: "5521911110000" });
    const bUser = await userOf(t, b.company.id);

    let created!: Ticket;
    await tt.step("the attendant's new ticket is open, his, on the default connection", async () => {
      created = await expectOk<Ticket>(
        await t.request("/api/tickets", {
          method: "POST",
          token: agent.token,
          json: { contactId: ana.id, queueId: a.queues[0].id, status: "open" },
        }),
        201,
      );
      assert.equal(created.status, "open");
      assert.equal(created.userId, agent.user.id);
      assert.equal(created.queueId, a.queues[0].id);
      assert.equal(created.whatsappId, a.conn.id);
      assert.equal(created.isActiveDemand, true);
      assert.deepEqual(await logTypes(t, created.id), ["create"]);
    });

    await tt.step(
      "a second ticket for the contact: 409 ERR_OTHER_OPEN_TICKET with a JSON message",
      async () => {
        const err = await expectError(
          await t.request("/api/tickets", {
            method: "POST",
            token: a.adminToken,
            json: { contactId: ana.id, queueId: a.queues[0].id, whatsappId: a.conn.id, status: "open" },
          }),
          409,
          "ERR_OTHER_OPEN_TICKET",
        );
        const info = JSON.parse(String(err.message));
        assert.equal(info.userId, agent.user.id);
        assert.equal(info.user.name, "Carla");
        assert.equal(info.queue.name, "Vendas");
        assert.equal(info.uuid, created.uuid);
        assert.equal(info.status, "open");
      },
    );

    await tt.step("another company's contact, connection, queue or user answers 404", async () => {
      for (
        const { code, ...json } of [
          { contactId: bContact.id, code: "ERR_NO_CONTACT_FOUND" },
          {
            contactId: (await insertContact(t, a.company.id, { number: "5511922220000" })).id,
            whatsappId: b.conn.id,
            code: "ERR_NO_WAPP_FOUND",
          },
          {
            contactId: (await insertContact(t, a.company.id, { number: "5511933330000" })).id,
            queueId: b.queues[0].id,
            code: "ERR_NOT_FOUND",
          },
          {
            contactId: (await insertContact(t, a.company.id, { number: "5511944440000" })).id,
            userId: bUser.user.id,
            code: "ERR_NO_USER_FOUND",
          },
        ]
      ) {
        await expectError(
          await t.request("/api/tickets", {
            method: "POST",
            token: a.adminToken,
            json: { status: "open", ...json },
          }),
          404,
          code,
        );
      }
      const rows = await t.deps.db.select().from(tickets).where(eq(tickets.companyId, a.company.id));
      assert.equal(rows.filter((r) => r.userId === bUser.user.id).length, 0);
    });

    await tt.step("an admin may open it for a colleague; a profile user only for himself", async () => {
      const c1 = await insertContact(t, a.company.id, { number: "5511955550000" });
      const forAgent = await expectOk<Ticket>(
        await t.request("/api/tickets", {
          method: "POST",
          token: a.adminToken,
          json: { contactId: c1.id, userId: agent.user.id, status: "open" },
        }),
        201,
      );
      assert.equal(forAgent.userId, agent.user.id);
      const c2 = await insertContact(t, a.company.id, { number: "5511966660000" });
      const mine = await expectOk<Ticket>(
        await t.request("/api/tickets", {
          method: "POST",
          token: agent.token,
          json: { contactId: c2.id, userId: a.admin.user.id, status: "open" },
        }),
        201,
      );
      assert.equal(mine.userId, agent.user.id);
    });

    await tt.step("a body without contactId is a validation error", async () => {
      await expectError(
        await t.request("/api/tickets", { method: "POST", token: a.adminToken, json: { status: "open" } }),
        400,
        "ERR_VALIDATION",
      );
    });
  } finally {
    await t.close();
  }
});

Deno.test("[tickets] PUT /tickets/:id guards: company, visibility, ids and body", async (tt) => {
  const t = await createTestApp();
  try {
    const { a, agent, outsider, b, bTicket } = await world(t);
    const mine = await customerSays(t, a.conn, "5511900000002", "oi");

    await tt.step("another company's ticket answers 404 and stays as it was", async () => {
      await expectError(
        await put(t, a.adminToken, bTicket.ticketId, { status: "open" }),
        404,
        "ERR_NO_TICKET_FOUND",
      );
      const row = await ticketRow(t, bTicket.ticketId);
      assert.equal(row.status, "pending");
      assert.equal(row.userId, null);
    });

    await tt.step("a user who cannot see the ticket gets 403", async () => {
      await expectError(
        await put(t, outsider.token, mine.ticketId, { status: "open" }),
        403,
        "ERR_NO_PERMISSION",
      );
      assert.equal((await ticketRow(t, mine.ticketId)).status, "pending");
    });

    await tt.step("another company's queue or user answers 404", async () => {
      const bUser = await userOf(t, b.company.id);
      await expectError(
        await put(t, a.adminToken, mine.ticketId, { queueId: b.queues[0].id, isTransfered: true }),
        404,
        "ERR_NOT_FOUND",
      );
      await expectError(
        await put(t, a.adminToken, mine.ticketId, { status: "open", userId: bUser.user.id }),
        404,
        "ERR_NO_USER_FOUND",
      );
    });

    await tt.step("an unknown status is a validation error", async () => {
      await expectError(
        await put(t, agent.token, mine.ticketId, { status: "archived" }),
        400,
        "ERR_VALIDATION",
      );
    });

    await tt.step("the attendant of the queue may accept it", async () => {
      const tk = await expectOk<Ticket>(await put(t, agent.token, mine.ticketId, { status: "open" }));
      assert.equal(tk.status, "open");
      assert.equal(tk.userId, agent.user.id);
    });
  } finally {
    await t.close();
  }
});
