/**
 * GET /api/contacts/{id}/tickets (the contact page): the contact's conversations across
 * tickets that the viewer may see, with message counts and who resolved them.
 */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, createTenant, userOf } from "../_helpers/tenant.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";

type Row = Json & {
  id: number;
  status: string;
  messageCount: number;
  closedAt: string | null;
  closedBy: { id: number; name: string } | null;
};

Deno.test("[contacts] GET /contacts/{id}/tickets", async (tt) => {
  const t = await createTestApp();
  try {
    await assertAllNeedAuth(t, [["GET", "/api/contacts/1/tickets"]]);
    const a = await createTenant(t, { webhook: null, user: false, queues: [{ name: "Vendas" }] });
    const b = await createTenant(t, { webhook: null, user: false });
    const first = await customerSays(t, a.conn, { number: "5511944440000", name: "Bia" }, "Oi");
    await customerSays(t, a.conn, "5511944440000", "Preciso de ajuda");
    await expectOk(
      await t.request(`/api/tickets/${first.ticketId}`, {
        method: "PUT",
        token: a.adminToken,
        json: { status: "closed" },
      }),
    );
    const second = await customerSays(t, a.conn, "5511944440000", "Voltei");
    const contactId = (await expectOk<Json & { contactId: number }>(
      await t.request(`/api/tickets/${second.ticketId}`, { token: a.adminToken }),
    )).contactId;
    const bIn = await customerSays(t, b.conn, "5511944440000", "B");
    const bContact = (await expectOk<Json & { contactId: number }>(
      await t.request(`/api/tickets/${bIn.ticketId}`, { token: b.adminToken }),
    )).contactId;

    await tt.step("another company's contact answers 404", async () => {
      await expectError(
        await t.request(`/api/contacts/${bContact}/tickets`, { token: a.adminToken }),
        404,
        "ERR_NO_CONTACT_FOUND",
      );
    });

    await tt.step(
      "the admin sees both conversations, newest first; the resolved one says by whom",
      async () => {
        const rows = await expectOk<Row[]>(
          await t.request(`/api/contacts/${contactId}/tickets`, { token: a.adminToken }),
        );
        assert.deepEqual(rows.map((r) => r.id), [second.ticketId, first.ticketId]);
        const closed = rows[1];
        assert.equal(closed.status, "closed");
        assert.equal(closed.messageCount, 2);
        assert.ok(closed.closedAt);
        assert.equal(closed.closedBy?.name, "Admin");
        assert.equal(rows[0].closedBy, null);
      },
    );

    await tt.step("a user outside the queue sees only what is in scope", async () => {
      const outsider = await userOf(t, a.company.id, { allTicket: "disabled" });
      const rows = await expectOk<Row[]>(
        await t.request(`/api/contacts/${contactId}/tickets`, { token: outsider.token }),
      );
      const member = await userOf(t, a.company.id, { allTicket: "enabled", queueIds: [a.queues[0].id] });
      const seen = await expectOk<Row[]>(
        await t.request(`/api/contacts/${contactId}/tickets`, { token: member.token }),
      );
      assert.deepEqual(rows, [], "no queue, no queue-less tickets: nothing of this contact");
      assert.deepEqual(seen.map((r) => r.id), [second.ticketId, first.ticketId]);
    });
  } finally {
    await t.close();
  }
});
