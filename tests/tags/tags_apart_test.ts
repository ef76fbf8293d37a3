/**
 * Ticket tags and contact tags are two things: the Tags page's list counts them apart
 * (ticketsCount, contactsCount, beside the spec's fields), and a tag typed in a ticket's picker is
 * created (POST /tags) and applied (PUT /ticket-tags) by any signed-in user.
 */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, createTenant, userOf } from "../_helpers/tenant.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";

type TagsPage = { tags: Json[]; count: number; hasMore: boolean };

Deno.test("[tags] ticket and contact tags apart: counts, create while tagging", async (t) => {
  const app = await createTestApp({ scheduler: false });
  try {
    const a = await createTenant(app, { webhook: null, queues: [{ name: "Vendas" }] });
    const b = await createTenant(app, { webhook: null, queues: [{ name: "B" }] });
    const agent = await userOf(app, a.company.id, { name: "Carla", queueIds: [a.queues[0].id] });
    const req = (path: string, token: string, method = "GET", json?: unknown) =>
      app.request(path, { method, token, json });
    const one = await customerSays(app, a.conn, { number: "5511900000101", name: "Marta" }, "oi");
    const two = await customerSays(app, a.conn, { number: "5511900000102", name: "Rui" }, "olá");
    const theirs = await customerSays(app, b.conn, { number: "5511900000103", name: "Bia" }, "hi");
    const vip = await expectOk<Json>(await req("/api/tags", a.adminToken, "POST", { name: "VIP" }), 201);
    const wholesale = await expectOk<Json>(
      await req("/api/tags", a.adminToken, "POST", { name: "Atacado" }),
      201,
    );
    const foreign = await expectOk<Json>(await req("/api/tags", b.adminToken, "POST", { name: "VIP" }), 201);
    const tagTicket = (ticketId: number, tagId: unknown, token: string) =>
      req(`/api/ticket-tags/${ticketId}/${tagId}`, token, "PUT");

    await t.step("401 without a session", async () => {
      await assertAllNeedAuth(app, [["GET", "/api/tags"], ["GET", "/api/tags/1"], ["POST", "/api/tags"]]);
    });

    await t.step(
      "happy: two tickets and one contact carry VIP → ticketsCount 2, contactsCount 1",
      async () => {
        await expectOk(await tagTicket(one.ticketId, vip.id, a.adminToken));
        await expectOk(await tagTicket(two.ticketId, vip.id, a.adminToken));
        const contact = (await expectOk<Json>(await req(`/api/tickets/${one.ticketId}`, a.adminToken)))
          .contactId;
        await expectOk(
          await req("/api/tags/sync", a.adminToken, "POST", {
            contactId: contact,
            tags: [{ id: vip.id }, { id: wholesale.id }],
          }),
        );
        // The other company's links to its own "VIP" count there, never here.
        await expectOk(await tagTicket(theirs.ticketId, foreign.id, b.adminToken));
        const page = await expectOk<TagsPage>(await req("/api/tags", agent.token));
        const byName = new Map(page.tags.map((x) => [x.name, x]));
        assert.equal(byName.get("VIP")!.ticketsCount, 2);
        assert.equal(byName.get("VIP")!.contactsCount, 1);
        assert.equal(byName.get("Atacado")!.ticketsCount, 0);
        assert.equal(byName.get("Atacado")!.contactsCount, 1);
        // The spec's fields stay.
        for (const key of ["id", "name", "color", "kanban", "timeLane", "nextLaneId", "rollbackLaneId"]) {
          assert.ok(key in byName.get("VIP")!, key);
        }
        assert.deepEqual(Object.keys(page).sort(), ["count", "hasMore", "tags"]);
        const shown = await expectOk<Json>(await req(`/api/tags/${vip.id}`, agent.token));
        assert.equal(shown.ticketsCount, 2);
        assert.equal(shown.contactsCount, 1);
        const theirPage = await expectOk<TagsPage>(await req("/api/tags", b.adminToken));
        assert.deepEqual(theirPage.tags.map((x) => [x.name, x.ticketsCount, x.contactsCount]), [[
          "VIP",
          1,
          0,
        ]]);
      },
    );

    await t.step("cross-company: another company's tag or ticket answers 404", async () => {
      await expectError(await req(`/api/tags/${foreign.id}`, agent.token), 404, "ERR_NOT_FOUND");
      await expectError(await tagTicket(one.ticketId, foreign.id, a.adminToken), 404, "ERR_NOT_FOUND");
      await expectError(await tagTicket(theirs.ticketId, vip.id, a.adminToken), 404, "ERR_NO_TICKET_FOUND");
      const page = await expectOk<TagsPage>(await req(`/api/tags?tagId=${foreign.id}`, a.adminToken));
      assert.equal(page.count, 0);
    });

    await t.step("403: a picker's create is a plain tag; a profile user may not make a lane", async () => {
      await expectError(
        await req("/api/tags", agent.token, "POST", { name: "Nova etapa", kanban: 1 }),
        403,
        "ERR_NO_PERMISSION",
      );
    });

    await t.step("create while tagging: an attendant creates 'Urgente' and applies it", async () => {
      const urgent = await expectOk<Json>(
        await req("/api/tags", agent.token, "POST", { name: "Urgente", kanban: 0 }),
        201,
      );
      assert.equal(urgent.kanban, 0);
      const ticket = await expectOk<Json & { tags: Json[] }>(
        await tagTicket(one.ticketId, urgent.id, agent.token),
      );
      assert.deepEqual(ticket.tags.map((x) => x.name).sort(), ["Urgente", "VIP"]);
      const page = await expectOk<TagsPage>(await req("/api/tags?searchParam=urg", agent.token));
      assert.deepEqual(page.tags.map((x) => [x.name, x.ticketsCount, x.contactsCount]), [["Urgente", 1, 0]]);
    });

    await t.step("a name in use: 409 with the reason tied to the name", async () => {
      const res = await req("/api/tags", agent.token, "POST", { name: "Urgente" });
      const body = await expectError(res, 409, "ERR_CONFLICT");
      assert.deepEqual(body.details, { field: "name", message: "tag_name_taken" });
      await expectError(
        await req("/api/tags", agent.token, "POST", { name: "X".repeat(61) }),
        400,
        "ERR_VALIDATION",
      );
    });
  } finally {
    await app.close();
  }
});
