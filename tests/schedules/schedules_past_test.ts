/**
 * A schedule in the past is refused, never sent at once by surprise: create and a changed sendAt
 * answer 400 with the sendAt field's reason; "now" (a few minutes of a slow form) still counts;
 * an edit that keeps its old sendAt is not refused for it.
 */
import assert from "node:assert/strict";
import { contacts, schedules } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { ManualClock } from "../_helpers/clock.ts";

Deno.test("[schedules] a date in the past is refused with a field reason", async (t) => {
  const clock = new ManualClock("2026-11-25T15:00:00Z");
  const app = await createTestApp({ scheduler: false, clock });
  try {
    const a = await createTenant(app, { webhook: null, user: false });
    const [ana] = await app.deps.database.write((tx) =>
      tx.insert(contacts).values({ companyId: a.company.id, name: "Ana", number: "5511955554444" })
        .returning()
    );
    const post = (sendAt: string) =>
      app.request("/api/schedules", {
        method: "POST",
        token: a.adminToken,
        json: { body: "Lembrete da consulta", contactId: ana.id, sendAt },
      });

    await t.step("a week back: 400, the reason on sendAt, nothing stored", async () => {
      const res = await post("2026-11-18T15:00:00Z");
      assert.equal(res.status, 400);
      const body = await res.json();
      assert.equal(body.error, "ERR_VALIDATION");
      assert.deepEqual(body.details, [{ path: "sendAt", message: "date_in_past", code: "date_in_past" }]);
      assert.equal((await app.deps.db.select().from(schedules)).length, 0);
    });

    let id = 0;
    await t.step("two minutes back counts as now; an hour ahead is fine", async () => {
      id = (await expectOk<{ id: number }>(await post("2026-11-25T14:58:00Z"), 201)).id;
      await expectOk(await post("2026-11-25T16:00:00Z"), 201);
    });

    await t.step("an edit: a new sendAt in the past is refused; keeping the old one is not", async () => {
      clock.set("2026-11-25T15:05:00Z");
      const put = (json: Json) =>
        app.request(`/api/schedules/${id}`, { method: "PUT", token: a.adminToken, json });
      const refused = await put({ sendAt: "2026-11-20T10:00:00Z" });
      assert.equal(refused.status, 400);
      assert.equal((await refused.json()).details[0].path, "sendAt");
      await expectOk(
        await put({ body: "Lembrete da consulta (novo texto)", sendAt: "2026-11-25T14:58:00.000Z" }),
      );
    });
  } finally {
    await app.close();
  }
});
