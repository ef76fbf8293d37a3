/**
 * The delivery log of a subscription: deliveries newest first (paged, by status), one delivery's
 * request body and attempts, and "send again" — a new attempt of the same event id, logged as
 * manual. Admins only; another company's subscription or delivery answers 404.
 */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { expectError, expectOk } from "../_helpers/http.ts";
import { DAY, ManualClock } from "../_helpers/clock.ts";
import { eq } from "drizzle-orm";
import { jobs, webhookAttempts, webhookDeliveries } from "@db/schema.ts";
import { purgeWebhookLog } from "@/webhooks/purge.ts";
import { DELIVER_JOB } from "@/webhooks/delivery.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import type { WebhookDeliveryDetail, WebhookDeliveryPage } from "@contract/webhooks.ts";
import { settle, startReceiver, subscribe } from "./_receiver.ts";

Deno.test("[webhooks] delivery log and send again", async (tt) => {
  const clock = new ManualClock();
  const t = await createTestApp({ scheduler: false, clock });
  const rx = startReceiver();
  try {
    const a = await createTenant(t, { webhook: null });
    const b = await createTenant(t);
    const sub = await subscribe(t, a.adminToken, rx.url, ["message.created"]);
    rx.answer = (c) => ((c.json.data.message as { body: string }).body === "two" ? 500 : 200);
    await customerSays(t, a.conn, "5511988880300", "one");
    await customerSays(t, a.conn, "5511988880301", "two");
    await settle(t);
    const base = `/api/webhook-subscriptions/${sub.id}/deliveries`;
    let page!: WebhookDeliveryPage;

    await tt.step("the list: newest first, paged, by status", async () => {
      page = await expectOk<WebhookDeliveryPage>(await t.request(base, { token: a.adminToken }));
      assert.equal(page.deliveries.length, 2);
      assert.equal(page.hasMore, false);
      assert.ok(page.deliveries[0].id > page.deliveries[1].id);
      assert.deepEqual(page.deliveries.map((d) => d.status), ["pending", "delivered"]);
      assert.equal(page.deliveries[0].lastStatusCode, 500);
      assert.equal(page.deliveries[0].eventType, "message.created");
      const one = await expectOk<WebhookDeliveryPage>(
        await t.request(`${base}?limit=1`, { token: a.adminToken }),
      );
      assert.equal(one.hasMore, true);
      const next = await expectOk<WebhookDeliveryPage>(
        await t.request(`${base}?limit=1&before=${one.deliveries[0].id}`, { token: a.adminToken }),
      );
      assert.equal(next.deliveries[0].id, page.deliveries[1].id);
      const ok = await expectOk<WebhookDeliveryPage>(
        await t.request(`${base}?status=delivered`, { token: a.adminToken }),
      );
      assert.deepEqual(ok.deliveries.map((d) => d.id), [page.deliveries[1].id]);
    });

    await tt.step("one delivery: the request body and the attempts", async () => {
      const d = await expectOk<WebhookDeliveryDetail>(
        await t.request(`${base}/${page.deliveries[0].id}`, { token: a.adminToken }),
      );
      const sent = JSON.parse(d.requestBody);
      assert.equal(sent.id, d.eventId);
      assert.equal(sent.data.message.body, "two");
      assert.equal(d.log.length, 1);
      assert.equal(d.log[0].statusCode, 500);
      assert.equal(d.log[0].responseBody, "failure 500");
      assert.equal(d.log[0].attempt, 1);
      assert.equal(typeof d.log[0].durationMs, "number");
    });

    await tt.step("401, 403, 404", async () => {
      const id = page.deliveries[0].id;
      await expectError(
        await t.request(`${base}/${id}/resend`, { method: "POST" }),
        401,
        "ERR_UNAUTHENTICATED",
      );
      await expectError(await t.request(base, { token: a.userToken }), 403, "ERR_NO_PERMISSION");
      await expectError(
        await t.request(`${base}/${id}/resend`, { method: "POST", token: a.userToken }),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectError(await t.request(base, { token: b.adminToken }), 404, "ERR_NOT_FOUND");
      await expectError(await t.request(`${base}/${id}`, { token: b.adminToken }), 404, "ERR_NOT_FOUND");
      await expectError(
        await t.request(`${base}/${id}/resend`, { method: "POST", token: b.adminToken }),
        404,
        "ERR_NOT_FOUND",
      );
      // B's own subscription does not open A's deliveries either.
      const bs = await subscribe(t, b.adminToken, rx.url, ["contact.created"]);
      await expectError(
        await t.request(`/api/webhook-subscriptions/${bs.id}/deliveries/${id}`, { token: b.adminToken }),
        404,
        "ERR_NOT_FOUND",
      );
    });

    await tt.step("send again: the same event id, a manual attempt, delivered", async () => {
      rx.answer = () => 200;
      const id = page.deliveries[0].id;
      const before = rx.calls.length;
      await expectOk(await t.request(`${base}/${id}/resend`, { method: "POST", token: a.adminToken }), 202);
      await runDueJobs(t.deps);
      assert.equal(rx.calls.length, before + 1);
      const d = await expectOk<WebhookDeliveryDetail>(
        await t.request(`${base}/${id}`, { token: a.adminToken }),
      );
      assert.equal(rx.calls.at(-1)!.json.id, d.eventId);
      assert.equal(d.status, "delivered");
      assert.equal(d.log.length, 2);
      assert.equal(d.log[0].manual, true);
      assert.equal(d.log[0].statusCode, 200);
      // The automatic retry that was still waiting finds it delivered and sends nothing.
      clock.advance(60_000);
      await runDueJobs(t.deps);
      assert.equal(rx.calls.length, before + 1);
      // A delivered one may be sent again too (the receiver dedupes on the id).
      const other = page.deliveries[1].id;
      await expectOk(
        await t.request(`${base}/${other}/resend`, { method: "POST", token: a.adminToken }),
        202,
      );
      await runDueJobs(t.deps);
      assert.equal(rx.calls.length, before + 2);
    });
  } finally {
    await rx.close();
    await t.close();
  }
});

Deno.test("[webhooks] the log is kept 30 days, the queue's finished rows a day", async () => {
  const clock = new ManualClock();
  const t = await createTestApp({ scheduler: false, clock });
  const rx = startReceiver();
  try {
    const a = await createTenant(t, { webhook: null, user: false });
    const sub = await subscribe(t, a.adminToken, rx.url, ["message.created"]);
    await customerSays(t, a.conn, "5511988880400", "one");
    await settle(t);
    const count = async () => ({
      deliveries: (await t.deps.db.select().from(webhookDeliveries)
        .where(eq(webhookDeliveries.subscriptionId, sub.id))).length,
      attempts: (await t.deps.db.select().from(webhookAttempts)).length,
      jobs: (await t.deps.db.select().from(jobs).where(eq(jobs.name, DELIVER_JOB))).length,
    });
    assert.deepEqual(await count(), { deliveries: 1, attempts: 1, jobs: 1 });
    clock.advance(2 * DAY);
    await purgeWebhookLog(t.deps, clock.now());
    assert.deepEqual(await count(), { deliveries: 1, attempts: 1, jobs: 0 });
    clock.advance(29 * DAY);
    await purgeWebhookLog(t.deps, clock.now());
    assert.deepEqual(await count(), { deliveries: 0, attempts: 0, jobs: 0 });
  } finally {
    await rx.close();
    await t.close();
  }
});
