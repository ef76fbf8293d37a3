/**
 * A receiver that fails for a day: the delivery is retried with backoff for 24 h, then the
 * subscription is paused and its admins get a mail; nothing is queued for it while paused, and
 * resuming starts afresh. And two workers on one database never send a delivery twice.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { webhookDeliveries, webhookEvents, webhookSubscriptions } from "@db/schema.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { customerSays, messageRow } from "../_helpers/inbox.ts";
import { expectOk } from "../_helpers/http.ts";
import { login } from "../_helpers/factories.ts";
import { DAY, ManualClock } from "../_helpers/clock.ts";
import { settle, startReceiver, subscribe } from "./_receiver.ts";

Deno.test("[webhooks] failing for 24 h: retried with backoff, then paused and the admins told", async () => {
  const clock = new ManualClock();
  const t = await createTestApp({ scheduler: false, clock });
  const rx = startReceiver();
  try {
    const a = await createTenant(t, { webhook: null, user: false });
    const sub = await subscribe(t, a.adminToken, rx.url, ["message.created"]);
    rx.answer = () => 500;
    const start = clock.now().getTime();
    await customerSays(t, a.conn, "5511988880100", "Olá");
    await settle(t);
    const waits: number[] = [];
    for (let i = 0; i < 200; i++) {
      const [d] = await t.deps.db.select().from(webhookDeliveries)
        .where(eq(webhookDeliveries.subscriptionId, sub.id));
      if (d.status !== "pending") break;
      const due = Date.parse(d.nextAttemptAt!);
      waits.push(due - clock.now().getTime());
      clock.set(new Date(due));
      await runDueJobs(t.deps);
    }
    const [d] = await t.deps.db.select().from(webhookDeliveries).where(
      eq(webhookDeliveries.subscriptionId, sub.id),
    );
    assert.equal(d.status, "failed");
    assert.equal(d.attempts, rx.calls.length);
    assert.ok(clock.now().getTime() - start >= DAY, "retried for at least 24 h");
    // Exponential: each wait at least the half of the next cap; never more than an hour.
    assert.ok(waits[0] >= 5_000 && waits[0] <= 10_000);
    assert.ok(waits[5] >= 160_000, `the 6th wait has grown: ${waits[5]}`);
    assert.ok(waits.every((w) => w <= 3600_000));
    assert.ok(rx.calls.length >= 25 && rx.calls.length <= 60, `${rx.calls.length} attempts in a day`);

    const [s] = await t.deps.db.select().from(webhookSubscriptions).where(
      eq(webhookSubscriptions.id, sub.id),
    );
    assert.equal(s.status, "paused");
    assert.ok(Date.parse(s.pausedAt!) - Date.parse(s.failingSince!) >= DAY);
    const mails = [...Deno.readDirSync(`${t.dataDir}/outbox`)].map((f) =>
      Deno.readTextFileSync(`${t.dataDir}/outbox/${f.name}`)
    );
    assert.ok(mails.some((m) => m.includes(a.admin.email) && m.includes("paused") && m.includes(rx.url)));

    // Paused: new events are not queued for it.
    await customerSays(t, a.conn, "5511988880100", "Alguém?");
    await settle(t);
    assert.equal(
      (await t.deps.db.select().from(webhookDeliveries)
        .where(eq(webhookDeliveries.subscriptionId, sub.id))).length,
      1,
    );

    // Resumed by an admin (signed in again: a day has passed): healthy again, the next event goes out.
    rx.answer = () => 200;
    const { token } = await login(t, a.admin);
    const resumed = await expectOk(
      await t.request(`/api/webhook-subscriptions/${sub.id}`, {
        method: "PUT",
        token,
        json: { status: "active" },
      }),
    );
    assert.equal(resumed.status, "active");
    assert.equal(resumed.failingSince, null);
    const n = rx.calls.length;
    await customerSays(t, a.conn, "5511988880100", "Voltou");
    await settle(t);
    assert.equal(rx.calls.length, n + 1);
  } finally {
    await rx.close();
    await t.close();
  }
});

const N = 300;

Deno.test("[webhooks] two instances on one database: each event once, each delivery sent once", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "atende-hooks-" });
  const t = await createTestApp({ scheduler: false, dataDir });
  const rx = startReceiver();
  try {
    const a = await createTenant(t, { webhook: null, user: false });
    const sub = await subscribe(t, a.adminToken, rx.url, ["message.created"]);
    const sent = [];
    for (let i = 0; i < N; i++) {
      sent.push(await customerSays(t, a.conn, `55119888802${String(i % 30).padStart(2, "0")}`, `m${i}`));
    }
    // The same message emitted again (a re-emit, another instance seeing it): its key keeps it one event.
    const ticket = await expectOk<Record<string, unknown>>(
      await t.request(`/api/tickets/${sent[0].ticketId}`, { token: a.adminToken }),
    );
    const row = await messageRow(t, sent[0].messageId);
    t.deps.bus.emit("message.created", {
      companyId: a.company.id,
      // deno-lint-ignore no-explicit-any
      message: { ...row, contact: null, quotedMsg: null } as any,
      // deno-lint-ignore no-explicit-any
      ticket: ticket as any,
    });
    await t.deps.bus.drain();
    const events = await t.deps.db.select().from(webhookEvents).where(
      eq(webhookEvents.companyId, a.company.id),
    );
    assert.equal(events.length, N);

    // The other instance: a separate process on the same file, running the queue at the same moment.
    const other = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", new URL("./_worker_process.ts", import.meta.url).pathname],
      env: { DATA_DIR: dataDir, SYNC_DIR: dataDir, NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const deadline = Date.now() + 60_000;
    while (!(await Deno.stat(`${dataDir}/ready`).catch(() => null)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
    await Deno.writeTextFile(`${dataDir}/go`, "1");
    let mine = 0;
    for (let n = -1; n !== 0;) mine += n = await runDueJobs(t.deps);
    const out = await other;
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    const { ran } = JSON.parse(new TextDecoder().decode(out.stdout).trim().split("\n").at(-1)!);
    console.log(`this instance ran ${mine} jobs, the other ${ran}`);
    const ids = rx.calls.map((c) => c.json.id);
    assert.equal(ids.length, N);
    assert.equal(new Set(ids).size, N, "no event sent twice");
    const ds = await t.deps.db.select().from(webhookDeliveries).where(
      eq(webhookDeliveries.subscriptionId, sub.id),
    );
    assert.equal(ds.length, N);
    assert.ok(ds.every((d) => d.status === "delivered" && d.attempts === 1));
  } finally {
    await rx.close();
    await t.close();
    await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
  }
});
