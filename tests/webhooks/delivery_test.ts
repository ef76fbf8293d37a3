/**
 * Event webhooks against a local receiver: signed as documented, versioned payloads, ticket.created
 * before the ticket's first message; retries after a 500 and after a timeout with growing backoff
 * (injected clock, no sleeps); a ticket's events in order while other tickets go on.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { webhookAttempts, webhookDeliveries } from "@db/schema.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { parsePayload, settle, startReceiver, subscribe, verifyAsDocumented } from "./_receiver.ts";

const deliveriesOf = (t: TestApp, subscriptionId: number) =>
  t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, subscriptionId))
    .orderBy(webhookDeliveries.id);

Deno.test("[webhooks] signed, versioned, ticket.created first; the documented recipe verifies", async () => {
  const clock = new ManualClock();
  const t = await createTestApp({ scheduler: false, clock });
  const rx = startReceiver();
  try {
    const a = await createTenant(t, { webhook: null, user: false });
    const sub = await subscribe(t, a.adminToken, rx.url, [
      "ticket.created",
      "message.created",
      "ticket.updated",
    ]);
    const first = await customerSays(t, a.conn, "5511988880001", "Olá");
    await settle(t);
    assert.deepEqual(rx.calls.map((c) => c.json.type), ["ticket.created", "message.created"]);
    const [created, message] = rx.calls.map(parsePayload);
    assert.equal(created.version, 1);
    assert.equal(created.companyId, a.company.id);
    assert.equal((created.data as { ticket: { id: number } }).ticket.id, first.ticketId);
    assert.equal((message.data as { message: { id: number; body: string } }).message.id, first.messageId);
    for (const c of rx.calls) {
      const header = c.headers.get("atende-signature")!;
      assert.match(header, /^t=\d+,v1=[0-9a-f]{64}$/);
      assert.ok(
        await verifyAsDocumented(sub.secret, header, c.body, Math.floor(clock.now().getTime() / 1000)),
      );
      assert.ok(
        !await verifyAsDocumented(sub.secret, header, c.body + " ", Math.floor(clock.now().getTime() / 1000)),
      );
      // Outside the replay window, the same signature is refused.
      assert.ok(
        !await verifyAsDocumented(sub.secret, header, c.body, Math.floor(clock.now().getTime() / 1000) + 301),
      );
      assert.equal(c.headers.get("atende-event-id"), c.json.id);
      assert.equal(c.headers.get("atende-event-type"), c.json.type);
      assert.equal(c.headers.get("atende-attempt"), "1");
    }
    // A second message on the same ticket: no second ticket.created.
    await customerSays(t, a.conn, "5511988880001", "Tudo bem?");
    await settle(t);
    assert.deepEqual(rx.calls.map((c) => c.json.type), [
      "ticket.created",
      "message.created",
      "message.created",
    ]);
    // Accepting the ticket changes its status and assignee: ticket.updated says what changed.
    await expectOk(
      await t.request(`/api/tickets/${first.ticketId}`, {
        method: "PUT",
        token: a.adminToken,
        json: { status: "open" },
      }),
    );
    await settle(t);
    const updated = rx.calls.filter((c) => c.json.type === "ticket.updated").map(parsePayload);
    assert.equal(updated.length, 1);
    const changes = (updated[0].data as { changes: Json }).changes;
    assert.deepEqual(changes.status, { from: "pending", to: "open" });
    assert.deepEqual(changes.userId, { from: null, to: a.admin.user.id });
    assert.ok((await deliveriesOf(t, sub.id)).every((d) => d.status === "delivered" && d.attempts === 1));
  } finally {
    await rx.close();
    await t.close();
  }
});

Deno.test("[webhooks] retries after a 500 and after a timeout, with growing backoff", async () => {
  const clock = new ManualClock();
  const t = await createTestApp({ scheduler: false, clock, env: { WEBHOOK_TIMEOUT_MS: "300" } });
  const rx = startReceiver();
  try {
    const a = await createTenant(t, { webhook: null, user: false });
    const sub = await subscribe(t, a.adminToken, rx.url, ["message.created"]);
    rx.answer = (_c, i) => (i === 0 ? 500 : i === 1 ? "hang" : 200);
    await customerSays(t, a.conn, "5511988880002", "Olá");
    await settle(t);
    let [d] = await deliveriesOf(t, sub.id);
    assert.equal(rx.calls.length, 1);
    assert.equal(d.status, "pending");
    assert.equal(d.lastStatusCode, 500);
    const wait1 = Date.parse(d.nextAttemptAt!) - clock.now().getTime();
    assert.ok(wait1 >= 5_000 && wait1 <= 10_000, `first retry in [5 s, 10 s]: ${wait1}`);

    // Not due yet: nothing is sent.
    clock.advance(wait1 - 1);
    await runDueJobs(t.deps);
    assert.equal(rx.calls.length, 1);

    clock.advance(1);
    await runDueJobs(t.deps); // the receiver never answers: the 300 ms timeout ends the attempt
    [d] = await deliveriesOf(t, sub.id);
    assert.equal(rx.calls.length, 2);
    assert.equal(d.status, "pending");
    assert.equal(d.lastStatusCode, null);
    assert.match(d.lastError ?? "", /no answer in 300 ms/);
    const wait2 = Date.parse(d.nextAttemptAt!) - clock.now().getTime();
    assert.ok(wait2 >= 10_000 && wait2 <= 20_000, `second retry in [10 s, 20 s]: ${wait2}`);

    clock.advance(wait2);
    await runDueJobs(t.deps);
    [d] = await deliveriesOf(t, sub.id);
    assert.equal(d.status, "delivered");
    assert.equal(d.attempts, 3);
    // The same event id on every attempt; the attempt header counts.
    assert.equal(new Set(rx.calls.map((c) => c.json.id)).size, 1);
    assert.deepEqual(rx.calls.map((c) => c.headers.get("atende-attempt")), ["1", "2", "3"]);
    const log = await t.deps.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, d.id))
      .orderBy(webhookAttempts.id);
    assert.deepEqual(log.map((l) => l.statusCode), [500, null, 200]);
    assert.equal(log[0].responseBody, "failure 500");
    assert.ok(log[1].durationMs >= 250, `the timeout attempt lasted ${log[1].durationMs} ms`);
  } finally {
    await rx.close();
    await t.close();
  }
});

Deno.test("[webhooks] in order per ticket: a ticket's later event waits, other tickets go on", async () => {
  const clock = new ManualClock();
  const t = await createTestApp({ scheduler: false, clock });
  const rx = startReceiver();
  try {
    const a = await createTenant(t, { webhook: null, user: false });
    await subscribe(t, a.adminToken, rx.url, ["message.created"]);
    const bodyOf = (c: { json: { data: Record<string, unknown> } }) =>
      (c.json.data.message as { body: string }).body;
    // The receiver refuses ticket A's first event once.
    let refused = false;
    rx.answer = (c) => (bodyOf(c) === "A1" && !refused ? (refused = true, 500) : 200);
    await customerSays(t, a.conn, "5511988880010", "A1");
    await customerSays(t, a.conn, "5511988880010", "A2");
    await customerSays(t, a.conn, "5511988880020", "B1");
    await customerSays(t, a.conn, "5511988880010", "A3");
    await settle(t);
    // Different tickets go in parallel (either may arrive first).
    assert.deepEqual(rx.calls.map(bodyOf).sort(), ["A1", "B1"], "A2 and A3 wait behind the failed A1");
    clock.advance(10_000);
    await runDueJobs(t.deps);
    assert.deepEqual(rx.calls.slice(2).map(bodyOf), ["A1", "A2", "A3"]);
  } finally {
    await rx.close();
    await t.close();
  }
});
