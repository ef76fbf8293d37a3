/**
 * Out of hours (queue and company schedules, in the company's time zone, as often as the
 * connection's limits allow), the LGPD consent round trip and the rating (NPS) round trip, over the
 * api channel with an injected clock.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { companies, contacts, userRatings } from "@db/schema.ts";
import { clearCaches } from "@/caches.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { login } from "../_helpers/factories.ts";
import { customerSays, hookFor, logTypes, outbound, ticketRow } from "../_helpers/inbox.ts";
import { expectOk } from "../_helpers/http.ts";
import { createTenant, userOf } from "../_helpers/tenant.ts";
import { LGPD_QUESTION } from "@/automation/steps/lgpd.ts";
import { INVALID_RATING } from "@/automation/steps/rating.ts";

/** A clock the test moves. */
const clockAt = (iso: string) => {
  let now = new Date(iso);
  return { now: () => new Date(now), set: (x: string) => void (now = new Date(x)) };
};

const HOURS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => ({
  weekday: d,
  weekdayEn: d,
  startTimeA: "08:00",
  endTimeA: "12:00",
  startTimeB: "13:00",
  endTimeB: "18:00",
}));

Deno.test("[automation] queue schedule: out of hours by the connection's limits, in the company's time zone", async () => {
  // 2026-03-02 is a Monday. 22:30 UTC = 19:30 in São Paulo (closed), but 23:30 in Lisbon… we use SP.
  const clock = clockAt("2026-03-02T22:30:00Z");
  const t = await createTestApp({ clock });
  const sink = startWebhookSink();
  try {
    const w = await createTenant(t, {
      webhook: sink,
      user: false,
      // The column defaults, as a connection nobody tuned has them: three answers, no cooldown.
      conn: { maxUseBotQueues: 3, timeUseBotQueues: 0 },
      queues: [{ name: "Loja", schedules: HOURS, outOfHoursMessage: "Estamos fechados, voltamos às 8h." }],
      settings: { scheduleType: "queue" },
    });
    const num = "5511933332222";
    const r = await customerSays(t, w.conn, num, "oi");
    await hookFor(sink, num, (b) => b === "Estamos fechados, voltamos às 8h.");
    let tk = await ticketRow(t, r.ticketId);
    assert.equal(tk.isOutOfHour, true);
    assert.equal(tk.queueId, w.queues[0].id);
    clock.set("2026-03-03T02:00:00Z"); // 23:00 local, same absence
    await customerSays(t, w.conn, num, "alô?");
    assert.equal((await outbound(t, r.ticketId)).length, 2, "maxUseBotQueues 3: the second is answered");
    await customerSays(t, w.conn, num, "tem alguém?");
    await customerSays(t, w.conn, num, "???");
    assert.equal((await outbound(t, r.ticketId)).length, 3, "and the third, not the fourth");
    clock.set("2026-03-03T12:00:00Z"); // 09:00 local: open
    await customerSays(t, w.conn, num, "bom dia");
    tk = await ticketRow(t, r.ticketId);
    assert.equal(tk.isOutOfHour, false);
    assert.equal(tk.amountUsedBotQueues, 0, "the open hours give the chatbot its whole budget back");
    assert.equal((await outbound(t, r.ticketId)).length, 3, "no out-of-hours reply in hours");
    clock.set("2026-03-03T22:00:00Z"); // 19:00 local: a new absence
    await customerSays(t, w.conn, num, "boa noite");
    assert.equal((await outbound(t, r.ticketId)).length, 4, "a new absence is answered again");
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[automation] out of hours: timeUseBotQueues spaces the answers; maxUseBotQueues 1 is once per absence", async () => {
  const clock = clockAt("2026-03-02T22:30:00Z"); // 19:30 in São Paulo, closed
  const t = await createTestApp({ clock });
  const sink = startWebhookSink();
  try {
    const w = await createTenant(t, {
      webhook: sink,
      user: false,
      conn: { outOfHoursMessage: "Fechado", maxUseBotQueues: 0, timeUseBotQueues: 30 },
      settings: { scheduleType: "company" },
    });
    await t.deps.database.write((tx) =>
      tx.update(companies).set({ schedules: HOURS }).where(eq(companies.id, w.company.id))
    );
    clearCaches(t.deps.caches);
    const num = "5511933334444";
    const r = await customerSays(t, w.conn, num, "oi");
    await hookFor(sink, num, (b) => b === "Fechado");
    clock.set("2026-03-02T22:40:00Z"); // 10 minutes later: inside the cooldown
    await customerSays(t, w.conn, num, "alô?");
    assert.equal((await outbound(t, r.ticketId)).length, 1, "inside timeUseBotQueues: no answer");
    clock.set("2026-03-02T23:05:00Z"); // 35 minutes after the answer
    await customerSays(t, w.conn, num, "alô??");
    assert.equal((await outbound(t, r.ticketId)).length, 2, "after the cooldown (no count limit): answered");

    const admin = (await login(t, w.admin)).token;
    await expectOk(
      await t.request(`/api/whatsapp/${w.conn.id}`, {
        method: "PUT",
        token: admin,
        json: { maxUseBotQueues: 1, timeUseBotQueues: 0 },
      }),
    );
    const num2 = "5511933335555";
    const r2 = await customerSays(t, w.conn, num2, "oi");
    await hookFor(sink, num2, (b) => b === "Fechado");
    clock.set("2026-03-03T02:00:00Z");
    await customerSays(t, w.conn, num2, "alô?");
    assert.equal((await outbound(t, r2.ticketId)).length, 1, "maxUseBotQueues 1: once per absence");
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[automation] company schedule in its own zone; collective vacation", async () => {
  // 10:00 UTC = 07:00 in São Paulo (closed) but 19:00 in Tokyo (closed too) — use Tokyo at 01:00 UTC = 10:00.
  const clock = clockAt("2026-03-03T01:00:00Z");
  const t = await createTestApp({ clock });
  const sink = startWebhookSink();
  try {
    const w = await createTenant(t, {
      webhook: sink,
      user: false,
      queues: [{ name: "A" }, { name: "B" }],
      conn: { greetingMessage: "Escolha:", outOfHoursMessage: "Fora do horário" },
      settings: { scheduleType: "company" },
    });
    await t.deps.database.write((tx) =>
      tx.update(companies).set({ schedules: HOURS, timezone: "Asia/Tokyo" }).where(
        eq(companies.id, w.company.id),
      )
    );
    clearCaches(t.deps.caches);
    const a = await customerSays(t, w.conn, "5511900000001", "oi");
    await hookFor(sink, "5511900000001", (b) => b.startsWith("Escolha:"));
    assert.equal((await ticketRow(t, a.ticketId)).isOutOfHour, false, "10:00 in Tokyo is open");
    clock.set("2026-03-03T12:00:00Z"); // 21:00 in Tokyo
    const b = await customerSays(t, w.conn, "5511900000002", "oi");
    await hookFor(sink, "5511900000002", (x) => x === "Fora do horário");
    assert.equal((await ticketRow(t, b.ticketId)).isOutOfHour, true);

    await expectOk(
      await t.request(`/api/whatsapp/${w.conn.id}`, {
        method: "PUT",
        token: (await login(t, w.admin)).token, // the clock moved past the first token's life
        json: {
          collectiveVacationStart: "2026-03-01",
          collectiveVacationEnd: "2026-03-10",
          collectiveVacationMessage: "Férias coletivas até dia 10",
        },
      }),
    );
    const c = await customerSays(t, w.conn, "5511900000003", "oi");
    await hookFor(sink, "5511900000003", (x) => x === "Férias coletivas até dia 10");
    await customerSays(t, w.conn, "5511900000003", "oi de novo");
    assert.equal((await outbound(t, c.ticketId)).length, 1);
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[automation] consent round trip: asked, accepted, then the menu; refusal closes", async () => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w = await createTenant(t, {
      webhook: sink,
      user: false,
      queues: [{ name: "A" }, { name: "B" }],
      conn: { greetingMessage: "Escolha:", complationMessage: "Tchau" },
      settings: {
        enableLGPD: "enabled",
        lgpdMessage: "Tratamos seus dados conforme a LGPD.",
        lgpdLink: "https://x.test/p",
      },
    });
    const num = "5511944443333";
    const r = await customerSays(t, w.conn, num, "oi");
    await hookFor(
      sink,
      num,
      (b) => b === `Tratamos seus dados conforme a LGPD.\nhttps://x.test/p\n\n${LGPD_QUESTION}`,
    );
    assert.equal((await ticketRow(t, r.ticketId)).status, "lgpd");
    await customerSays(t, w.conn, num, "talvez");
    assert.equal((await ticketRow(t, r.ticketId)).status, "lgpd");
    await customerSays(t, w.conn, num, "1");
    const tk = await ticketRow(t, r.ticketId);
    assert.equal(tk.status, "pending");
    assert.ok(tk.lgpdAcceptedAt);
    assert.equal(tk.queueId, null, '"1" is the consent, not a queue choice');
    await hookFor(sink, num, (b) => b.startsWith("Escolha:"));
    const [c] = await t.deps.db.select().from(contacts).where(eq(contacts.id, tk.contactId));
    assert.ok(c.lgpdAcceptedAt);
    assert.ok((await logTypes(t, r.ticketId)).includes("lgpd"));

    const other = "5511944440000";
    const r2 = await customerSays(t, w.conn, other, "oi");
    await customerSays(t, w.conn, other, "2");
    assert.equal((await ticketRow(t, r2.ticketId)).status, "closed");
    await hookFor(sink, other, (b) => b === "Tchau");
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[automation] rating round trip: close asks, a bad answer asks again, 0–10 is stored and closes", async () => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w = await createTenant(t, {
      webhook: sink,
      user: false,
      queues: [{ name: "A" }],
      conn: { ratingMessage: "Dê uma nota de 0 a 10", complationMessage: "Obrigado!", expiresTicketNPS: 30 },
      settings: { userRating: "enabled" },
    });
    const agent = await userOf(t, w.company.id, { queueIds: [w.queues[0].id] });
    const num = "5511922221111";
    const r = await customerSays(t, w.conn, num, "oi");
    await expectOk(
      await t.request(`/api/tickets/${r.ticketId}`, {
        method: "PUT",
        token: agent.token,
        json: { status: "open" },
      }),
    );
    await expectOk(
      await t.request(`/api/tickets/${r.ticketId}`, {
        method: "PUT",
        token: agent.token,
        json: { status: "closed" },
      }),
    );
    assert.equal((await ticketRow(t, r.ticketId)).status, "nps");
    await hookFor(sink, num, (b) => b === "Dê uma nota de 0 a 10");
    await customerSays(t, w.conn, num, "ótimo");
    await hookFor(sink, num, (b) => b === `${INVALID_RATING}\n\nDê uma nota de 0 a 10`);
    await customerSays(t, w.conn, num, "9");
    const tk = await ticketRow(t, r.ticketId);
    assert.equal(tk.status, "closed");
    const rates = await t.deps.db.select().from(userRatings).where(eq(userRatings.ticketId, r.ticketId));
    assert.deepEqual(rates.map((x) => [x.rate, x.userId]), [[9, agent.user.id]]);
    await hookFor(sink, num, (b) => b === "Obrigado!");
  } finally {
    await sink.close();
    await t.close();
  }
});
