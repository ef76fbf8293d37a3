import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { createTestApp } from "../_helpers/test_app.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { expectOk } from "../_helpers/http.ts";
import { createTenant } from "../_helpers/tenant.ts";

Deno.test("[inbox] one chat's replies reach the webhook in order, even when the first delivery is retried", async () => {
  const t = await createTestApp({ scheduler: false });
  const sink = startWebhookSink();
  try {
    const { adminToken, conn } = await createTenant(t, { webhook: sink, user: false });
    const { ticketId } = await customerSays(t, conn, "5511955550000", "oi");
    await expectOk(
      await t.request(`/api/tickets/${ticketId}`, {
        method: "PUT",
        token: adminToken,
        json: { status: "open" },
      }),
    );
    sink.status = 500; // the integrator is down
    for (const body of ["first", "second", "third"]) {
      await expectOk(
        await t.request(`/api/messages/${ticketId}`, { method: "POST", token: adminToken, json: { body } }),
        201,
      );
    }
    await runDueJobs(t.deps);
    assert.equal(sink.received.length, 0);
    // Only the oldest job of the chat was attempted; the others wait behind it.
    const rows = await t.deps.db.all<{ attempts: number }>(
      sql`SELECT attempts FROM jobs WHERE name = 'channels.api.deliver' ORDER BY id`,
    );
    assert.deepEqual(rows.map((r) => r.attempts), [1, 0, 0]);

    sink.status = 200;
    await t.deps.database.write((tx) => tx.run(sql`UPDATE jobs SET run_at = '2000-01-01T00:00:00.000Z'`));
    await runDueJobs(t.deps);
    assert.deepEqual(sink.received.map((r) => r.json.body), ["first", "second", "third"]);
  } finally {
    await sink.close();
    await t.close();
  }
});
