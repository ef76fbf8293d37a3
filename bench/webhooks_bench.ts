/**
 * Event webhooks benchmark: events at RATE/s (500) for SECONDS (20) into the webhooks listener's
 * outbox (→ deliveries → job queue → signed POST through the fetch guard) to a local
 * receiver; prints event → delivered p50/p99/max. Then a receiver outage of OUTAGE seconds (60;
 * OUTAGE=10 for a quick run) while events keep coming, and the backlog drained after it: how long,
 * whether every event arrived (lost) and how many arrived twice. The app runs in this process (the
 * same composition as production, its scheduler leading the queue); the receiver too.
 *
 *   deno run -A bench/webhooks_bench.ts
 * Env: RATE (500), SECONDS (20), OUTAGE (60), TICKETS (200: events spread over that many tickets,
 * each ticket's kept in order).
 */
import { count, eq } from "drizzle-orm";
import { webhookDeliveries, webhookSubscriptions } from "@db/schema.ts";
import type { MessageDTO } from "@contract/messages.ts";
import type { TicketDTO } from "@contract/tickets.ts";
import { createTestApp } from "../tests/_helpers/test_app.ts";
import { Outbox } from "@/webhooks/outbox.ts";
import { messageEvent } from "@/webhooks/payloads.ts";
import { ms, pct, printTable } from "./_lib.ts";

const env = (k: string, d: string) => Number(Deno.env.get(k) ?? d);
const RATE = env("RATE", "500");
const SECONDS = env("SECONDS", "20");
const OUTAGE = env("OUTAGE", "60");
const TICKETS = env("TICKETS", "200");
const COMPANY = 1;

const emittedAt = new Map<number, number>();
const arrived = new Map<number, number>();
let duplicates = 0;
let down = false;
const receiver = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
  // A request the sender gave up on (its 10 s timeout) has no body left to read.
  const body = await req.json().catch(() => null);
  if (!body) return new Response("gone", { status: 400 });
  if (down) return new Response("down", { status: 503 });
  const id = body.data.message.id as number;
  if (arrived.has(id)) duplicates++;
  else arrived.set(id, performance.now());
  return new Response("ok");
});

const t = await createTestApp({ env: { LEASE_TTL_MS: "3000" } });
await t.deps.database.write((tx) =>
  tx.insert(webhookSubscriptions).values({
    companyId: COMPANY,
    url: `http://127.0.0.1:${receiver.addr.port}/events`,
    events: ["message.created"],
    secret: "",
    secretHint: "…",
  })
);
// A real secret, sealed as the service does.
const sealed = await t.deps.secrets.seal("whsec_bench");
await t.deps.database.write((tx) => tx.update(webhookSubscriptions).set({ secret: sealed }));
// The webhooks listener's own outbox, fed directly: the other listeners of message.created (sockets,
// automation, kanban) would look the synthetic tickets up and measure themselves, not the webhooks.
const outbox = new Outbox(t.deps);
while (!t.deps.jobs.leader) await new Promise((r) => setTimeout(r, 50));

const stamp = new Date().toISOString();
const ticket = (id: number) =>
  ({
    id,
    uuid: crypto.randomUUID(),
    status: "open",
    queueId: null,
    userId: null,
    contactId: id,
    whatsappId: null,
    channel: "api",
    isGroup: false,
    lastMessage: "",
    createdAt: "2000-01-01T00:00:00.000Z",
    updatedAt: stamp,
    closedAt: null,
  }) as unknown as TicketDTO;
const tickets = Array.from({ length: TICKETS }, (_, i) => ticket(i + 1));
let next = 1_000_000;
const message = (id: number, ticketId: number) =>
  ({
    id,
    ticketId,
    contactId: ticketId,
    body: `message ${id}`,
    fromMe: false,
    isPrivate: false,
    mediaType: "chat",
    mediaUrl: null,
    ack: 0,
    isDeleted: false,
    isEdited: false,
    quotedMsgId: null,
    userId: null,
    createdAt: stamp,
    updatedAt: stamp,
  }) as unknown as MessageDTO;

/** Emits at RATE/s for `seconds`, in 10 ms slices; answers the ids emitted. */
async function emitFor(seconds: number): Promise<number[]> {
  const ids: number[] = [];
  const start = performance.now();
  let sent = 0;
  while (performance.now() - start < seconds * 1000) {
    const due = Math.floor(((performance.now() - start) / 1000) * RATE);
    for (; sent < due; sent++) {
      const id = next++;
      const tk = tickets[id % TICKETS];
      emittedAt.set(id, performance.now());
      ids.push(id);
      outbox.add(
        messageEvent("message.created", { companyId: COMPANY, message: message(id, tk.id), ticket: tk }),
      );
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  return ids;
}

async function until(ids: number[], limitMs: number): Promise<number> {
  const start = performance.now();
  while (ids.some((id) => !arrived.has(id)) && performance.now() - start < limitMs) {
    await new Promise((r) => setTimeout(r, 100));
  }
  return performance.now() - start;
}

const latencies = (ids: number[]) =>
  ids.filter((id) => arrived.has(id)).map((id) => arrived.get(id)! - emittedAt.get(id)!);

console.log(
  `webhooks bench: ${RATE} events/s for ${SECONDS} s over ${TICKETS} tickets, then a ${OUTAGE} s outage`,
);
const steady = await emitFor(SECONDS);
const steadyWait = await until(steady, 120_000);
const l1 = latencies(steady);
const steadyLost = steady.filter((id) => !arrived.has(id)).length;

down = true;
const outageIds = await emitFor(OUTAGE);
down = false;
const recovered = performance.now();
const drainMs = await until(outageIds, 600_000);
const l2 = latencies(outageIds);
const lost = outageIds.filter((id) => !arrived.has(id)).length;
const [{ n: deliveries }] = await t.deps.db.select({ n: count() }).from(webhookDeliveries)
  .where(eq(webhookDeliveries.status, "delivered"));

printTable("event webhooks: event → delivered", [
  "phase",
  "events",
  "delivered",
  "lost",
  "p50",
  "p99",
  "max",
  "after last emit",
], [
  [
    `steady ${RATE}/s × ${SECONDS}s`,
    String(steady.length),
    String(steady.length - steadyLost),
    String(steadyLost),
    ms(pct(l1, 0.5)),
    ms(pct(l1, 0.99)),
    ms(Math.max(...l1)),
    ms(steadyWait),
  ],
  [
    `outage ${OUTAGE}s, then drain`,
    String(outageIds.length),
    String(outageIds.length - lost),
    String(lost),
    ms(pct(l2, 0.5)),
    ms(pct(l2, 0.99)),
    ms(Math.max(...l2)),
    `drained ${(drainMs / 1000).toFixed(1)} s after recovery`,
  ],
]);
console.log(
  `duplicates received: ${duplicates}; deliveries marked delivered: ${deliveries}; ` +
    `recovered at +${
      ((recovered - (emittedAt.get(outageIds[0]) ?? recovered)) / 1000).toFixed(1)
    } s of the outage`,
);
await t.close();
await receiver.shutdown();
Deno.exit(0);
