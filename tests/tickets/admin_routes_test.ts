import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { createQueue } from "../_helpers/factories.ts";
import { customerSays, insertTag, logTypes, ticketRow } from "../_helpers/inbox.ts";
import { expectError, expectOk } from "../_helpers/http.ts";

import { put, type Ticket, world } from "./_world.ts";

Deno.test("[tickets] DELETE /tickets/:id is for admins only", async (tt) => {
  const t = await createTestApp();
  try {
    const { a, agent, bTicket } = await world(t);
    const mine = await customerSays(t, a.conn, "5511900000003", "oi");

    await tt.step("another company's ticket answers 404", async () => {
      await expectError(
        await t.request(`/api/tickets/${bTicket.ticketId}`, { method: "DELETE", token: a.adminToken }),
        404,
        "ERR_NO_TICKET_FOUND",
      );
      await ticketRow(t, bTicket.ticketId);
    });

    await tt.step("a profile user who sees it gets 403", async () => {
      await expectError(
        await t.request(`/api/tickets/${mine.ticketId}`, { method: "DELETE", token: agent.token }),
        403,
        "ERR_NO_PERMISSION",
      );
      await ticketRow(t, mine.ticketId);
    });

    await tt.step("an admin deletes it with its messages", async () => {
      const res = await t.request(`/api/tickets/${mine.ticketId}`, { method: "DELETE", token: a.adminToken });
      assert.equal(res.status, 204);
      await expectError(
        await t.request(`/api/tickets/${mine.ticketId}`, { token: a.adminToken }),
        404,
        "ERR_NO_TICKET_FOUND",
      );
    });
  } finally {
    await t.close();
  }
});

Deno.test("[tickets] POST /tickets/closeAll is for admins and stays in the company", async (tt) => {
  const t = await createTestApp();
  try {
    const { a, agent, b, bTicket } = await world(t);
    const q2 = (await createQueue(t, a.company.id, { name: "Suporte" })).id;
    const p1 = await customerSays(t, a.conn, "5511900000011", "oi");
    const p2 = await customerSays(t, a.conn, "5511900000012", "oi");
    const o1 = await customerSays(t, a.conn, "5511900000013", "oi");
    await expectOk(await put(t, a.adminToken, o1.ticketId, { status: "open" }));
    await expectOk(await put(t, a.adminToken, p2.ticketId, { queueId: q2 }));
    await expectOk(await put(t, b.adminToken, bTicket.ticketId, { status: "pending" }));

    await tt.step("a profile user gets 403", async () => {
      await expectError(
        await t.request("/api/tickets/closeAll", {
          method: "POST",
          token: agent.token,
          json: { status: "pending" },
        }),
        403,
        "ERR_NO_PERMISSION",
      );
      assert.equal((await ticketRow(t, p1.ticketId)).status, "pending");
    });

    await tt.step("selectedQueueIds narrows it to those queues", async () => {
      const r = await expectOk<{ closed: number }>(
        await t.request("/api/tickets/closeAll", {
          method: "POST",
          token: a.adminToken,
          json: { status: "pending", selectedQueueIds: [q2] },
        }),
      );
      assert.equal(r.closed, 1);
      assert.equal((await ticketRow(t, p2.ticketId)).status, "closed");
      assert.equal((await ticketRow(t, p1.ticketId)).status, "pending");
    });

    await tt.step("the admin closes every ticket of the status, without farewell", async () => {
      const r = await expectOk<{ closed: number }>(
        await t.request("/api/tickets/closeAll", {
          method: "POST",
          token: a.adminToken,
          json: { status: "pending" },
        }),
      );
      assert.equal(r.closed, 1);
      assert.equal((await ticketRow(t, p1.ticketId)).status, "closed");
      assert.equal((await ticketRow(t, o1.ticketId)).status, "open", "other statuses stay");
      assert.ok((await logTypes(t, p1.ticketId)).includes("closed"));
      assert.equal((await ticketRow(t, bTicket.ticketId)).status, "pending", "another company's stays");
    });

    await tt.step("an invalid status is a validation error", async () => {
      await expectError(
        await t.request("/api/tickets/closeAll", {
          method: "POST",
          token: a.adminToken,
          json: { status: "closed" },
        }),
        400,
        "ERR_VALIDATION",
      );
    });
  } finally {
    await t.close();
  }
});

Deno.test("[tickets] GET /tickets-log/:ticketId", async (tt) => {
  const t = await createTestApp();
  try {
    const { a, agent, outsider, bTicket } = await world(t);
    const mine = await customerSays(t, a.conn, "5511900000004", "oi");
    await expectOk(await put(t, agent.token, mine.ticketId, { status: "open" }));
    await expectOk(
      await put(t, agent.token, mine.ticketId, { status: "closed", sendFarewellMessage: false }),
    );

    await tt.step("another company's ticket answers 404", async () => {
      await expectError(
        await t.request(`/api/tickets-log/${bTicket.ticketId}`, { token: a.adminToken }),
        404,
        "ERR_NO_TICKET_FOUND",
      );
    });

    await tt.step("a user who cannot see the ticket gets 403", async () => {
      await expectError(
        await t.request(`/api/tickets-log/${mine.ticketId}`, { token: outsider.token }),
        403,
        "ERR_NO_PERMISSION",
      );
    });

    await tt.step("the log lists what happened, oldest first, with user and queue", async () => {
      const log = await expectOk<
        { type: string; user: { name: string } | null; queue: { name: string } | null }[]
      >(
        await t.request(`/api/tickets-log/${mine.ticketId}`, { token: agent.token }),
      );
      assert.deepEqual(log.map((l) => l.type), ["create", "queue", "open", "closed"]);
      assert.equal(log[2].user?.name, "Carla");
      assert.equal(log[3].queue?.name, "Vendas");
    });
  } finally {
    await t.close();
  }
});

Deno.test("[tickets] PUT /ticket-tags/:ticketId/:tagId and DELETE /ticket-tags/:ticketId", async (tt) => {
  const t = await createTestApp();
  try {
    const { a, agent, outsider, bTicket, bTag } = await world(t);
    const mine = await customerSays(t, a.conn, "5511900000005", "oi");
    const lane = await insertTag(t, a.company.id, "Lead");
    const lane2 = await insertTag(t, a.company.id, "Proposta");

    await tt.step("another company's ticket or tag answers 404", async () => {
      await expectError(
        await t.request(`/api/ticket-tags/${bTicket.ticketId}/${lane.id}`, {
          method: "PUT",
          token: a.adminToken,
        }),
        404,
        "ERR_NO_TICKET_FOUND",
      );
      await expectError(
        await t.request(`/api/ticket-tags/${mine.ticketId}/${bTag.id}`, {
          method: "PUT",
          token: a.adminToken,
        }),
        404,
        "ERR_NOT_FOUND",
      );
      await expectError(
        await t.request(`/api/ticket-tags/${bTicket.ticketId}`, { method: "DELETE", token: a.adminToken }),
        404,
        "ERR_NO_TICKET_FOUND",
      );
    });

    await tt.step("a user who cannot see the ticket gets 403", async () => {
      await expectError(
        await t.request(`/api/ticket-tags/${mine.ticketId}/${lane.id}`, {
          method: "PUT",
          token: outsider.token,
        }),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectError(
        await t.request(`/api/ticket-tags/${mine.ticketId}`, { method: "DELETE", token: outsider.token }),
        403,
        "ERR_NO_PERMISSION",
      );
    });

    await tt.step("PUT adds the tag (twice is harmless) and answers the ticket", async () => {
      await expectOk(
        await t.request(`/api/ticket-tags/${mine.ticketId}/${lane.id}`, {
          method: "PUT",
          token: agent.token,
        }),
      );
      const tk = await expectOk<Ticket>(
        await t.request(`/api/ticket-tags/${mine.ticketId}/${lane2.id}`, {
          method: "PUT",
          token: agent.token,
        }),
      );
      assert.deepEqual(tk.tags.map((x) => x.name).sort(), ["Lead", "Proposta"]);
      const again = await expectOk<Ticket>(
        await t.request(`/api/ticket-tags/${mine.ticketId}/${lane.id}`, {
          method: "PUT",
          token: agent.token,
        }),
      );
      assert.equal(again.tags.length, 2);
    });

    await tt.step("DELETE removes the ticket's tags", async () => {
      const tk = await expectOk<Ticket>(
        await t.request(`/api/ticket-tags/${mine.ticketId}`, { method: "DELETE", token: agent.token }),
      );
      assert.deepEqual(tk.tags, []);
    });
  } finally {
    await t.close();
  }
});
