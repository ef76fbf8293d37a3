/**
 * DELETE /api/users/{id} (spec 1 §3, §5, §6; spec 2 §5, §6). PUT: users_update_test.ts.
 */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { createCompany, createQueue, createUser, login } from "../_helpers/factories.ts";
import { expectError, expectOk } from "../_helpers/http.ts";

Deno.test("[users] DELETE /users/{id}", async (t) => {
  const app = await createTestApp();
  try {
    const { company, admin } = await createCompany(app);
    const other = await createCompany(app);
    const adm = await login(app, admin);

    await t.step("401 ERR_UNAUTHENTICATED without a token", async () => {
      await expectError(
        await app.request(`/api/users/${admin.user.id}`, { method: "DELETE" }),
        401,
        "ERR_UNAUTHENTICATED",
      );
    });

    await t.step("a profile user → 403 ERR_NO_PERMISSION (colleague or himself)", async () => {
      const u = await createUser(app, company.id);
      const colleague = await createUser(app, company.id);
      const s = await login(app, u);
      await expectError(
        await app.request(`/api/users/${colleague.user.id}`, { method: "DELETE", token: s.token }),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectError(
        await app.request(`/api/users/${u.user.id}`, { method: "DELETE", token: s.token }),
        403,
        "ERR_NO_PERMISSION",
      );
    });

    await t.step("an admin cannot delete himself → 403", async () => {
      await expectError(
        await app.request(`/api/users/${admin.user.id}`, { method: "DELETE", token: adm.token }),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectOk(await app.request("/api/auth/me", { token: adm.token }));
    });

    await t.step("another company's id → 404 ERR_NO_USER_FOUND and the user survives", async () => {
      await expectError(
        await app.request(`/api/users/${other.admin.user.id}`, { method: "DELETE", token: adm.token }),
        404,
        "ERR_NO_USER_FOUND",
      );
      await expectError(
        await app.request(`/api/users/99999999`, { method: "DELETE", token: adm.token }),
        404,
        "ERR_NO_USER_FOUND",
      );
      await login(app, other.admin);
    });

    await t.step("204; the user is gone and his session dies with him", async () => {
      const q = await createQueue(app, company.id);
      const u = await createUser(app, company.id, { queueIds: [q.id] });
      const s = await login(app, u);
      const res = await app.request(`/api/users/${u.user.id}`, { method: "DELETE", token: adm.token });
      assert.equal(res.status, 204);
      await expectError(
        await app.request(`/api/users/${u.user.id}`, { token: adm.token }),
        404,
        "ERR_NO_USER_FOUND",
      );
      await expectError(await app.request("/api/auth/me", { token: s.token }), 401, "ERR_SESSION_REVOKED");
      await expectError(
        await app.request("/api/auth/login", {
          method: "POST",
          json: { email: u.email, password: u.password },
        }),
        401,
        "ERR_INVALID_CREDENTIALS",
      );
      // The e-mail can be reused.
      await expectOk(
        await app.request("/api/users", {
          method: "POST",
          token: adm.token,
          json: { name: "Reborn", email: u.email, password: "Secret1" },
        }),
        201,
      );
    });
  } finally {
    await app.close();
  }
});
