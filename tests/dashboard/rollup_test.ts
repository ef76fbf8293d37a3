/**
 * The dashboard's per-day rollups answer what the raw queries answer: over the known history of
 * _scenario.ts (cycles at 23:30 local that are the next day in UTC, a range edge on each side), the
 * same JSON from every dashboard route with the rollup built and without it (the raw path is what
 * a company without a rollup gets). Then the events keep it true: a cycle of a rolled-up day closed
 * through the API, a ticket deleted, and the job rolling the day that ended.
 */
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { messages, tickets } from "@db/schema.ts";
import { advanceRollups, buildAllRollups, rollupState } from "@/dashboard/rollup_build.ts";
import { monthPieces } from "@/dashboard/rollup_repo.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { login } from "../_helpers/factories.ts";
import { expectOk } from "../_helpers/http.ts";
import { buildScenario, type Scenario } from "./_scenario.ts";

const TODAY = "2026-04-20"; // local, São Paulo (UTC-3): the clock is 12:00 local

function paths(s: Scenario): string[] {
  const { sales, support } = s.queues;
  return [
    "/api/dashboard?date_from=2026-03-01&date_to=2026-03-31",
    "/api/dashboard?date_from=2026-02-28&date_to=2026-03-02",
    "/api/dashboard?date_from=2026-03-03&date_to=2026-04-01",
    `/api/dashboard?date_from=2026-02-01&date_to=${TODAY}`,
    `/api/dashboard?date_from=2026-03-01&date_to=2026-03-31&queueIds=[${sales.id}]`,
    `/api/dashboard?date_from=2026-02-01&date_to=${TODAY}&queueIds=${support.id},0`,
    "/api/dashboard?days=60",
    "/api/dashboard/ticketsDay?initialDate=2026-02-25&finalDate=2026-04-02",
    `/api/dashboard/ticketsDay?initialDate=2026-03-01&finalDate=${TODAY}&queueIds=[${support.id}]`,
    "/api/dashboard/ticketsDay?initialDate=2026-03-02&finalDate=2026-03-02",
    "/api/dashboard/ticketsUsers?initialDate=2026-03-01&finalDate=2026-03-31",
    `/api/dashboard/ticketsUsers?initialDate=2026-02-01&finalDate=${TODAY}&queueIds=[${sales.id}]`,
    "/api/messages-allMe?dateStart=2026-03-01&dateEnd=2026-03-31",
    "/api/messages-allMe?dateStart=2026-03-02&dateEnd=2026-03-02&fromMe=true",
    `/api/messages-allMe?dateStart=2026-02-01&dateEnd=${TODAY}&fromMe=false`,
    `/api/messages-allMe?dateStart=2026-02-28&dateEnd=${TODAY}`,
  ];
}

async function answers(t: TestApp, s: Scenario): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const p of paths(s)) out.push(await expectOk(await t.request(p, { token: s.adminToken })));
  return out;
}

/** The same routes answered from the raw tables: the state row set aside for the duration. */
async function rawAnswers(t: TestApp, s: Scenario, only?: string[]): Promise<unknown[]> {
  const [row] = await t.deps.db.all<Record<string, string | number>>(
    sql`SELECT * FROM dashboard_rollup_state WHERE company_id = ${s.companyId}`,
  );
  assert.ok(row, "the company has a rollup");
  await t.deps.database.write((tx) =>
    tx.run(sql`DELETE FROM dashboard_rollup_state WHERE company_id = ${s.companyId}`)
  );
  const out: unknown[] = [];
  if (only) { for (const p of only) out.push(await expectOk(await t.request(p, { token: s.adminToken }))); }
  else out.push(...await answers(t, s));
  await t.deps.database.write((tx) =>
    tx.run(sql`INSERT INTO dashboard_rollup_state (company_id, zone, built_until, built_at)
      VALUES (${row.company_id}, ${row.zone}, ${row.built_until}, ${row.built_at})`)
  );
  return out;
}

const counters = (a: unknown) => (a as { counters: Record<string, number> }).counters;

Deno.test("[dashboard] the per-day rollup answers what the raw queries answer, and the events keep it so", async (t) => {
  const clock = new ManualClock(`${TODAY}T15:00:00Z`);
  const app = await createTestApp({ clock, scheduler: false });
  try {
    const s = await buildScenario(app);
    // Each ticket's messages on its own moment (some ours), and one more message today.
    await app.deps.database.write(async (tx) => {
      const rows = await tx.select({ id: tickets.id, createdAt: tickets.createdAt }).from(tickets)
        .where(eq(tickets.companyId, s.companyId));
      for (const [i, r] of rows.entries()) {
        await tx.update(messages).set({ createdAt: r.createdAt, fromMe: i % 2 === 0 })
          .where(eq(messages.ticketId, r.id));
      }
    });
    await expectOk(
      await app.request("/api/channels/api/messages", {
        method: "POST",
        headers: { authorization: `Bearer ${s.connToken}` },
        json: {
          externalId: `today-${s.companyId}`,
          from: { number: "5511977770001", name: "Hoje" },
          body: "oi",
        },
      }),
    );
    await app.deps.bus.drain();
    const before = await answers(app, s);
    let closed = 0;

    await t.step("built: every route answers the same, days keyed in the company's zone", async () => {
      await buildAllRollups(app.deps, clock.now());
      const st = await rollupState(app.deps.db, s.companyId);
      assert.deepEqual(st && [st.zone, st.builtUntil], ["America/Sao_Paulo", TODAY]);
      // 23:30 local on March 2nd is 02:30 UTC on the 3rd: rolled up on the 2nd.
      const days = await app.deps.db.all<{ day: string; cycles: number }>(sql`
        SELECT day, sum(cycles) AS cycles FROM dashboard_day_cycles
        WHERE company_id = ${s.companyId} AND queue_id = -1 GROUP BY day ORDER BY day`);
      assert.deepEqual(days.find((d) => d.day === "2026-03-02")?.cycles, 2);
      // Its NPS answer came at 00:50 local on the 3rd: a row of the 3rd without cycles.
      assert.equal(days.find((d) => d.day === "2026-03-03")?.cycles, 0);
      assert.deepEqual(await answers(app, s), before);
      // And it is the rollup that answers: with March's rows set aside, March reads empty.
      await app.deps.database.write((tx) =>
        tx.run(
          sql`UPDATE dashboard_day_cycles SET company_id = -company_id WHERE company_id = ${s.companyId}`,
        )
      );
      assert.equal(counters((await answers(app, s))[0]).supportFinished, 0);
      await app.deps.database.write((tx) =>
        tx.run(
          sql`UPDATE dashboard_day_cycles SET company_id = -company_id WHERE company_id = ${-s.companyId}`,
        )
      );
    });

    await t.step("a cycle of a rolled-up day closed through the API is recomputed", async () => {
      const open = s.ticketIds[4]; // 2026-03-10, Ana, still open
      await expectOk(
        await app.request(`/api/tickets/${open}`, {
          method: "PUT",
          token: s.adminToken,
          json: { status: "closed" },
        }),
      );
      await app.deps.bus.drain();
      const now = await answers(app, s);
      assert.equal(counters(now[0]).supportFinished, counters(before[0]).supportFinished + 1);
      closed = counters(now[0]).supportFinished;
      assert.deepEqual(now, await rawAnswers(app, s));
    });

    await t.step("a deleted ticket rebuilds the company's rollup", async () => {
      const gone = s.ticketIds[1]; // 2026-03-02 23:30
      const res = await app.request(`/api/tickets/${gone}`, { method: "DELETE", token: s.adminToken });
      assert.ok(res.ok, `DELETE ${res.status}`);
      await res.body?.cancel();
      await app.deps.bus.drain();
      const now = await answers(app, s);
      assert.equal(counters(now[0]).supportFinished, closed - 1, "its finished cycle is gone");
      assert.ok(await rollupState(app.deps.db, s.companyId), "rebuilt");
      assert.deepEqual(now, await rawAnswers(app, s));
    });

    await t.step("the job rolls the day that ended; today stays raw", async () => {
      clock.advance(86_400_000);
      s.adminToken = (await login(app, s.admin)).token;
      await advanceRollups(app.deps, clock.now());
      assert.equal((await rollupState(app.deps.db, s.companyId))?.builtUntil, "2026-04-21");
      assert.deepEqual(await answers(app, s), await rawAnswers(app, s));
    });
  } finally {
    await app.close();
  }
});

/** Every rollup row of the company with its rowid: a recompute deletes and inserts, so rowids change. */
async function rollupRows(t: TestApp, companyId: number): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for (const table of ["dashboard_day_cycles", "dashboard_day_tickets", "dashboard_day_messages"]) {
    out.push(
      await t.deps.db.all(sql`SELECT rowid AS rid, * FROM ${sql.identifier(table)}
        WHERE company_id = ${companyId} ORDER BY rowid`),
    );
  }
  out.push(await t.deps.db.all(sql`SELECT * FROM dashboard_rollup_state WHERE company_id = ${companyId}`));
  return out;
}

Deno.test("[dashboard] a reply on a rolled-up day's ticket leaves the rollup untouched; a transfer or a close recomputes it", async () => {
  const clock = new ManualClock(`${TODAY}T15:00:00Z`);
  const app = await createTestApp({ clock, scheduler: false });
  try {
    const s = await buildScenario(app);
    const { sales, support } = s.queues;
    // Ranges that end before today: a reply (today) must not change what they answer.
    const past = [
      "/api/dashboard?date_from=2026-03-01&date_to=2026-03-31",
      `/api/dashboard?date_from=2026-03-01&date_to=2026-03-31&queueIds=[${sales.id}]`,
      "/api/dashboard/ticketsDay?initialDate=2026-03-01&finalDate=2026-03-31",
      "/api/dashboard/ticketsUsers?initialDate=2026-03-01&finalDate=2026-03-31",
      "/api/messages-allMe?dateStart=2026-03-01&dateEnd=2026-04-19",
    ];
    const read = async () => {
      const out: unknown[] = [];
      for (const p of past) out.push(await expectOk(await app.request(p, { token: s.adminToken })));
      return out;
    };
    await buildAllRollups(app.deps, clock.now());
    const ticket = s.ticketIds[4]; // 2026-03-10 11:00, Ana, sales, still open: a rolled-up day
    const rows0 = await rollupRows(app, s.companyId);
    const answers0 = await read();
    const anaToken = (await login(app, s.ana)).token;

    for (const body of ["Olá, ainda está aí?", "Segue o link."]) {
      await expectOk(
        await app.request(`/api/messages/${ticket}`, { method: "POST", token: anaToken, json: { body } }),
        201,
      );
    }
    await app.deps.bus.drain();
    const [last] = await app.deps.db.select({ lastMessage: tickets.lastMessage }).from(tickets)
      .where(eq(tickets.id, ticket));
    assert.equal(last.lastMessage, "Segue o link.", "the replies were stored on the ticket");
    assert.deepEqual(await rollupRows(app, s.companyId), rows0, "no rollup row rewritten");
    assert.deepEqual(await read(), answers0);

    // A transfer to another queue moves the ticket (and its answers) out of the sales figures.
    await expectOk(
      await app.request(`/api/tickets/${ticket}`, {
        method: "PUT",
        token: s.adminToken,
        json: { queueId: support.id },
      }),
    );
    await app.deps.bus.drain();
    assert.notDeepEqual(await rollupRows(app, s.companyId), rows0, "the ticket's day was recomputed");
    const moved = await read();
    assert.notDeepEqual(moved[1], answers0[1], "the sales figures lost the ticket");
    assert.deepEqual(moved, await rawAnswers(app, s, past));

    await expectOk(
      await app.request(`/api/tickets/${ticket}`, {
        method: "PUT",
        token: s.adminToken,
        json: { status: "closed" },
      }),
    );
    await app.deps.bus.drain();
    const closed = await read();
    assert.equal(counters(closed[0]).supportFinished, counters(moved[0]).supportFinished + 1);
    assert.deepEqual(closed, await rawAnswers(app, s, past));
  } finally {
    await app.close();
  }
});

Deno.test("[dashboard] a range of days read as whole months and the days at its edges", () => {
  assert.deepEqual(monthPieces({ from: "2025-11-28", to: "2026-11-26" }), {
    days: [{ from: "2025-11-28", to: "2025-11-30" }, { from: "2026-11-01", to: "2026-11-26" }],
    months: { from: "M2025-12", to: "M2026-10" },
  });
  assert.deepEqual(monthPieces({ from: "2026-02-01", to: "2026-02-28" }), {
    days: [],
    months: { from: "M2026-02", to: "M2026-02" },
  });
  assert.deepEqual(monthPieces({ from: "2026-03-03", to: "2026-04-01" }), {
    days: [{ from: "2026-03-03", to: "2026-04-01" }],
    months: null,
  });
});
