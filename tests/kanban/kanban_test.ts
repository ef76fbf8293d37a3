/**
 * Ticket tags and kanban lanes: DELETE /ticket-tags/{ticketId}/{tagId}, a lane PUT replaces the
 * ticket's lane (plan useKanban), GET /ticket/kanban, the lane timer job and the rollback lane.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { jobs, plans, tags, ticketTags } from "@db/schema.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, createTenant, userOf } from "../_helpers/tenant.ts";
import { customerSays, insertTag, outbound, settleBus } from "../_helpers/inbox.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { clearCaches } from "@/caches.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import { LANE_TIMER_JOB } from "@/kanban/lanes.ts";

type Ticket = Json & { id: number; tags: { id: number; name: string }[] };

async function lane(
  t: TestApp,
  companyId: number,
  name: string,
  extra: Partial<typeof tags.$inferInsert> = {},
) {
  return await t.deps.database.write(async (tx) =>
    (await tx.insert(tags).values({ companyId, name, color: "#0a7", kanban: 1, ...extra }).returning())[0]
  );
}

async function world(t: TestApp) {
  const a = await createTenant(t, { webhook: null, user: false, queues: [{ name: "Vendas" }] });
  const agent = await userOf(t, a.company.id, { name: "Carla", queueIds: [a.queues[0].id] });
  const outsider = await userOf(t, a.company.id, { name: "Otto", allTicket: "disabled" });
  const b = await createTenant(t, { webhook: null, user: false, queues: [{ name: "B" }] });
  return { a, agent, outsider, b };
}

const ids = (t: Ticket) => t.tags.map((x) => x.id).sort();

Deno.test("[kanban] routes need a session", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    await assertAllNeedAuth(t, [["GET", "/api/ticket/kanban"], ["DELETE", "/api/ticket-tags/1/1"]]);
  } finally {
    await t.close();
  }
});

Deno.test("[kanban] ticket tags: add and remove one; other company 404; out of scope 403", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    const { a, outsider, b } = await world(t);
    const { ticketId } = await customerSays(t, a.conn, "5511900000001", "oi");
    const vip = await insertTag(t, a.company.id, "VIP");
    const late = await insertTag(t, a.company.id, "Late");
    for (const tag of [vip, late]) {
      await expectOk(
        await t.request(`/api/ticket-tags/${ticketId}/${tag.id}`, { method: "PUT", token: a.adminToken }),
      );
    }
    const after = await expectOk<Ticket>(
      await t.request(`/api/ticket-tags/${ticketId}/${vip.id}`, { method: "DELETE", token: a.adminToken }),
    );
    assert.deepEqual(ids(after), [late.id]);
    // Another company's admin: 404 as for a missing ticket.
    await expectError(
      await t.request(`/api/ticket-tags/${ticketId}/${late.id}`, { method: "DELETE", token: b.adminToken }),
      404,
      "ERR_NO_TICKET_FOUND",
    );
    // A user who may not see the ticket.
    await expectError(
      await t.request(`/api/ticket-tags/${ticketId}/${late.id}`, { method: "DELETE", token: outsider.token }),
      403,
      "ERR_NO_PERMISSION",
    );
    // The list's tag filter finds it by its ticket tag.
    const list = await expectOk<{ tickets: Ticket[] }>(
      await t.request(`/api/tickets?status=pending&showAll=true&tags=${JSON.stringify([late.id])}`, {
        token: a.adminToken,
      }),
    );
    assert.deepEqual(list.tickets.map((x) => x.id), [ticketId]);
  } finally {
    await t.close();
  }
});

Deno.test("[kanban] a lane replaces the ticket's lane, keeps plain tags; needs useKanban", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    const { a, agent } = await world(t);
    const { ticketId } = await customerSays(t, a.conn, "5511900000002", "oi");
    const plain = await insertTag(t, a.company.id, "VIP");
    const l1 = await lane(t, a.company.id, "Lead"), l2 = await lane(t, a.company.id, "Proposal");
    const put = (tagId: number, token = agent.token) =>
      t.request(`/api/ticket-tags/${ticketId}/${tagId}`, { method: "PUT", token });
    await expectOk(await put(plain.id));
    await expectOk(await put(l1.id));
    const moved = await expectOk<Ticket>(await put(l2.id));
    assert.deepEqual(ids(moved), [plain.id, l2.id].sort());

    const board = await expectOk<{ tickets: Ticket[] }>(
      await t.request(`/api/ticket/kanban?queueIds=${JSON.stringify([a.queues[0].id])}`, {
        token: agent.token,
      }),
    );
    assert.deepEqual(board.tickets.map((x) => x.id), [ticketId]);
    const otherQueue = await expectOk<{ tickets: Ticket[] }>(
      await t.request(`/api/ticket/kanban?queueIds=[999999]`, { token: agent.token }),
    );
    assert.equal(otherQueue.tickets.length, 0);
    const yesterday = await expectOk<{ tickets: Ticket[] }>(
      await t.request(`/api/ticket/kanban?startDate=2020-01-01&endDate=2020-01-02`, { token: agent.token }),
    );
    assert.equal(yesterday.tickets.length, 0);

    await t.deps.database.write((tx) =>
      tx.update(plans).set({ useKanban: false }).where(eq(plans.id, a.company.planId))
    );
    clearCaches(t.deps.caches);
    await expectError(await put(l1.id), 403, "ERR_PLAN_FEATURE");
    await expectError(await t.request("/api/ticket/kanban", { token: agent.token }), 403, "ERR_PLAN_FEATURE");
  } finally {
    await t.close();
  }
});

Deno.test("[kanban] the board shows only the company's own and visible tickets", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    const { a, outsider, b } = await world(t);
    const { ticketId } = await customerSays(t, a.conn, "5511900000003", "oi");
    await customerSays(t, b.conn, "5511900000003", "oi B");
    const mine = await expectOk<{ tickets: Ticket[] }>(
      await t.request("/api/ticket/kanban", { token: a.adminToken }),
    );
    assert.deepEqual(mine.tickets.map((x) => x.id), [ticketId]);
    const none = await expectOk<{ tickets: Ticket[] }>(
      await t.request("/api/ticket/kanban", { token: outsider.token }),
    );
    assert.equal(none.tickets.length, 0);
  } finally {
    await t.close();
  }
});

Deno.test("[kanban] the lane timer moves an open ticket once, sends the greeting, and is safe twice", async () => {
  let offset = 0;
  const t = await createTestApp({ scheduler: false, clock: { now: () => new Date(Date.now() + offset) } });
  try {
    const { a } = await world(t);
    const { ticketId } = await customerSays(t, a.conn, "5511900000004", "oi");
    const next = await lane(t, a.company.id, "Follow-up", { greetingMessageLane: "Still interested?" });
    const first = await lane(t, a.company.id, "Lead", { timeLane: 2, nextLaneId: next.id });
    await expectOk(
      await t.request(`/api/tickets/${ticketId}`, {
        method: "PUT",
        token: a.adminToken,
        json: { status: "open" },
      }),
    );
    await expectOk(
      await t.request(`/api/messages/${ticketId}`, {
        method: "POST",
        token: a.adminToken,
        json: { body: "Here is our offer" },
      }),
      201,
    );
    await expectOk(
      await t.request(`/api/ticket-tags/${ticketId}/${first.id}`, { method: "PUT", token: a.adminToken }),
    );
    const [job] = await t.deps.db.select().from(jobs).where(eq(jobs.name, LANE_TIMER_JOB));
    assert.ok(job, "a timer job is armed");
    assert.ok(Date.parse(job.runAt) > Date.now() + 3600_000, "due after timeLane hours");
    await runDueJobs(t.deps);
    const [still] = await t.deps.db.select().from(jobs).where(eq(jobs.id, job.id));
    assert.equal(still.status, "pending", "not due yet");

    // Three hours later (the injected clock): the job is due and runs.
    offset = 3 * 3600_000;
    await runDueJobs(t.deps);
    await settleBus(t);
    const links = await t.deps.db.select().from(ticketTags).where(eq(ticketTags.ticketId, ticketId));
    assert.deepEqual(links.map((l) => l.tagId), [next.id]);
    const sent = (await outbound(t, ticketId)).map((m) => m.body);
    assert.equal(sent.filter((b) => b === "Still interested?").length, 1);

    // Run the same job again (a crash before "done"): nothing changes, nothing is sent twice.
    await t.deps.database.write((tx) =>
      tx.update(jobs).set({ status: "pending", runAt: new Date(0).toISOString() }).where(eq(jobs.id, job.id))
    );
    await runDueJobs(t.deps);
    await settleBus(t);
    assert.equal((await outbound(t, ticketId)).filter((m) => m.body === "Still interested?").length, 1);
  } finally {
    await t.close();
  }
});

Deno.test("[kanban] the customer's message sends the ticket back to the rollback lane", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    const { a } = await world(t);
    const { ticketId } = await customerSays(t, a.conn, "5511900000005", "oi");
    const back = await lane(t, a.company.id, "Talking");
    const waiting = await lane(t, a.company.id, "Waiting", { rollbackLaneId: back.id });
    await expectOk(
      await t.request(`/api/ticket-tags/${ticketId}/${waiting.id}`, { method: "PUT", token: a.adminToken }),
    );
    await customerSays(t, a.conn, "5511900000005", "any news?");
    const links = await t.deps.db.select().from(ticketTags).where(eq(ticketTags.ticketId, ticketId));
    assert.deepEqual(links.map((l) => l.tagId), [back.id]);
  } finally {
    await t.close();
  }
});
