/**
 * Scheduled messages (spec 1 §2 /schedules, §3, §5, §7, §9): routes, and dispatch with an injected
 * clock — each due slot sent once, recurrence and weekend rules, a slot missed while the server was
 * down caught up once, ERRO with its reason.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { contacts, messages, schedules, tickets } from "@db/schema.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { login } from "../_helpers/factories.ts";
import { assertAllNeedAuth, createTenant, userOf } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { dateIn as zonedDate, ManualClock } from "../_helpers/clock.ts";
import { upload } from "../campaigns/_support.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { schedulesTick } from "@/schedules/dispatcher.ts";
import { advance, nextSlot, weekendRule } from "@/schedules/recurrence.ts";
import { runDueJobs } from "@/jobs/queue.ts";

async function contact(t: TestApp, companyId: number, number = "5511955554444") {
  const [c] = await t.deps.database.write((tx) =>
    tx.insert(contacts).values({ companyId, name: "Ana", number }).returning()
  );
  return c;
}
const row = async (t: TestApp, id: number) =>
  (await t.deps.db.select().from(schedules).where(eq(schedules.id, id)))[0];

Deno.test("[schedules] routes: auth, plan, tenancy, own schedules for profile users, media", async (t) => {
  const clock = new ManualClock("2026-11-25T15:00:00Z");
  const app = await createTestApp({ scheduler: false, clock });
  try {
    const a = await createTenant(app, { webhook: null, user: false });
    const b = await createTenant(app, { webhook: null, user: false });
    const noPlan = await createTenant(app, { webhook: null, user: false, plan: { useSchedules: false } });
    const u = await userOf(app, a.company.id, { profile: "user" });
    const ana = await contact(app, a.company.id);
    const req = (path: string, token: string, method = "GET", json?: unknown) =>
      app.request(path, { method, token, json });
    const sendAt = "2026-11-25T16:00:00Z";

    await t.step("401 without a token", async () => {
      await assertAllNeedAuth(app, [
        ["GET", "/api/schedules"],
        ["GET", "/api/schedules/1"],
        ["POST", "/api/schedules"],
        ["PUT", "/api/schedules/1"],
        ["DELETE", "/api/schedules/1"],
        ["POST", "/api/schedules/1/media-upload"],
        ["DELETE", "/api/schedules/1/media-upload"],
      ]);
    });

    let id = 0;
    await t.step("create with the spec's defaults and validation", async () => {
      await expectError(
        await req("/api/schedules", a.adminToken, "POST", { body: "hey", contactId: ana.id, sendAt }),
        400,
        "ERR_VALIDATION",
      );
      await expectError(
        await req("/api/schedules", a.adminToken, "POST", { body: "Hello there" }),
        400,
        "ERR_VALIDATION",
      );
      const s = await expectOk<Json>(
        await req("/api/schedules", a.adminToken, "POST", { body: "Hello there", contactId: ana.id, sendAt }),
        201,
      );
      id = s.id as number;
      assert.equal(s.status, "PENDENTE");
      assert.equal(s.intervalo, 1);
      assert.equal(s.tipoDias, 4);
      assert.equal(s.enviarQuantasVezes, 1);
      assert.equal((s.contact as Json).name, "Ana");
      const list = await expectOk<Json>(await req("/api/schedules?contactId=" + ana.id, a.adminToken));
      assert.equal((list.schedules as Json[]).length, 1);
      const range = await expectOk<Json>(
        await req("/api/schedules?from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z", a.adminToken),
      );
      assert.equal(range.count, 1);
    });

    await t.step("403 ERR_PLAN_FEATURE without the schedules plan", async () => {
      await expectError(await req("/api/schedules", noPlan.adminToken), 403, "ERR_PLAN_FEATURE");
      await expectError(
        await req("/api/schedules", noPlan.adminToken, "POST", { body: "Hello there", contactId: 1, sendAt }),
        403,
        "ERR_PLAN_FEATURE",
      );
    });

    await t.step("another company's schedule, contact or connection answers 404", async () => {
      for (
        const [m, p] of [["GET", `/api/schedules/${id}`], ["PUT", `/api/schedules/${id}`], [
          "DELETE",
          `/api/schedules/${id}`,
        ]]
      ) {
        await expectError(
          await req(p, b.adminToken, m, m === "PUT" ? { body: "Hacked body" } : undefined),
          404,
          "ERR_NOT_FOUND",
        );
      }
      await expectError(
        await req("/api/schedules", b.adminToken, "POST", { body: "Hello there", contactId: ana.id, sendAt }),
        404,
        "ERR_NO_CONTACT_FOUND",
      );
      await expectError(
        await req("/api/schedules", a.adminToken, "POST", {
          body: "Hello there",
          contactId: ana.id,
          sendAt,
          whatsappId: b.conn.id,
        }),
        404,
        "ERR_NO_WAPP_FOUND",
      );
    });

    await t.step("a profile user sees and edits only his own schedules", async () => {
      const mine = await expectOk<Json>(
        await req("/api/schedules", u.token, "POST", { body: "From the user", contactId: ana.id, sendAt }),
        201,
      );
      assert.equal(mine.userId, u.user.id);
      const list = await expectOk<Json>(await req("/api/schedules", u.token));
      assert.deepEqual((list.schedules as Json[]).map((s) => s.id), [mine.id]);
      await expectError(await req(`/api/schedules/${id}`, u.token), 404, "ERR_NOT_FOUND");
      await expectError(await req(`/api/schedules/${id}`, u.token, "DELETE"), 404, "ERR_NOT_FOUND");
      const admin = await expectOk<Json>(await req("/api/schedules", a.adminToken));
      assert.equal(admin.count, 2);
    });

    await t.step("edit, media upload and removal, delete", async () => {
      const e = await expectOk<Json>(
        await req(`/api/schedules/${id}`, a.adminToken, "PUT", {
          body: "Hello again",
          valorIntervalo: 1,
          intervalo: 2,
          enviarQuantasVezes: 3,
        }),
      );
      assert.equal(e.body, "Hello again");
      const pdf = new File(["%PDF-1.4"], "price list.pdf", { type: "application/pdf" });
      const m = await expectOk<Json>(
        await upload(app, `/api/schedules/${id}/media-upload`, a.adminToken, pdf),
      );
      assert.equal(m.mediaName, "price list.pdf");
      const d = await expectOk<Json>(await req(`/api/schedules/${id}/media-upload`, a.adminToken, "DELETE"));
      assert.equal(d.mediaPath, null);
      assert.equal((await req(`/api/schedules/${id}`, a.adminToken, "DELETE")).status, 204);
      await expectError(await req(`/api/schedules/${id}`, a.adminToken), 404, "ERR_NOT_FOUND");
    });
  } finally {
    await app.close();
  }
});

Deno.test("[schedules] recurrence units and weekend rules (company time zone)", () => {
  const at = new Date("2026-11-25T15:00:00Z"); // Wednesday
  assert.equal(advance(at, 4, 30).toISOString(), "2026-11-25T15:30:00.000Z");
  assert.equal(advance(at, 1, 2).toISOString(), "2026-11-27T15:00:00.000Z");
  assert.equal(advance(at, 2, 1).toISOString(), "2026-12-02T15:00:00.000Z");
  assert.equal(advance(at, 3, 1).toISOString(), "2026-12-25T15:00:00.000Z");
  const sat = new Date("2026-11-28T15:00:00Z");
  const tz = "America/Sao_Paulo";
  assert.equal(weekendRule(sat, 4, tz).toISOString(), sat.toISOString());
  assert.equal(weekendRule(sat, 5, tz).toISOString(), "2026-11-27T15:00:00.000Z"); // Friday before
  assert.equal(weekendRule(sat, 6, tz).toISOString(), "2026-11-30T15:00:00.000Z"); // Monday after
  // Saturday 01:00 UTC is still Friday in São Paulo: no move.
  const friLocal = new Date("2026-11-28T01:00:00Z");
  assert.equal(weekendRule(friLocal, 5, tz).toISOString(), friLocal.toISOString());
  const s = { intervalo: 1, valorIntervalo: 1, enviarQuantasVezes: 2, tipoDias: 4 };
  assert.equal(nextSlot(s, at, 2, at, tz), null, "all sends done");
  assert.equal(nextSlot({ ...s, valorIntervalo: 0 }, at, 1, at, tz), null, "no recurrence");
});

Deno.test("[schedules] dispatch: each slot once, a weekly slot missed while down caught up once, ERRO", async () => {
  const clock = new ManualClock("2026-11-25T14:00:00Z");
  const sink = startWebhookSink();
  const app = await createTestApp({ scheduler: false, clock });
  try {
    const a = await createTenant(app, { webhook: sink, user: false });
    const ana = await contact(app, a.company.id);
    const s = await expectOk<Json>(
      await app.request("/api/schedules", {
        method: "POST",
        token: a.adminToken,
        json: {
          body: "Weekly report for {{name}}",
          contactId: ana.id,
          sendAt: "2026-11-25T15:00:00Z",
          whatsappId: a.conn.id,
          intervalo: 2,
          valorIntervalo: 1,
          enviarQuantasVezes: 3,
          assinar: true,
        },
      }),
      201,
    );
    const id = s.id as number;
    const sent = async () =>
      (await app.deps.db.select().from(messages).where(eq(messages.fromMe, true))).length;

    // Not due yet.
    assert.equal(await schedulesTick(app.deps), 0);
    // Due: sent once, even when two ticks run at the same time.
    clock.set("2026-11-25T15:00:05Z");
    const ran = await Promise.all([schedulesTick(app.deps), schedulesTick(app.deps)]);
    assert.equal(ran[0] + ran[1], 1);
    assert.equal(await sent(), 1);
    let r = await row(app, id);
    assert.equal(r.status, "PENDENTE");
    assert.equal(r.contadorEnvio, 1);
    assert.equal(r.sendAt, "2026-12-02T15:00:00.000Z");
    await runDueJobs(app.deps);
    assert.equal(sink.received.length, 1);
    assert.match(String(sink.received[0].json.body), /^\*Admin:\*\nWeekly report for Ana$/);
    // The ticket created only to carry the send is closed again (openTicket disabled).
    const [ticket] = await app.deps.db.select().from(tickets).where(eq(tickets.contactId, ana.id));
    assert.equal(ticket.status, "closed");

    // The server is down over the next slot (2 Dec) and comes back on 4 Dec: the slot is caught
    // up once, and the one after is the following week's.
    clock.set("2026-12-04T10:00:00Z");
    assert.equal(await schedulesTick(app.deps), 1);
    assert.equal(await schedulesTick(app.deps), 0);
    assert.equal(await sent(), 2);
    r = await row(app, id);
    assert.equal(r.contadorEnvio, 2);
    assert.equal(r.sendAt, "2026-12-09T15:00:00.000Z");

    // The third and last send: ENVIADA with sentAt.
    clock.set("2026-12-09T15:00:00Z");
    await schedulesTick(app.deps);
    r = await row(app, id);
    assert.equal(r.status, "ENVIADA");
    assert.equal(r.contadorEnvio, 3);
    assert.ok(r.sentAt);
    assert.equal(await sent(), 3);
    clock.advance(8 * 86_400_000);
    assert.equal(await schedulesTick(app.deps), 0);
    // A sent schedule is read-only.
    const token = (await login(app, a.admin)).token;
    await expectError(
      await app.request(`/api/schedules/${id}`, { method: "PUT", token, json: { body: "Changed body" } }),
      409,
      "ERR_CONFLICT",
    );

    // A send that cannot succeed (a WhatsApp line this process does not run): retried, then ERRO.
    const wa = await expectOk<Json>(
      await app.request("/api/whatsapp", {
        method: "POST",
        token,
        json: { name: "Phone", channel: "whatsapp" },
      }),
      201,
    );
    const bad = await expectOk<Json>(
      await app.request("/api/schedules", {
        method: "POST",
        token,
        json: { body: "Will fail", contactId: ana.id, sendAt: clock.now().toISOString(), whatsappId: wa.id },
      }),
      201,
    );
    for (let i = 0; i < 3; i++) {
      await schedulesTick(app.deps);
      clock.advance(60_000);
    }
    const failed = await row(app, bad.id as number);
    assert.equal(failed.status, "ERRO");
    assert.equal(failed.lastError, "ERR_WAPP_NOT_INITIALIZED");
  } finally {
    await app.close();
    await sink.close();
  }
});

Deno.test("[schedules] dispatch: a recurring schedule sent on a Friday with 'one working day before' is not re-sent at once", async () => {
  // Friday 27 Nov 2026, 12:00 in São Paulo.
  const clock = new ManualClock("2026-11-27T14:59:00Z");
  const app = await createTestApp({ scheduler: false, clock });
  try {
    const a = await createTenant(app, { webhook: null, user: false });
    const ana = await contact(app, a.company.id);
    const tz = "America/Sao_Paulo";
    const cases = [
      // Daily: Friday steps to Saturday, which the rule moves back onto the same Friday.
      {
        json: { sendAt: "2026-11-27T15:00:00Z", intervalo: 1, valorIntervalo: 1, enviarQuantasVezes: 5 },
        expected: ["2026-11-27", "2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03"],
      },
      // Every 5 minutes from Friday 23:50: the step past midnight is Saturday, moved back to Friday 00:00.
      {
        json: { sendAt: "2026-11-28T02:50:00Z", intervalo: 4, valorIntervalo: 5, enviarQuantasVezes: 3 },
        expected: ["2026-11-27", "2026-11-27", "2026-11-30"],
      },
    ];
    for (const c of cases) {
      clock.set("2026-11-27T14:59:00Z");
      const s = await expectOk<Json>(
        await app.request("/api/schedules", {
          method: "POST",
          token: a.adminToken,
          json: { body: "Reminder", contactId: ana.id, whatsappId: a.conn.id, tipoDias: 5, ...c.json },
        }),
        201,
      );
      const id = s.id as number;
      const count = async () =>
        (await app.deps.db.select().from(messages).where(eq(messages.fromMe, true))).length;
      const sends: Date[] = [];
      for (let round = 0; round < 10; round++) {
        const r = await row(app, id);
        if (r.status !== "PENDENTE") break;
        if (new Date(r.sendAt) > clock.now()) clock.set(r.sendAt);
        // A minute of dispatcher ticks, one every 5 s.
        for (let tick = 0; tick < 12; tick++) {
          const before = await count();
          await schedulesTick(app.deps);
          for (let n = await count() - before; n > 0; n--) sends.push(clock.now());
          clock.advance(5_000);
        }
      }
      for (let i = 1; i < sends.length; i++) {
        assert.ok(
          sends[i].getTime() - sends[i - 1].getTime() >= 60_000,
          `sent twice within a minute: ${sends.map((d) => d.toISOString()).join(", ")}`,
        );
      }
      assert.deepEqual(sends.map((d) => zonedDate(d, tz)), c.expected);
      const r = await row(app, id);
      assert.equal(r.status, "ENVIADA");
      assert.equal(r.contadorEnvio, c.expected.length);
    }
  } finally {
    await app.close();
  }
});
