/** POST /api/users (spec 1 §3, §5; spec 2 §5, §6); updates and deletes are in users_update_test.ts. */
import assert from "node:assert/strict";
import { createTestApp, OPERATOR } from "../_helpers/test_app.ts";
import { createCompany, createConnection, createQueue, createUser, login } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";

let n = 0;
const newUser = (o: Json = {}) => ({
  name: "New Person",
  email: `new.${Date.now().toString(36)}.${++n}@users.test`,
  password: "Secret1",
  ...o,
});

Deno.test("[users] POST /users", async (t) => {
  const app = await createTestApp();
  try {
    const { company, admin } = await createCompany(app);
    const other = await createCompany(app);
    const adm = await login(app, admin);
    const agent = await createUser(app, company.id);
    const ag = await login(app, agent);

    await t.step("401 ERR_UNAUTHENTICATED without a token", async () => {
      await expectError(
        await app.request("/api/users", { method: "POST", json: newUser() }),
        401,
        "ERR_UNAUTHENTICATED",
      );
    });

    await t.step("a profile user → 403 ERR_NO_PERMISSION", async () => {
      const input = newUser();
      await expectError(
        await app.request("/api/users", { method: "POST", token: ag.token, json: input }),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectError(
        await app.request("/api/auth/login", {
          method: "POST",
          json: { email: input.email, password: input.password },
        }),
        401,
        "ERR_INVALID_CREDENTIALS",
      );
    });

    await t.step("201 with the least permissions; the new user can log in", async () => {
      const input = newUser({ email: `Upper.${Date.now()}@Users.TEST` });
      const b = await expectOk<Json>(
        await app.request("/api/users", { method: "POST", token: adm.token, json: input }),
        201,
      );
      assert.equal(typeof b.id, "number");
      assert.equal(b.companyId, company.id);
      assert.equal(b.name, "New Person");
      assert.equal(b.email, (input.email as string).toLowerCase());
      assert.equal(b.profile, "user");
      assert.equal(b.super, false);
      assert.equal(b.startWork, "00:00");
      assert.equal(b.endWork, "23:59");
      assert.equal(b.defaultTheme, "light");
      assert.equal(b.defaultMenu, "open");
      assert.equal(b.allowGroup, true);
      for (const k of ["allHistoric", "allUserChat", "userClosePendingTicket"]) {
        assert.equal(b[k], "enabled", k);
      }
      // A new user starts from the least — the admin grants these.
      for (const k of ["allTicket", "showDashboard", "allowRealTime", "allowConnections"]) {
        assert.equal(b[k], "disabled", k);
      }
      assert.equal(b.defaultTicketsManagerWidth, 400);
      assert.equal(b.profileImage, null);
      assert.deepEqual(b.queues, []);
      assert.equal("passwordHash" in b, false);
      assert.equal("password" in b, false);
      const s = await login(app, { email: input.email as string, password: input.password as string });
      assert.equal(s.user.id, b.id);
    });

    await t.step("with the company's queues, a profile, hours and flags", async () => {
      const q1 = await createQueue(app, company.id, { name: "A-Queue" });
      const q2 = await createQueue(app, company.id, { name: "B-Queue" });
      const line = await createConnection(app, company.id);
      const b = await expectOk<Json>(
        await app.request("/api/users", {
          method: "POST",
          token: adm.token,
          json: newUser({
            profile: "admin",
            queueIds: [q2.id, q1.id],
            whatsappId: line.id,
            startWork: "08:00",
            endWork: "18:00",
            allTicket: "disabled",
            allowGroup: false,
            defaultTheme: "dark",
          }),
        }),
        201,
      );
      assert.equal(b.profile, "admin");
      assert.deepEqual((b.queues as Json[]).map((q) => q.id).sort(), [q1.id, q2.id].sort());
      assert.equal(b.whatsappId, line.id);
      assert.equal(b.startWork, "08:00");
      assert.equal(b.allTicket, "disabled");
      assert.equal(b.allowGroup, false);
      assert.equal(b.defaultTheme, "dark");
    });

    await t.step("queueIds of another company → 404 ERR_NOT_FOUND and no user is created", async () => {
      const foreign = await createQueue(app, other.company.id);
      const own = await createQueue(app, company.id);
      const input = newUser({ queueIds: [own.id, foreign.id] });
      await expectError(
        await app.request("/api/users", { method: "POST", token: adm.token, json: input }),
        404,
        "ERR_NOT_FOUND",
      );
      // The same e-mail is still free: the insert was rolled back.
      await expectOk(
        await app.request("/api/users", {
          method: "POST",
          token: adm.token,
          json: { ...input, queueIds: [own.id] },
        }),
        201,
      );
    });

    await t.step("a default connection of another company → 404 ERR_NO_WAPP_FOUND", async () => {
      const foreignLine = await createConnection(app, other.company.id);
      await expectError(
        await app.request("/api/users", {
          method: "POST",
          token: adm.token,
          json: newUser({ whatsappId: foreignLine.id }),
        }),
        404,
        "ERR_NO_WAPP_FOUND",
      );
    });

    await t.step("duplicate e-mail (any case, any company) → 409 ERR_EMAIL_IN_USE", async () => {
      await expectError(
        await app.request("/api/users", {
          method: "POST",
          token: adm.token,
          json: newUser({ email: agent.email.toUpperCase() }),
        }),
        409,
        "ERR_EMAIL_IN_USE",
      );
      await expectError(
        await app.request("/api/users", {
          method: "POST",
          token: adm.token,
          json: newUser({ email: other.admin.email }),
        }),
        409,
        "ERR_EMAIL_IN_USE",
      );
    });

    await t.step("validation (spec 1 §5) → 400 ERR_VALIDATION with the field in details", async () => {
      const cases: [string, Json][] = [
        ["name", { name: "A" }],
        ["name", { name: "x".repeat(51) }],
        ["name", { name: undefined }],
        ["email", { email: "not-an-email" }],
        ["email", { email: undefined }],
        ["password", { password: "1234" }],
        ["password", { password: "x".repeat(51) }],
        ["profile", { profile: "root" }],
        ["startWork", { startWork: "25:00" }],
        ["allTicket", { allTicket: "maybe" }],
        ["defaultTheme", { defaultTheme: "blue" }],
      ];
      for (const [field, patch] of cases) {
        const b = await expectError(
          await app.request("/api/users", { method: "POST", token: adm.token, json: newUser(patch) }),
          400,
          "ERR_VALIDATION",
        );
        assert.ok((b.details as Json[]).some((d) => d.path === field), `${field}: ${JSON.stringify(b)}`);
      }
    });

    await t.step("an admin may not create a super user → 403; the operator may", async () => {
      await expectError(
        await app.request("/api/users", { method: "POST", token: adm.token, json: newUser({ super: true }) }),
        403,
        "ERR_NO_PERMISSION",
      );
      const op = await login(app, OPERATOR);
      const b = await expectOk<Json>(
        await app.request("/api/users", { method: "POST", token: op.token, json: newUser({ super: true }) }),
        201,
      );
      assert.equal(b.super, true);
      assert.equal(b.companyId, 1);
    });

    await t.step("a body companyId is ignored: the user lands in the admin's company", async () => {
      const b = await expectOk<Json>(
        await app.request("/api/users", {
          method: "POST",
          token: adm.token,
          json: newUser({ companyId: other.company.id }),
        }),
        201,
      );
      assert.equal(b.companyId, company.id);
    });
  } finally {
    await app.close();
  }
});

Deno.test("[users] POST /users respects the plan's user limit", async (t) => {
  const app = await createTestApp();
  try {
    const { admin } = await createCompany(app, { plan: { users: 3 } });
    const adm = await login(app, admin);

    await t.step("up to the limit → 201, one more → 403 ERR_PLAN_LIMIT_REACHED", async () => {
      await expectOk(
        await app.request("/api/users", { method: "POST", token: adm.token, json: newUser() }),
        201,
      );
      await expectOk(
        await app.request("/api/users", { method: "POST", token: adm.token, json: newUser() }),
        201,
      );
      const input = newUser();
      const b = await expectError(
        await app.request("/api/users", { method: "POST", token: adm.token, json: input }),
        403,
        "ERR_PLAN_LIMIT_REACHED",
      );
      assert.deepEqual(b.details, { limit: "users", max: 3 });
      const list = await expectOk<{ count: number }>(await app.request("/api/users", { token: adm.token }));
      assert.equal(list.count, 3);
    });

    await t.step("deleting a user frees a seat", async () => {
      const list = await expectOk<{ users: Json[] }>(await app.request("/api/users", { token: adm.token }));
      const victim = list.users.find((u) => u.id !== admin.user.id)!;
      assert.equal(
        (await app.request(`/api/users/${victim.id}`, { method: "DELETE", token: adm.token })).status,
        204,
      );
      await expectOk(
        await app.request("/api/users", { method: "POST", token: adm.token, json: newUser() }),
        201,
      );
    });

    await t.step("concurrent creations never exceed the limit", async () => {
      const { admin: a2 } = await createCompany(app, { plan: { users: 3 } });
      const s = await login(app, a2);
      const results = await Promise.all(
        Array.from(
          { length: 5 },
          () => app.request("/api/users", { method: "POST", token: s.token, json: newUser() }),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      await Promise.all(results.map((r) => r.body?.cancel()));
      assert.deepEqual(statuses, [201, 201, 403, 403, 403]);
    });
  } finally {
    await app.close();
  }
});
