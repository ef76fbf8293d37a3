/**
 * PUT /api/users/{id} (spec 1 §3, §5, §6; spec 2 §5, §6). DELETE: users_delete_test.ts.
 */
import assert from "node:assert/strict";
import { createTestApp, OPERATOR } from "../_helpers/test_app.ts";
import { createCompany, createConnection, createQueue, createUser, login } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";

Deno.test("[users] PUT /users/{id}", async (t) => {
  const app = await createTestApp();
  try {
    const { company, admin } = await createCompany(app);
    const other = await createCompany(app);
    const q1 = await createQueue(app, company.id);
    const q2 = await createQueue(app, company.id);
    const adm = await login(app, admin);

    await t.step("401 ERR_UNAUTHENTICATED without a token", async () => {
      await expectError(
        await app.request(`/api/users/${admin.user.id}`, { method: "PUT", json: { name: "X Y" } }),
        401,
        "ERR_UNAUTHENTICATED",
      );
    });

    await t.step("a profile user edits his own name, password and theme", async () => {
      const u = await createUser(app, company.id, { queueIds: [q1.id] });
      const s = await login(app, u);
      const b = await expectOk<Json>(
        await app.request(`/api/users/${u.user.id}`, {
          method: "PUT",
          token: s.token,
          json: { name: "Renamed Self", password: "Fresh#123", defaultTheme: "dark", defaultMenu: "closed" },
        }),
      );
      assert.equal(b.name, "Renamed Self");
      assert.equal(b.defaultTheme, "dark");
      assert.equal(b.defaultMenu, "closed");
      assert.equal(b.profile, "user");
      await login(app, { email: u.email, password: "Fresh#123" });
    });

    await t.step("the form resends unchanged privileged values: accepted", async () => {
      const u = await createUser(app, company.id, { queueIds: [q1.id, q2.id] });
      const s = await login(app, u);
      const b = await expectOk<Json>(
        await app.request(`/api/users/${u.user.id}`, {
          method: "PUT",
          token: s.token,
          json: {
            name: "Same Flags",
            profile: "user",
            queueIds: [q2.id, q1.id],
            allTicket: "enabled",
            startWork: "00:00",
            endWork: "23:59",
            password: "",
          },
        }),
      );
      assert.equal(b.name, "Same Flags");
      await login(app, u); // an empty password keeps the old one
    });

    await t.step("a profile user making himself admin, or changing queues or flags → 403", async () => {
      const u = await createUser(app, company.id, { queueIds: [q1.id] });
      const s = await login(app, u);
      for (
        const patch of [
          { profile: "admin" },
          { queueIds: [q1.id, q2.id] },
          { queueIds: [] },
          { allTicket: "disabled" },
          { showDashboard: "disabled" },
          { allowConnections: "disabled" },
          { allowGroup: false },
          { startWork: "08:00" },
          { whatsappId: 1 },
          { super: true },
        ]
      ) {
        await expectError(
          await app.request(`/api/users/${u.user.id}`, { method: "PUT", token: s.token, json: patch }),
          403,
          "ERR_NO_PERMISSION",
        );
      }
      const me = await expectOk<Json>(await app.request(`/api/users/${u.user.id}`, { token: s.token }));
      assert.equal(me.profile, "user");
      assert.deepEqual((me.queues as Json[]).map((q) => q.id), [q1.id]);
    });

    await t.step("a profile user editing a colleague → 403", async () => {
      const u = await createUser(app, company.id);
      const colleague = await createUser(app, company.id);
      const s = await login(app, u);
      await expectError(
        await app.request(`/api/users/${colleague.user.id}`, {
          method: "PUT",
          token: s.token,
          json: { name: "Hacked" },
        }),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectError(
        await app.request(`/api/users/${colleague.user.id}`, {
          method: "PUT",
          token: s.token,
          json: { password: "Hijack#1" },
        }),
        403,
        "ERR_NO_PERMISSION",
      );
      await login(app, colleague);
    });

    await t.step("an admin changes another user's profile, queues and flags", async () => {
      const u = await createUser(app, company.id, { queueIds: [q1.id] });
      const line = await createConnection(app, company.id);
      const b = await expectOk<Json>(
        await app.request(`/api/users/${u.user.id}`, {
          method: "PUT",
          token: adm.token,
          json: { profile: "admin", queueIds: [q2.id], allTicket: "disabled", whatsappId: line.id },
        }),
      );
      assert.equal(b.profile, "admin");
      assert.deepEqual((b.queues as Json[]).map((q) => q.id), [q2.id]);
      assert.equal(b.allTicket, "disabled");
      assert.equal(b.whatsappId, line.id);
      // The new profile applies to the user's live session at once.
      const s = await login(app, u);
      await expectOk(await app.request("/api/settings", { token: s.token }));
    });

    await t.step("queues or a connection of another company → 404, nothing changes", async () => {
      const u = await createUser(app, company.id, { queueIds: [q1.id] });
      const foreign = await createQueue(app, other.company.id);
      await expectError(
        await app.request(`/api/users/${u.user.id}`, {
          method: "PUT",
          token: adm.token,
          json: { name: "Should Not Stick", queueIds: [foreign.id] },
        }),
        404,
        "ERR_NOT_FOUND",
      );
      const foreignLine = await createConnection(app, other.company.id);
      await expectError(
        await app.request(`/api/users/${u.user.id}`, {
          method: "PUT",
          token: adm.token,
          json: { whatsappId: foreignLine.id },
        }),
        404,
        "ERR_NO_WAPP_FOUND",
      );
      const b = await expectOk<Json>(await app.request(`/api/users/${u.user.id}`, { token: adm.token }));
      assert.notEqual(b.name, "Should Not Stick");
      assert.deepEqual((b.queues as Json[]).map((q) => q.id), [q1.id]);
      assert.equal(b.whatsappId, null);
    });

    await t.step("another company's user id → 404 ERR_NO_USER_FOUND", async () => {
      await expectError(
        await app.request(`/api/users/${other.admin.user.id}`, {
          method: "PUT",
          token: adm.token,
          json: { name: "Mine" },
        }),
        404,
        "ERR_NO_USER_FOUND",
      );
      await expectError(
        await app.request(`/api/users/99999999`, { method: "PUT", token: adm.token, json: { name: "Mine" } }),
        404,
        "ERR_NO_USER_FOUND",
      );
      await login(app, other.admin);
    });

    await t.step("only a super user may set `super`", async () => {
      const u = await createUser(app, company.id);
      await expectError(
        await app.request(`/api/users/${u.user.id}`, {
          method: "PUT",
          token: adm.token,
          json: { super: true },
        }),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectError(
        await app.request(`/api/users/${admin.user.id}`, {
          method: "PUT",
          token: adm.token,
          json: { super: true },
        }),
        403,
        "ERR_NO_PERMISSION",
      );
      const op = await login(app, OPERATOR);
      const staff = await createUser(app, 1);
      const b = await expectOk<Json>(
        await app.request(`/api/users/${staff.user.id}`, {
          method: "PUT",
          token: op.token,
          json: { super: true },
        }),
      );
      assert.equal(b.super, true);
    });

    await t.step("a non-super admin of the operator's company cannot take over a super user", async () => {
      const op = await login(app, OPERATOR);
      const staffAdmin = await createUser(app, 1, { profile: "admin" });
      const superUser = await createUser(app, 1, { super: true, profile: "admin" });
      const s = await login(app, staffAdmin);
      for (
        const patch of [{ password: "Taken#123" }, { email: `takeover.${Date.now()}@evil.test` }, {
          name: "Owned",
        }]
      ) {
        await expectError(
          await app.request(`/api/users/${superUser.user.id}`, {
            method: "PUT",
            token: s.token,
            json: patch,
          }),
          403,
          "ERR_NO_PERMISSION",
        );
      }
      await expectError(
        await app.request(`/api/users/${superUser.user.id}`, { method: "DELETE", token: s.token }),
        403,
        "ERR_NO_PERMISSION",
      );
      await login(app, superUser);
      // The operator himself still manages super users.
      await expectOk(
        await app.request(`/api/users/${superUser.user.id}`, {
          method: "PUT",
          token: op.token,
          json: { name: "Ok" },
        }),
      );
    });

    await t.step("duplicate e-mail → 409 ERR_EMAIL_IN_USE; validation → 400", async () => {
      const u = await createUser(app, company.id);
      const s = await login(app, u);
      await expectError(
        await app.request(`/api/users/${u.user.id}`, {
          method: "PUT",
          token: s.token,
          json: { email: admin.email },
        }),
        409,
        "ERR_EMAIL_IN_USE",
      );
      for (const patch of [{ name: "A" }, { email: "nope" }, { password: "123" }]) {
        await expectError(
          await app.request(`/api/users/${u.user.id}`, { method: "PUT", token: s.token, json: patch }),
          400,
          "ERR_VALIDATION",
        );
      }
    });
  } finally {
    await app.close();
  }
});
