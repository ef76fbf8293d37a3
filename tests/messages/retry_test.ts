/**
 * A message of ours that could not be delivered: the reason is on the message (and on the
 * attendant's screen), and POST /api/messages/:id/retry sends it again.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { jobs } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import { customerSays, hookFor, messageRow } from "../_helpers/inbox.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { createTenant, userOf } from "../_helpers/tenant.ts";

Deno.test("[messages] POST /messages/:id/retry: a failed delivery is shown and sent again", async (tt) => {
  const t = await createTestApp({ scheduler: false });
  const sink = startWebhookSink();
  try {
    const a = await createTenant(t, { webhook: sink, user: false, queues: [{ name: "Vendas" }] });
    const carla = await userOf(t, a.company.id, { name: "Carla", queueIds: [a.queues[0].id] });
    const outsider = await userOf(t, a.company.id, { allTicket: "disabled" });
    const b = await createTenant(t, { webhook: null, user: false });
    const first = await customerSays(t, a.conn, "5511988887777", "Olá");
    await expectOk(
      await t.request(`/api/tickets/${first.ticketId}`, {
        method: "PUT",
        token: carla.token,
        json: { status: "open" },
      }),
    );
    // The integrator's endpoint is down for good: every attempt fails, the last gives up.
    sink.status = 500;
    const sent = await expectOk<Json & { id: number }>(
      await t.request(`/api/messages/${first.ticketId}`, {
        method: "POST",
        token: carla.token,
        json: { body: "Oi!" },
      }),
      201,
    );
    await t.deps.database.write((tx) =>
      tx.update(jobs).set({ maxAttempts: 1 }).where(eq(jobs.name, "channels.api.deliver"))
    );
    await runDueJobs(t.deps);
    await t.deps.bus.drain();
    const retry = (token: string | null, id = sent.id) =>
      t.request(`/api/messages/${id}/retry`, { method: "POST", ...(token ? { token } : {}) });

    await tt.step("the reason is written on the message", async () => {
      const row = await messageRow(t, sent.id);
      assert.match(row.sendError ?? "", /^webhook answered 500/);
    });

    await tt.step("401 without a session", async () => {
      await expectError(await retry(null), 401, "ERR_UNAUTHENTICATED");
    });

    await tt.step("404 from another company", async () => {
      await expectError(await retry(b.adminToken), 404, "ERR_NOT_FOUND");
    });

    await tt.step("403 for an attendant who may not see the ticket", async () => {
      await expectError(await retry(outsider.token), 403, "ERR_NO_PERMISSION");
    });

    await tt.step("sent again: the error cleared, delivered with a new id", async () => {
      sink.status = 200;
      const before = (await messageRow(t, sent.id)).wid;
      await expectOk(await retry(carla.token));
      const row = await messageRow(t, sent.id);
      assert.equal(row.sendError, null);
      assert.notEqual(row.wid, before);
      await runDueJobs(t.deps);
      await hookFor(sink, "5511988887777", (body) => body === "Oi!");
      assert.equal((await messageRow(t, sent.id)).ack, 2);
    });

    await tt.step("400 for a message that has not failed", async () => {
      await expectError(await retry(carla.token), 400, "ERR_VALIDATION");
      await expectError(await retry(carla.token, first.messageId), 400, "ERR_VALIDATION");
    });
  } finally {
    await sink.close();
    await t.close();
  }
});
