/** POST /api/auth/signup (spec 3 §5, §7: a company on plan 1 with a 15-day trial). */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { companies, users } from "@db/schema.ts";
import { createTestApp, OPERATOR } from "../_helpers/test_app.ts";
import { createCompany, createUser, login } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { outbox } from "./_support.ts";

let n = 0;
const fresh = () => {
  const id = `${Date.now().toString(36)}${++n}`;
  return {
    companyName: `Acme ${id}`,
    name: "Ana Lima",
    email: `ana.${id}@acme.test`,
    password: "Pass#2026",
    phone: "+55 (11) 98888-7777",
    planId: 1,
  };
};

Deno.test("[auth] signup", async (t) => {
  // 01:30 UTC on 10 March is still 9 March (22:30) in São Paulo: the trial counts from there.
  const clock = new ManualClock("2026-03-10T01:30:00Z");
  const app = await createTestApp({ clock });
  try {
    await t.step("201; company on plan 1, due today+15 in America/Sao_Paulo; its admin logs in", async () => {
      const input = fresh();
      const res = await app.request("/api/auth/signup", { method: "POST", json: input });
      const b = await expectOk<{ companyId: number; userId: number }>(res, 201);
      assert.equal(typeof b.companyId, "number");
      assert.equal(typeof b.userId, "number");
      assert.equal(res.headers.get("set-cookie"), null, "signup does not open a session");

      const [c] = await app.deps.db.select().from(companies).where(eq(companies.id, b.companyId));
      assert.equal(c.name, input.companyName);
      assert.equal(c.planId, 1);
      assert.equal(c.dueDate, "2026-03-24");
      assert.equal(c.recurrence, "MENSAL");
      assert.equal(c.timezone, "America/Sao_Paulo");
      assert.equal(c.phone, "5511988887777");
      assert.equal(c.status, true);

      const [u] = await app.deps.db.select().from(users).where(eq(users.id, b.userId));
      assert.equal(u.companyId, b.companyId);
      assert.equal(u.profile, "admin");
      assert.equal(u.super, false);
      assert.notEqual(u.passwordHash, input.password);

      const s = await login(app, { email: input.email, password: input.password });
      const company = s.user.company as Json;
      assert.equal(company.id, b.companyId);
      assert.equal(company.dueDate, "2026-03-24");
      assert.equal((company.plan as Json).id, 1);
      // The trial is active: the admin reaches tenant routes and sees only himself.
      const list = await expectOk<{ users: Json[]; count: number }>(
        await app.request("/api/users", { token: s.token }),
      );
      assert.equal(list.count, 1);
      assert.equal(list.users[0].email, input.email);
    });

    await t.step("a welcome mail goes to the new admin, without the password", async () => {
      const input = fresh();
      await expectOk(await app.request("/api/auth/signup", { method: "POST", json: input }), 201);
      const mails = (await outbox(app)).filter((m) => m.to === input.email);
      assert.equal(mails.length, 1);
      assert.equal(mails[0].raw.includes(input.password), false);
    });

    await t.step("the e-mail is stored lower-cased", async () => {
      const input = { ...fresh(), email: `Mixed.${Date.now()}@Acme.TEST` };
      const b = await expectOk<{ userId: number }>(
        await app.request("/api/auth/signup", { method: "POST", json: input }),
        201,
      );
      const [u] = await app.deps.db.select().from(users).where(eq(users.id, b.userId));
      assert.equal(u.email, input.email.toLowerCase());
    });

    await t.step("a duplicate e-mail → 409 ERR_EMAIL_IN_USE and no company is left behind", async () => {
      const { admin } = await createCompany(app);
      const input = { ...fresh(), email: admin.email.toUpperCase() };
      await expectError(
        await app.request("/api/auth/signup", { method: "POST", json: input }),
        409,
        "ERR_EMAIL_IN_USE",
      );
      const left = await app.deps.db.select().from(companies).where(eq(companies.name, input.companyName));
      assert.equal(left.length, 0);
    });

    await t.step("a duplicate company name → 409 ERR_CONFLICT", async () => {
      const first = fresh();
      await expectOk(await app.request("/api/auth/signup", { method: "POST", json: first }), 201);
      const second = { ...fresh(), companyName: first.companyName };
      const b = await expectError(
        await app.request("/api/auth/signup", { method: "POST", json: second }),
        409,
        "ERR_CONFLICT",
      );
      assert.deepEqual(b.details, { field: "companyName" });
    });

    await t.step("validation (spec 3 §5) → 400 ERR_VALIDATION", async () => {
      for (
        const [field, bad] of [
          ["name", "A"],
          ["name", "x".repeat(51)],
          ["companyName", ""],
          ["email", "not-an-email"],
          ["password", "1234"],
          ["password", "x".repeat(51)],
        ] as const
      ) {
        const res = await app.request("/api/auth/signup", {
          method: "POST",
          json: { ...fresh(), [field]: bad },
        });
        const b = await expectError(res, 400, "ERR_VALIDATION");
        assert.ok((b.details as Json[]).some((d) => d.path === field), `${field}: ${JSON.stringify(b)}`);
      }
    });

    await t.step("refused with 403 ERR_USER_CREATION_DISABLED when the operator disables it", async () => {
      const op = await login(app, OPERATOR);
      const { admin } = await createCompany(app);
      const adm = await login(app, admin);
      // A tenant admin may not flip the platform switch.
      await expectError(
        await app.request("/api/settings/userCreation", {
          method: "PUT",
          token: adm.token,
          json: { value: "disabled" },
        }),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectOk(
        await app.request("/api/settings/userCreation", {
          method: "PUT",
          token: op.token,
          json: { value: "disabled" },
        }),
      );
      const input = fresh();
      await expectError(
        await app.request("/api/auth/signup", { method: "POST", json: input }),
        403,
        "ERR_USER_CREATION_DISABLED",
      );
      const left = await app.deps.db.select().from(users).where(eq(users.email, input.email));
      assert.equal(left.length, 0);

      await expectOk(
        await app.request("/api/settings/userCreation", {
          method: "PUT",
          token: op.token,
          json: { value: "enabled" },
        }),
      );
      await expectOk(await app.request("/api/auth/signup", { method: "POST", json: fresh() }), 201);
    });

    await t.step("signing up with a taken e-mail does not touch the existing account", async () => {
      const { company } = await createCompany(app);
      const u = await createUser(app, company.id);
      await expectError(
        await app.request("/api/auth/signup", {
          method: "POST",
          json: { ...fresh(), email: u.email, password: "Other#9999" },
        }),
        409,
        "ERR_EMAIL_IN_USE",
      );
      await login(app, u);
    });
  } finally {
    await app.close();
  }
});
