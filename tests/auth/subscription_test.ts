/**
 * The subscription gate (DESIGN §4): a company past its due date gets 402
 * ERR_SUBSCRIPTION_EXPIRED everywhere except session, billing and invoices; company 1 never
 * expires. The due date is the last day of access, in the company's own time zone.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { companies } from "@db/schema.ts";
import { clearCaches } from "@/caches.ts";
import { createTestApp, OPERATOR } from "../_helpers/test_app.ts";
import { createCompany, createUser, login } from "../_helpers/factories.ts";
import { dateIn, ManualClock, shiftDate } from "../_helpers/clock.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { refreshWith } from "./_support.ts";

Deno.test("[auth] subscription gate", async (t) => {
  const app = await createTestApp();
  try {
    const today = dateIn(new Date(), "America/Sao_Paulo");

    await t.step("due yesterday: login and /auth/me work, GET /api/users → 402", async () => {
      const { admin } = await createCompany(app, { dueDate: shiftDate(today, -1) });
      const s = await login(app, admin);
      assert.equal((s.user.company as Json).dueDate, shiftDate(today, -1));
      const me = await expectOk<Json>(await app.request("/api/auth/me", { token: s.token }));
      assert.equal(me.id, admin.user.id);
      const b = await expectError(
        await app.request("/api/users", { token: s.token }),
        402,
        "ERR_SUBSCRIPTION_EXPIRED",
      );
      assert.deepEqual(b.details, { dueDate: shiftDate(today, -1) });
      await expectError(
        await app.request("/api/settings", { token: s.token }),
        402,
        "ERR_SUBSCRIPTION_EXPIRED",
      );
      await expectError(
        await app.request("/api/users", { method: "POST", token: s.token, json: {} }),
        402,
        "ERR_SUBSCRIPTION_EXPIRED",
      );
      // Session upkeep and the public plan list still work.
      await expectOk(await refreshWith(app, s.cookie));
      await expectOk(await app.request("/api/plans/list", { token: s.token }));
      assert.equal((await app.request("/api/auth/logout", { method: "DELETE", token: s.token })).status, 204);
    });

    await t.step("a profile user of an expired company is gated the same way", async () => {
      const { company } = await createCompany(app, { dueDate: shiftDate(today, -10) });
      const u = await createUser(app, company.id);
      const s = await login(app, u);
      await expectOk(await app.request("/api/auth/me", { token: s.token }));
      await expectError(
        await app.request(`/api/users/${u.user.id}`, { token: s.token }),
        402,
        "ERR_SUBSCRIPTION_EXPIRED",
      );
    });

    await t.step("due today is still active (the due date is the last day)", async () => {
      const { admin } = await createCompany(app, { dueDate: today });
      const s = await login(app, admin);
      await expectOk(await app.request("/api/users", { token: s.token }));
    });

    await t.step("a company without a due date does not expire", async () => {
      const { admin } = await createCompany(app, { dueDate: null });
      const s = await login(app, admin);
      await expectOk(await app.request("/api/users", { token: s.token }));
    });

    await t.step("a disabled company is gated like an expired one", async () => {
      const { admin } = await createCompany(app, { status: false });
      const s = await login(app, admin);
      await expectError(await app.request("/api/users", { token: s.token }), 402, "ERR_SUBSCRIPTION_EXPIRED");
    });

    await t.step("the gate follows the due date live (no new login needed)", async () => {
      const { company, admin } = await createCompany(app);
      const s = await login(app, admin);
      await expectOk(await app.request("/api/users", { token: s.token }));
      await app.deps.database.write((tx) =>
        tx.update(companies).set({ dueDate: shiftDate(today, -1) }).where(eq(companies.id, company.id))
      );
      clearCaches(app.deps.caches); // written behind the services' back
      await expectError(await app.request("/api/users", { token: s.token }), 402, "ERR_SUBSCRIPTION_EXPIRED");
    });

    await t.step("company 1 (operator) never expires, even with a past due date", async () => {
      await app.deps.database.write((tx) =>
        tx.update(companies).set({ dueDate: "2000-01-01" }).where(eq(companies.id, 1))
      );
      clearCaches(app.deps.caches); // written behind the services' back
      const s = await login(app, OPERATOR);
      assert.equal((s.user.company as Json).dueDate, "2999-12-31");
      await expectOk(await app.request("/api/users", { token: s.token }));
      await expectOk(await app.request("/api/settings", { token: s.token }));
    });
  } finally {
    await app.close();
  }
});

Deno.test("[auth] subscription gate uses the company's time zone", async (t) => {
  // 12:00 UTC on 10 May: already 11 May in Kiritimati (UTC+14), still 10 May in Pago Pago (UTC-11).
  const clock = new ManualClock("2026-05-10T12:00:00Z");
  const app = await createTestApp({ clock });
  try {
    await t.step("due 10 May: expired in Kiritimati, active in Pago Pago", async () => {
      const east = await createCompany(app, { dueDate: "2026-05-10", timezone: "Pacific/Kiritimati" });
      const west = await createCompany(app, { dueDate: "2026-05-10", timezone: "Pacific/Pago_Pago" });
      const se = await login(app, east.admin);
      const sw = await login(app, west.admin);
      await expectError(
        await app.request("/api/users", { token: se.token }),
        402,
        "ERR_SUBSCRIPTION_EXPIRED",
      );
      await expectOk(await app.request("/api/users", { token: sw.token }));
    });

    await t.step("one day later the Pago Pago company expires too", async () => {
      const west = await createCompany(app, { dueDate: "2026-05-10", timezone: "Pacific/Pago_Pago" });
      const s = await login(app, west.admin);
      await expectOk(await app.request("/api/users", { token: s.token }));
      clock.advance(12 * 3600_000); // 00:00 UTC on 11 May = 13:00 on 10 May in Pago Pago
      const later = await login(app, west.admin); // (the earlier access token has expired by now)
      await expectOk(await app.request("/api/users", { token: later.token }));
      clock.advance(12 * 3600_000); // 01:00 on 11 May in Pago Pago
      const next = await login(app, west.admin);
      await expectError(
        await app.request("/api/users", { token: next.token }),
        402,
        "ERR_SUBSCRIPTION_EXPIRED",
      );
    });
  } finally {
    await app.close();
  }
});
