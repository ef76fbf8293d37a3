/**
 * A flow's interval ends in a durable `flow.resume` job. The queue runs a job again when its worker
 * died between the work and the `done` mark; the flow's sends then carry a send key (like a bot
 * turn's replies), so the re-run finds what it already said and hands nothing to the customer
 * twice. The crash is produced in the database as the queue would meet it: the job left `running`
 * by a dead worker, the ticket's park after the sends never written.
 */
import assert from "node:assert/strict";
import { and, eq, sql } from "drizzle-orm";
import { jobs, tickets } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import { customerSays, outbound, ticketRow } from "../_helpers/inbox.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { edge, nid, node } from "./_graph.ts";

Deno.test("[flows] a flow.resume job run again after a crash says nothing twice", async () => {
  let now = Math.floor(Date.now() / 1000) * 1000;
  const clock = { now: () => new Date(now) };
  const t = await createTestApp({ clock, scheduler: false });
  try {
    const w = await createTenant(t, { webhook: null, user: false });
    const tok = w.adminToken;
    const f = await expectOk<Json>(
      await t.request("/api/flowbuilder", { method: "POST", token: tok, json: { name: "Espera" } }),
      201,
    );
    await expectOk(
      await t.request("/api/flowbuilder/flow", {
        method: "POST",
        token: tok,
        json: {
          idFlow: f.id,
          nodes: [
            node("start", "start"),
            node("wait", "interval", { sec: 10 }),
            node("one", "message", { label: "Primeira" }),
            node("two", "message", { label: "Segunda" }),
            node("menu", "menu", { message: "Escolha", arrayOption: [{ number: 1, value: "Sim" }] }),
            node("yes", "message", { label: "Ótimo" }),
          ],
          connections: [
            edge("start", "wait"),
            edge("wait", "one"),
            edge("one", "two"),
            edge("two", "menu"),
            edge("menu", "yes", "a1"),
          ],
        },
      }),
    );
    await expectOk(
      await t.request(`/api/whatsapp/${w.conn.id}`, {
        method: "PUT",
        token: tok,
        json: { flowIdWelcome: f.id },
      }),
    );
    const { ticketId } = await customerSays(t, w.conn, { number: "5511900000031", name: "Rita" }, "oi");
    const parked = await ticketRow(t, ticketId);
    assert.equal(parked.lastFlowId, nid("wait"));

    now += 11_000;
    await runDueJobs(t.deps);
    await t.deps.bus.drain();
    const said = ["Primeira", "Segunda", "Escolha\n\n[1] Sim"];
    assert.deepEqual((await outbound(t, ticketId)).map((m) => m.body), said);

    // The worker died after the sends: its park on the menu never landed and the job stayed
    // `running` under it. The queue hands the job over again (same id, next attempt).
    await t.deps.database.write(async (tx) => {
      await tx.update(tickets).set({
        lastFlowId: parked.lastFlowId,
        flowWebhook: parked.flowWebhook,
        dataWebhook: parked.dataWebhook,
      }).where(eq(tickets.id, ticketId));
      await tx.update(jobs).set({
        status: "running",
        lockedBy: "a-dead-worker",
        lockedAt: new Date(now - 3_600_000).toISOString(),
      }).where(and(eq(jobs.name, "flow.resume"), sql`${jobs.payload} LIKE ${`%"ticketId":${ticketId},%`}`));
    });
    assert.ok(await runDueJobs(t.deps) >= 1, "the job ran again");
    await t.deps.bus.drain();

    assert.deepEqual((await outbound(t, ticketId)).map((m) => m.body), said, "nothing said twice");
    const after = await ticketRow(t, ticketId);
    assert.equal(after.lastFlowId, nid("menu"), "the re-run parks the flow where the first run did");
    assert.equal(after.flowWebhook, true);
  } finally {
    await t.close();
  }
});
