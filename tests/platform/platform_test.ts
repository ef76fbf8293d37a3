/** GET /api/health, GET /api/version, GET /api/plans/list (DESIGN §2; spec 1 §7, spec 3 §7). */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { plans } from "@db/schema.ts";
import { createTestApp, OPERATOR } from "../_helpers/test_app.ts";
import { createCompany, createPlan, login } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";

Deno.test("[platform] health and version", async (t) => {
  const app = await createTestApp();
  try {
    await t.step("GET /api/health → {status: ok, version} without a session", async () => {
      const res = await app.request("/api/health");
      assert.match(res.headers.get("content-type") ?? "", /application\/json/);
      assert.deepEqual(await expectOk(res), { status: "ok", version: "6.0.0" });
    });

    await t.step("GET /api/version → {version} without a session", async () => {
      assert.deepEqual(await expectOk(await app.request("/api/version")), { version: "6.0.0" });
    });

    await t.step("a bad token does not break the public endpoints", async () => {
      assert.equal((await app.request("/api/health", { token: "garbage" })).status, 200);
      assert.equal((await app.request("/api/version", { token: "garbage" })).status, 200);
    });

    await t.step("the health answer does not depend on the tenant's subscription", async () => {
      const { admin } = await createCompany(app, { dueDate: "2000-01-01" });
      const s = await login(app, admin);
      assert.equal((await app.request("/api/health", { token: s.token })).status, 200);
    });
  } finally {
    await app.close();
  }
});

Deno.test("[platform] GET /api/plans/list", async (t) => {
  const app = await createTestApp();
  try {
    const cheap = await createPlan(app, { amount: 49.9, isPublic: true, useCampaigns: false });
    const pricey = await createPlan(app, { amount: 199, isPublic: true });
    const hidden = await createPlan(app, { amount: 10, isPublic: false });

    await t.step("public, no session: the public plans plus plan 1 (trial), cheapest first", async () => {
      const b = await expectOk<Json[]>(await app.request("/api/plans/list"));
      assert.ok(Array.isArray(b));
      const ids = b.map((p) => p.id);
      assert.ok(ids.includes(1), "plan 1 is offered for the trial");
      assert.ok(ids.includes(cheap.id));
      assert.ok(ids.includes(pricey.id));
      assert.equal(ids.includes(hidden.id), false);
      const amounts = b.map((p) => p.amount as number);
      assert.deepEqual(amounts, [...amounts].sort((x, y) => x - y));
      const c = b.find((p) => p.id === cheap.id)!;
      assert.equal(c.name, cheap.name);
      assert.equal(c.users, cheap.users);
      assert.equal(c.useCampaigns, false);
    });

    await t.step("a plan made private disappears from the list", async () => {
      await app.deps.database.write((tx) =>
        tx.update(plans).set({ isPublic: false }).where(eq(plans.id, pricey.id))
      );
      const b = await expectOk<Json[]>(await app.request("/api/plans/list"));
      assert.equal(b.some((p) => p.id === pricey.id), false);
    });

    await t.step("also reachable with a session, even an expired company's (billing path)", async () => {
      const { admin } = await createCompany(app, { dueDate: "2000-01-01" });
      const s = await login(app, admin);
      assert.equal((await app.request("/api/plans/list", { token: s.token })).status, 200);
      const op = await login(app, OPERATOR);
      assert.equal((await app.request("/api/plans/list", { token: op.token })).status, 200);
    });

    await t.step("other /api/plans paths need a session", async () => {
      await expectError(await app.request("/api/plans"), 401, "ERR_UNAUTHENTICATED");
    });
  } finally {
    await app.close();
  }
});
