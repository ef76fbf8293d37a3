/** GET /api/users, GET /api/users/list, GET /api/users/{id} (spec 2 §2, §7; DESIGN §4). */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { createCompany, createQueue, createUser, login } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";

type Page = { users: Json[]; count: number; hasMore: boolean };

Deno.test("[users] list, search and paging", async (t) => {
  const app = await createTestApp();
  try {
    const { company, admin } = await createCompany(app);
    const other = await createCompany(app);
    // 25 colleagues + the admin = 26 users, names sortable.
    for (let i = 0; i < 25; i++) {
      await createUser(app, company.id, {
        name: `Member ${String(i).padStart(2, "0")}`,
        email: `member${i}.${company.id}@list.test`,
      });
    }
    await createUser(app, other.company.id, { name: "Member Outsider" });
    const adm = await login(app, admin);

    await t.step("401 ERR_UNAUTHENTICATED without a token", async () => {
      await expectError(await app.request("/api/users"), 401, "ERR_UNAUTHENTICATED");
    });

    await t.step("page 1: 20 users, count 26, hasMore; never the password hash", async () => {
      const b = await expectOk<Page>(await app.request("/api/users", { token: adm.token }));
      assert.equal(b.users.length, 20);
      assert.equal(b.count, 26);
      assert.equal(b.hasMore, true);
      for (const u of b.users) {
        assert.equal(u.companyId, company.id);
        assert.equal("passwordHash" in u, false);
        assert.ok(Array.isArray(u.queues));
      }
    });

    await t.step("page 2: the remaining 6, hasMore false; pages do not overlap", async () => {
      const p1 = await expectOk<Page>(await app.request("/api/users?pageNumber=1", { token: adm.token }));
      const p2 = await expectOk<Page>(await app.request("/api/users?pageNumber=2", { token: adm.token }));
      assert.equal(p2.users.length, 6);
      assert.equal(p2.count, 26);
      assert.equal(p2.hasMore, false);
      const ids = new Set([...p1.users, ...p2.users].map((u) => u.id));
      assert.equal(ids.size, 26);
      const p3 = await expectOk<Page>(await app.request("/api/users?pageNumber=3", { token: adm.token }));
      assert.deepEqual(p3, { users: [], count: 26, hasMore: false });
    });

    await t.step("an invalid pageNumber → 400 ERR_VALIDATION", async () => {
      await expectError(
        await app.request("/api/users?pageNumber=0", { token: adm.token }),
        400,
        "ERR_VALIDATION",
      );
      await expectError(
        await app.request("/api/users?pageNumber=x", { token: adm.token }),
        400,
        "ERR_VALIDATION",
      );
    });

    await t.step("searchParam matches name or e-mail, case-insensitively, within the company", async () => {
      const byName = await expectOk<Page>(
        await app.request("/api/users?searchParam=member%2007", { token: adm.token }),
      );
      assert.deepEqual(byName.users.map((u) => u.name), ["Member 07"]);
      assert.equal(byName.count, 1);
      assert.equal(byName.hasMore, false);

      const byEmail = await expectOk<Page>(
        await app.request(`/api/users?searchParam=member12.${company.id}`, { token: adm.token }),
      );
      assert.deepEqual(byEmail.users.map((u) => u.name), ["Member 12"]);

      const all = await expectOk<Page>(
        await app.request("/api/users?searchParam=MEMBER", { token: adm.token }),
      );
      assert.equal(all.count, 25);
      assert.ok(all.users.every((u) => u.companyId === company.id));

      const none = await expectOk<Page>(
        await app.request("/api/users?searchParam=Outsider", { token: adm.token }),
      );
      assert.deepEqual(none, { users: [], count: 0, hasMore: false });
    });

    await t.step("LIKE wildcards in searchParam are literal", async () => {
      const pct = await expectOk<Page>(await app.request("/api/users?searchParam=%25", { token: adm.token }));
      assert.equal(pct.count, 0);
      const underscore = await expectOk<Page>(
        await app.request("/api/users?searchParam=_", { token: adm.token }),
      );
      assert.equal(underscore.count, 0);
    });

    await t.step("a profile user may list colleagues (agent search for transfers)", async () => {
      const u = await createUser(app, company.id);
      const s = await login(app, u);
      const b = await expectOk<Page>(await app.request("/api/users", { token: s.token }));
      assert.equal(b.count, 27);
      assert.ok(b.users.every((x) => x.companyId === company.id));
    });

    await t.step("another company sees only its own users", async () => {
      const s = await login(app, other.admin);
      const b = await expectOk<Page>(await app.request("/api/users", { token: s.token }));
      assert.equal(b.count, 2);
      assert.ok(b.users.every((u) => u.companyId === other.company.id));
    });
  } finally {
    await app.close();
  }
});

Deno.test("[users] GET /users/list", async (t) => {
  const app = await createTestApp();
  try {
    const { company, admin } = await createCompany(app);
    const other = await createCompany(app);
    const q = await createQueue(app, company.id, { name: "Sales" });
    const agent = await createUser(app, company.id, { name: "Agent", queueIds: [q.id] });
    for (let i = 0; i < 22; i++) await createUser(app, company.id);

    await t.step("401 ERR_UNAUTHENTICATED without a token", async () => {
      await expectError(await app.request("/api/users/list"), 401, "ERR_UNAUTHENTICATED");
    });

    await t.step("200: every user of the company, unpaged, with queues", async () => {
      const s = await login(app, admin);
      const b = await expectOk<Json[]>(await app.request("/api/users/list", { token: s.token }));
      assert.ok(Array.isArray(b));
      assert.equal(b.length, 24);
      assert.ok(b.every((u) => u.companyId === company.id && !("passwordHash" in u)));
      const a = b.find((u) => u.id === agent.user.id)!;
      assert.deepEqual(a.queues, [{ id: q.id, name: "Sales", color: q.color }]);
      assert.equal(b.some((u) => u.id === other.admin.user.id), false);
    });

    await t.step("a profile user gets the same list", async () => {
      const s = await login(app, agent);
      const b = await expectOk<Json[]>(await app.request("/api/users/list", { token: s.token }));
      assert.equal(b.length, 24);
    });
  } finally {
    await app.close();
  }
});

Deno.test("[users] GET /users/{id}", async (t) => {
  const app = await createTestApp();
  try {
    const { company, admin } = await createCompany(app);
    const other = await createCompany(app);
    const q = await createQueue(app, company.id);
    const agent = await createUser(app, company.id, { queueIds: [q.id], farewellMessage: "Bye" });
    const colleague = await createUser(app, company.id);
    const adm = await login(app, admin);
    const ag = await login(app, agent);

    await t.step("401 ERR_UNAUTHENTICATED without a token", async () => {
      await expectError(await app.request(`/api/users/${agent.user.id}`), 401, "ERR_UNAUTHENTICATED");
    });

    await t.step("a user reads himself", async () => {
      const b = await expectOk<Json>(await app.request(`/api/users/${agent.user.id}`, { token: ag.token }));
      assert.equal(b.id, agent.user.id);
      assert.equal(b.email, agent.email);
      assert.equal(b.farewellMessage, "Bye");
      assert.deepEqual((b.queues as Json[]).map((x) => x.id), [q.id]);
      assert.equal("passwordHash" in b, false);
    });

    await t.step("an admin reads a colleague", async () => {
      const b = await expectOk<Json>(await app.request(`/api/users/${agent.user.id}`, { token: adm.token }));
      assert.equal(b.id, agent.user.id);
    });

    await t.step("a profile user reading a colleague → 403 ERR_NO_PERMISSION", async () => {
      await expectError(
        await app.request(`/api/users/${colleague.user.id}`, { token: ag.token }),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectError(
        await app.request(`/api/users/${admin.user.id}`, { token: ag.token }),
        403,
        "ERR_NO_PERMISSION",
      );
    });

    await t.step("another company's id → 404 ERR_NO_USER_FOUND, exactly like a missing id", async () => {
      const foreign = await app.request(`/api/users/${other.admin.user.id}`, { token: adm.token });
      const fb = await expectError(foreign, 404, "ERR_NO_USER_FOUND");
      const missing = await app.request(`/api/users/99999999`, { token: adm.token });
      const mb = await expectError(missing, 404, "ERR_NO_USER_FOUND");
      assert.deepEqual(fb, mb);
      // Also for a profile user: the tenant check comes before the role check.
      await expectError(
        await app.request(`/api/users/${other.admin.user.id}`, { token: ag.token }),
        404,
        "ERR_NO_USER_FOUND",
      );
    });

    await t.step("a non-numeric id → 400 ERR_VALIDATION", async () => {
      await expectError(await app.request(`/api/users/abc`, { token: adm.token }), 400, "ERR_VALIDATION");
    });
  } finally {
    await app.close();
  }
});
