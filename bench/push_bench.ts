/**
 * Web Push under a burst: 1,000 users with a subscribed device each, 500 open tickets assigned to 500
 * of them, then 500 inbound messages at once (one per ticket). Prints pushes sent, event → push
 * request latency (p50/p99/max, from the bus's `message.created` to the request arriving at the
 * local push service, which checks VAPID and decrypts every payload), strays (pushes to users not
 * concerned) and duplicates. In-process: the production composition (tests/_helpers/test_app.ts)
 * with its scheduler, so the lease holder's job worker sends as in production.
 */
import { eq, inArray } from "drizzle-orm";
import { pushSubscriptions, tickets, users } from "@db/schema.ts";
import { createTestApp } from "../tests/_helpers/test_app.ts";
import { createTenant } from "../tests/_helpers/tenant.ts";
import { startPushServer } from "../tests/_helpers/push_server.ts";
import { hashPassword } from "@/lib/crypto.ts";
import { pct } from "./_lib.ts";

const USERS = Number(Deno.env.get("USERS") ?? 1000);
const MESSAGES = Number(Deno.env.get("MESSAGES") ?? 500);

const t = await createTestApp();
const push = startPushServer();
try {
  const w = await createTenant(t, { user: false, webhook: null, queues: [{ name: "Bench" }] });
  const companyId = w.company.id;
  const key = await (await t.request("/api/push/key", { token: w.adminToken })).json();
  push.expectKey(key.publicKey);

  // 1,000 users (none in the queue: the setup's waiting tickets ring nobody), one device each.
  const hash = await hashPassword("Bench#2026");
  const made = await t.deps.database.write((tx) =>
    tx.insert(users).values(
      Array.from({ length: USERS }, (_, i) => ({
        companyId,
        name: `Agent ${i}`,
        email: `agent-${i}-${crypto.randomUUID().slice(0, 6)}@bench.local`,
        passwordHash: hash,
        profile: "user" as const,
      })),
    ).returning({ id: users.id })
  );
  const subs: { userId: number; id: string; endpoint: string; keys: { p256dh: string; auth: string } }[] = [];
  for (const u of made) subs.push({ userId: u.id, ...(await push.subscribe()) });
  await t.deps.database.write((tx) =>
    tx.insert(pushSubscriptions).values(
      subs.map((s) => ({
        companyId,
        userId: s.userId,
        endpoint: s.endpoint,
        p256dh: s.keys.p256dh,
        auth: s.keys.auth,
        lang: "en",
      })),
    )
  );
  const deviceOf = new Map(subs.map((s) => [s.id, s.userId]));

  // 500 tickets (one customer each), then assigned to 500 users directly (no events: setup only).
  const numbers = Array.from({ length: MESSAGES }, (_, i) => `55119${String(10_000_000 + i)}`);
  const ticketIds: number[] = [];
  for (const n of numbers) {
    const r = await (await t.request("/api/channels/api/messages", {
      method: "POST",
      headers: { authorization: `Bearer ${w.conn.token}` },
      json: { externalId: `setup-${n}`, from: { number: n, name: `Customer ${n}` }, body: "hello" },
    })).json();
    ticketIds.push(r.ticketId);
  }
  await t.deps.bus.drain();
  await t.deps.database.write(async (tx) => {
    for (let i = 0; i < ticketIds.length; i++) {
      await tx.update(tickets).set({ status: "open", userId: made[i].id }).where(
        eq(tickets.id, ticketIds[i]),
      );
    }
  });
  const assignee = new Map(ticketIds.map((id, i) => [id, made[i].id]));
  push.received.length = 0;

  // The burst: every message's event time, keyed by its text.
  const eventAt = new Map<string, number>();
  t.deps.bus.on("message.created", (e) => {
    if (!e.message.fromMe) eventAt.set(e.message.body, performance.now());
  });
  const t0 = performance.now();
  await Promise.all(numbers.map((n, i) =>
    t.request("/api/channels/api/messages", {
      method: "POST",
      headers: { authorization: `Bearer ${w.conn.token}` },
      json: { externalId: `burst-${n}`, from: { number: n }, body: `burst ${i}` },
    }).then((r) => r.body?.cancel())
  ));
  const posted = performance.now() - t0;
  await push.waitFor(MESSAGES, 120_000).catch((err) => console.error(String(err)));
  const done = performance.now() - t0;

  const lat: number[] = [];
  const seen = new Set<string>();
  let duplicates = 0, strays = 0;
  for (const r of push.received) {
    const body = String(r.payload.body);
    const k = `${r.subscriptionId}|${body}`;
    if (seen.has(k)) duplicates++;
    seen.add(k);
    const ticketId = Number(r.payload.ticketId);
    if (deviceOf.get(r.subscriptionId) !== assignee.get(ticketId)) strays++;
    const at = eventAt.get(body);
    if (at !== undefined) lat.push(r.receivedAt - at);
  }
  const left = await t.deps.db.select().from(pushSubscriptions).where(
    inArray(pushSubscriptions.companyId, [companyId]),
  );
  console.log(
    `\n## push_bench (${new Date().toISOString()}, load ${
      Deno.loadavg().map((x) => x.toFixed(1)).join(" ")
    })\n`,
  );
  console.log("| figure | value |\n| --- | --- |");
  console.log(`| subscribed users (devices) | ${USERS} (${left.length}) |`);
  console.log(`| inbound messages (burst) | ${MESSAGES}, all POSTed in ${posted.toFixed(0)} ms |`);
  console.log(`| pushes sent (received and decrypted) | ${push.received.length} |`);
  console.log(`| refused by the push service | ${push.refused.length} |`);
  console.log(
    `| event → push request p50 / p99 / max | ${pct(lat, 0.5).toFixed(0)} / ${pct(lat, 0.99).toFixed(0)} / ${
      Math.max(...lat).toFixed(0)
    } ms |`,
  );
  console.log(`| duplicates | ${duplicates} |`);
  console.log(`| pushes to users not concerned | ${strays} |`);
  console.log(`| burst start → last push | ${done.toFixed(0)} ms |`);
} finally {
  await push.close();
  await t.close();
}
