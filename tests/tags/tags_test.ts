/** Tags, kanban lanes and contact tagging (spec 1 §7, spec 2 §2, §3, §5, §7; DESIGN §4). */
import assert from "node:assert/strict";
import { contacts, tickets, ticketTags } from "@db/schema.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { createUser, login } from "../_helpers/factories.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";

async function contact(t: TestApp, companyId: number, name: string, number: string) {
  const [c] = await t.deps.database.write((tx) =>
    tx.insert(contacts).values({ companyId, name, number }).returning()
  );
  return c;
}

Deno.test("[tags] CRUD, kanban lanes, permissions and tenancy", async (t) => {
  const app = await createTestApp();
  try {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const noKanban = await createTenant(app, { plan: { useKanban: false } });
    const colleague = await login(app, await createUser(app, a.company.id, { profile: "user" }));
    const req = (path: string, token: string, method = "GET", json?: unknown) =>
      app.request(path, { method, token, json });
    const [foreignTag] = [
      await expectOk<Json>(await req("/api/tags", b.adminToken, "POST", { name: "Foreign" }), 201),
    ];

    await t.step("401 ERR_UNAUTHENTICATED on every route without a token", async () => {
      await assertAllNeedAuth(app, [
        ["GET", "/api/tags"],
        ["GET", "/api/tags/list"],
        ["GET", "/api/tags/1"],
        ["POST", "/api/tags"],
        ["PUT", "/api/tags/1"],
        ["DELETE", "/api/tags/1"],
        ["POST", "/api/tags/sync"],
        ["DELETE", "/api/tags-contacts/1/1"],
        ["GET", "/api/contactTags/1"],
        ["GET", "/api/tag/kanban"],
      ]);
    });

    let tagId = 0;
    await t.step("a profile user creates a tag; the colour defaults to a random hex", async () => {
      const tag = await expectOk<Json>(
        await req("/api/tags", a.userToken, "POST", { name: "Cliente VIP" }),
        201,
      );
      tagId = tag.id as number;
      assert.match(String(tag.color), /^#[0-9a-f]{6}$/);
      assert.equal(tag.kanban, 0);
      assert.equal(tag.timeLane, 0);
      assert.equal(tag.companyId, a.company.id);
    });

    await t.step("validation: name under 3, bad colour → 400; same name → 409 ERR_CONFLICT", async () => {
      await expectError(await req("/api/tags", a.userToken, "POST", { name: "ab" }), 400, "ERR_VALIDATION");
      await expectError(
        await req("/api/tags", a.userToken, "POST", { name: "Valid", color: "red" }),
        400,
        "ERR_VALIDATION",
      );
      await expectError(
        await req("/api/tags", a.userToken, "POST", { name: "Cliente VIP" }),
        409,
        "ERR_CONFLICT",
      );
    });

    let laneA = 0, laneB = 0;
    await t.step(
      "kanban lanes: profile user → 403; admin creates; plan without kanban → 403 ERR_PLAN_FEATURE",
      async () => {
        await expectError(
          await req("/api/tags", a.userToken, "POST", { name: "Lane 1", kanban: 1 }),
          403,
          "ERR_NO_PERMISSION",
        );
        await expectError(
          await req("/api/tags", noKanban.adminToken, "POST", { name: "Lane 1", kanban: 1 }),
          403,
          "ERR_PLAN_FEATURE",
        );
        laneB = (await expectOk<Json>(
          await req("/api/tags", a.adminToken, "POST", { name: "Lane 2", kanban: 1, color: "#00FF00" }),
          201,
        )).id as number;
        const lane = await expectOk<Json>(
          await req("/api/tags", a.adminToken, "POST", {
            name: "Lane 1",
            kanban: 1,
            timeLane: 24,
            nextLaneId: laneB,
            greetingMessageLane: "Hi",
          }),
          201,
        );
        laneA = lane.id as number;
        assert.equal(lane.nextLaneId, laneB);
        assert.equal(lane.kanban, 1);
      },
    );

    await t.step("lanes must be kanban tags of the company, not itself", async () => {
      await expectError(
        await req("/api/tags", a.adminToken, "POST", { name: "Lane 3", kanban: 1, nextLaneId: tagId }),
        404,
        "ERR_NOT_FOUND",
      );
      await expectError(
        await req("/api/tags", a.adminToken, "POST", {
          name: "Lane 3",
          kanban: 1,
          rollbackLaneId: foreignTag.id,
        }),
        404,
        "ERR_NOT_FOUND",
      );
      await expectError(
        await req(`/api/tags/${laneA}`, a.adminToken, "PUT", { nextLaneId: laneA }),
        400,
        "ERR_VALIDATION",
      );
    });

    await t.step("GET /tags pages with counts, kanban filter and search", async () => {
      const c1 = await contact(app, a.company.id, "Tagged", "5511900001111");
      await expectOk(
        await req("/api/tags/sync", a.userToken, "POST", { contactId: c1.id, tags: [{ id: tagId }] }),
      );
      const [tk] = await app.deps.database.write((tx) =>
        tx.insert(tickets).values({ companyId: a.company.id, contactId: c1.id }).returning()
      );
      await app.deps.database.write((tx) =>
        tx.insert(ticketTags).values({ companyId: a.company.id, ticketId: tk.id, tagId: laneA })
      );
      const all = await expectOk<{ tags: Json[]; count: number; hasMore: boolean }>(
        await req("/api/tags", a.userToken),
      );
      assert.equal(all.count, 3);
      assert.equal(all.hasMore, false);
      const vip = all.tags.find((x) => x.id === tagId)!;
      assert.equal(vip.contactsCount, 1);
      assert.equal(vip.ticketsCount, 0);
      assert.equal(all.tags.find((x) => x.id === laneA)!.ticketsCount, 1);
      const lanes = await expectOk<{ tags: Json[] }>(await req("/api/tags?kanban=1", a.userToken));
      // Lanes come in the board's order: new lanes last (Lane 2 was made first), not by name.
      assert.deepEqual(lanes.tags.map((x) => x.name), ["Lane 2", "Lane 1"]);
      const found = await expectOk<{ tags: Json[] }>(await req("/api/tags?searchParam=vip", a.userToken));
      assert.deepEqual(found.tags.map((x) => x.id), [tagId]);
      const none = await expectOk<{ count: number }>(await req("/api/tags?searchParam=%25", a.userToken));
      assert.equal(none.count, 0);
      await expectError(await req("/api/tags?kanban=2", a.userToken), 400, "ERR_VALIDATION");
    });

    await t.step("GET /tags/list, /tag/kanban and /tags/:id (with contacts); foreign id → 404", async () => {
      const list = await expectOk<Json[]>(await req("/api/tags/list?kanban=0", a.userToken));
      assert.deepEqual(list.map((x) => x.id), [tagId]);
      assert.equal((await expectOk<Json[]>(await req("/api/tags/list", a.userToken))).length, 3);
      const kanban = await expectOk<{ lista: Json[] }>(await req("/api/tag/kanban", a.userToken));
      assert.deepEqual(kanban.lista.map((x) => x.id).sort(), [laneA, laneB].sort());
      const shown = await expectOk<Json>(await req(`/api/tags/${tagId}`, a.userToken));
      assert.deepEqual((shown.contacts as Json[]).map((c) => c.name), ["Tagged"]);
      assert.deepEqual(Object.keys((shown.contacts as Json[])[0]).sort(), ["id", "name", "number"]);
      await expectError(await req(`/api/tags/${foreignTag.id}`, a.userToken), 404, "ERR_NOT_FOUND");
    });

    await t.step(
      "PUT: the creator or an admin; another user → 403; lanes admin only; foreign → 404",
      async () => {
        const mine = await expectOk<Json>(
          await req(`/api/tags/${tagId}`, a.userToken, "PUT", { color: "#123456" }),
        );
        assert.equal(mine.color, "#123456");
        await expectError(
          await req(`/api/tags/${tagId}`, colleague.token, "PUT", { name: "Hijack" }),
          403,
          "ERR_NO_PERMISSION",
        );
        await expectError(
          await req(`/api/tags/${tagId}`, a.userToken, "PUT", { kanban: 1 }),
          403,
          "ERR_NO_PERMISSION",
        );
        await expectError(
          await req(`/api/tags/${laneA}`, a.userToken, "PUT", { timeLane: 1 }),
          403,
          "ERR_NO_PERMISSION",
        );
        const lane = await expectOk<Json>(
          await req(`/api/tags/${laneA}`, a.adminToken, "PUT", { timeLane: 48, rollbackLaneId: laneB }),
        );
        assert.equal(lane.timeLane, 48);
        assert.equal(lane.rollbackLaneId, laneB);
        await expectError(
          await req(`/api/tags/${foreignTag.id}`, a.adminToken, "PUT", { name: "Mine now" }),
          404,
          "ERR_NOT_FOUND",
        );
        await expectError(
          await req(`/api/tags/${tagId}`, a.userToken, "PUT", { name: "x" }),
          400,
          "ERR_VALIDATION",
        );
      },
    );

    await t.step("DELETE: profile user → 403; admin → 204; foreign → 404", async () => {
      await expectError(await req(`/api/tags/${laneB}`, a.userToken, "DELETE"), 403, "ERR_NO_PERMISSION");
      await expectError(
        await req(`/api/tags/${foreignTag.id}`, a.adminToken, "DELETE"),
        404,
        "ERR_NOT_FOUND",
      );
      assert.equal((await req(`/api/tags/${laneB}`, a.adminToken, "DELETE")).status, 204);
      const lane = await expectOk<Json>(await req(`/api/tags/${laneA}`, a.adminToken));
      assert.equal(lane.nextLaneId, null);
    });
  } finally {
    await app.close();
  }
});
