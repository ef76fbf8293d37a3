/**
 * GET /invoices/all in both shapes: the bare list the spec's client reads (its finance page loads
 * the answer as the list itself) and our finance page's `view=page` envelope with count and hasMore.
 */
import assert from "node:assert/strict";
import { invoices } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";

Deno.test("[billing] GET /invoices/all: the spec's list, and our page with view=page", async (t) => {
  const app = await createTestApp();
  try {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const now = new Date().toISOString();
    const row = (companyId: number, dueDate: string, detail: string) => ({
      companyId,
      dueDate,
      detail,
      value: 30,
      createdAt: now,
      updatedAt: now,
    });
    await app.deps.database.write(async (tx) => {
      await tx.insert(invoices).values([
        ...Array.from(
          { length: 21 },
          (_, i) =>
            row(
              a.company.id,
              `2027-${String((i % 12) + 1).padStart(2, "0")}-${String(i + 1).padStart(2, "0")}`,
              `Plano A ${i}`,
            ),
        ),
        row(b.company.id, "2027-01-10", "Plano B"),
      ]);
    });
    const get = (path: string, token: string) => app.request(path, { token });

    await t.step("401 without a session", async () => {
      await assertAllNeedAuth(app, [["GET", "/api/invoices/all"], ["GET", "/api/invoices/all?view=page"]]);
    });

    await t.step("the spec's shape: the list itself, a page of 20, newest due date first", async () => {
      const list = await expectOk<Json[]>(
        await get("/api/invoices/all?searchParam=&pageNumber=1", a.adminToken),
      );
      assert.ok(Array.isArray(list));
      assert.equal(list.length, 20);
      assert.ok(list.every((i) => i.companyId === a.company.id));
      assert.deepEqual(
        list.map((i) => i.dueDate),
        [...list.map((i) => i.dueDate as string)].sort().reverse(),
      );
      assert.equal("stripeId" in list[0], false);
      const second = await expectOk<Json[]>(await get("/api/invoices/all?pageNumber=2", a.adminToken));
      assert.equal(second.length, 1);
      const found = await expectOk<Json[]>(await get("/api/invoices/all?searchParam=A%2020", a.adminToken));
      assert.deepEqual(found.map((i) => i.detail), ["Plano A 20"]);
    });

    await t.step("our shape (view=page): invoices, count, hasMore", async () => {
      const p1 = await expectOk<Json>(await get("/api/invoices/all?pageNumber=1&view=page", a.adminToken));
      assert.equal((p1.invoices as Json[]).length, 20);
      assert.equal(p1.count, 21);
      assert.equal(p1.hasMore, true);
      const p2 = await expectOk<Json>(await get("/api/invoices/all?pageNumber=2&view=page", a.adminToken));
      assert.equal(p2.hasMore, false);
      await expectError(await get("/api/invoices/all?view=other", a.adminToken), 400, "ERR_VALIDATION");
    });

    await t.step("any role reads its own company's invoices; another company's never show", async () => {
      // The list has no role gate (spec 3 §6: financial routes are private, nothing more).
      const mine = await expectOk<Json[]>(await get("/api/invoices/all", a.userToken));
      assert.equal(mine.length, 20);
      const theirs = await expectOk<Json[]>(await get("/api/invoices/all", b.adminToken));
      assert.deepEqual(theirs.map((i) => i.detail), ["Plano B"]);
      const page = await expectOk<Json>(await get("/api/invoices/all?view=page", b.userToken));
      assert.equal(page.count, 1);
    });
  } finally {
    await app.close();
  }
});
