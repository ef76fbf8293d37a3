/**
 * GET /api/schedules/calendar: a recurring schedule answers every slot it will send in the range
 * (the dispatcher's recurrence, weekend rule included), a sent one shows as sent, a failed one as
 * failed; and as the dispatcher sends, the calendar follows it. Auth, plan, tenancy and a profile
 * user's own schedules, like the list.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { contacts, schedules } from "@db/schema.ts";
import type { ScheduleOccurrence } from "@contract/schedules.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { login } from "../_helpers/factories.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { assertAllNeedAuth, createTenant, userOf } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { schedulesTick } from "@/schedules/dispatcher.ts";

async function contact(t: TestApp, companyId: number) {
  const [c] = await t.deps.database.write((tx) =>
    tx.insert(contacts).values({ companyId, name: "Ana", number: "5511955554444" }).returning()
  );
  return c;
}

type Calendar = { schedules: Json[]; occurrences: ScheduleOccurrence[] };
const DECEMBER = "from=2026-11-30T00:00:00Z&to=2027-01-11T00:00:00Z";

Deno.test("[schedules] calendar: every slot of a series in the range, sent and failed apart", async (t) => {
  const clock = new ManualClock("2026-12-01T12:00:00Z"); // a Tuesday
  const sink = startWebhookSink();
  const app = await createTestApp({ scheduler: false, clock });
  try {
    const a = await createTenant(app, { webhook: sink, user: false });
    const b = await createTenant(app, { webhook: null, user: false });
    const noPlan = await createTenant(app, { webhook: null, user: false, plan: { useSchedules: false } });
    const u = await userOf(app, a.company.id, { profile: "user" });
    const ana = await contact(app, a.company.id);
    const create = async (token: string, json: Json) =>
      await expectOk<Json>(
        await app.request("/api/schedules", {
          method: "POST",
          token,
          json: { contactId: ana.id, whatsappId: a.conn.id, ...json },
        }),
        201,
      );
    const calendar = async (token: string, q = DECEMBER) =>
      await expectOk<Calendar>(await app.request(`/api/schedules/calendar?${q}`, { token }));

    const weekly = await create(a.adminToken, {
      body: "Weekly reminder",
      sendAt: "2026-12-03T15:00:00Z",
      intervalo: 2,
      valorIntervalo: 1,
      enviarQuantasVezes: 4,
    });
    // Every day at 10:00 São Paulo from Friday 4 Dec, three sends, weekends moved to the Monday after.
    const daily = await create(a.adminToken, {
      body: "Daily reminder",
      sendAt: "2026-12-04T13:00:00Z",
      intervalo: 1,
      valorIntervalo: 1,
      enviarQuantasVezes: 3,
      tipoDias: 6,
    });
    let admin = a.adminToken;
    const once = await create(a.adminToken, { body: "Just once, soon", sendAt: "2026-12-01T12:30:00Z" });

    await t.step("401, 403 without the plan, 400 for a range that is not one", async () => {
      await assertAllNeedAuth(app, [["GET", "/api/schedules/calendar"]]);
      await expectError(
        await app.request(`/api/schedules/calendar?${DECEMBER}`, { token: noPlan.adminToken }),
        403,
        "ERR_PLAN_FEATURE",
      );
      for (
        const q of ["", "from=2026-12-10T00:00:00Z&to=2026-12-01T00:00:00Z", "from=2026-01-01&to=2026-12-01"]
      ) {
        await expectError(
          await app.request(`/api/schedules/calendar?${q}`, { token: a.adminToken }),
          400,
          "ERR_VALIDATION",
        );
      }
    });

    await t.step("the weekly series on its four Thursdays, the daily one off the weekend", async () => {
      const c = await calendar(a.adminToken);
      const of = (id: unknown) => c.occurrences.filter((o) => o.scheduleId === id);
      assert.deepEqual(of(weekly.id).map((o) => [o.at, o.state, o.n, o.total]), [
        ["2026-12-03T15:00:00.000Z", "pending", 1, 4],
        ["2026-12-10T15:00:00.000Z", "pending", 2, 4],
        ["2026-12-17T15:00:00.000Z", "pending", 3, 4],
        ["2026-12-24T15:00:00.000Z", "pending", 4, 4],
      ]);
      // Friday, then Saturday and Sunday both moved to Monday: the second Monday step is later.
      assert.deepEqual(of(daily.id).map((o) => o.at), [
        "2026-12-04T13:00:00.000Z",
        "2026-12-07T13:00:00.000Z",
        "2026-12-08T13:00:00.000Z",
      ]);
      assert.deepEqual(of(once.id).map((o) => o.state), ["pending"]);
      assert.equal(c.schedules.length, 3);
      // A narrower range: only the slots inside it, though the row's own date is before it.
      const mid = await calendar(a.adminToken, "from=2026-12-09T00:00:00Z&to=2026-12-18T00:00:00Z");
      assert.deepEqual(mid.occurrences.map((o) => [o.scheduleId, o.n]), [[weekly.id, 2], [weekly.id, 3]]);
    });

    await t.step("sends move the calendar as the dispatcher moves the rows", async () => {
      clock.set("2026-12-01T12:31:00Z");
      assert.equal(await schedulesTick(app.deps), 1);
      clock.set("2026-12-03T15:00:10Z");
      assert.equal(await schedulesTick(app.deps), 1);
      // The injected clock moved past the access token's 15 minutes: a fresh session.
      admin = (await login(app, a.admin)).token;
      const c = await calendar(admin);
      assert.deepEqual(
        c.occurrences.filter((o) => o.scheduleId === once.id).map((o) => [o.at.slice(0, 16), o.state]),
        [["2026-12-01T12:31", "sent"]],
      );
      assert.deepEqual(
        c.occurrences.filter((o) => o.scheduleId === weekly.id).map((o) => [o.at.slice(0, 10), o.n]),
        [["2026-12-10", 2], ["2026-12-17", 3], ["2026-12-24", 4]],
      );
      // A row the dispatcher gave up on is one failed entry, not a series.
      await app.deps.database.write((tx) =>
        tx.update(schedules).set({ status: "ERRO", lastError: "ERR_WAPP_NOT_INITIALIZED" })
          .where(eq(schedules.id, daily.id as number))
      );
      const after = await calendar(admin);
      assert.deepEqual(
        after.occurrences.filter((o) => o.scheduleId === daily.id).map((o) => o.state),
        ["failed"],
      );
    });

    await t.step("another company sees none of them; a profile user only his own", async () => {
      const other = (await login(app, b.admin)).token;
      const user = (await login(app, u)).token;
      assert.deepEqual((await calendar(other)).occurrences, []);
      assert.deepEqual((await calendar(user)).occurrences, []);
      const mine = await create(user, { body: "Mine, weekly", sendAt: "2026-12-07T15:00:00Z" });
      const c = await calendar(user);
      assert.deepEqual(c.occurrences.map((o) => o.scheduleId), [mine.id]);
    });
  } finally {
    await sink.close();
    await app.close();
  }
});
