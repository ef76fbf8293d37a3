/**
 * Where events become deliveries. The listeners hand candidates here in emission order; each batch
 * (everything that arrived while the previous one was written) is matched against the companies'
 * active subscriptions and written in ONE transaction: the event row (its id, its exact body; a
 * natural key makes it exist once even when two instances see it), one delivery per subscription
 * (unique per subscription and event) and one queued job per delivery. At 500 events a second this
 * is a few transactions a second instead of hundreds.
 */
import { webhookDeliveries, webhookEvents } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { activeSubscriptionsOf } from "./repo.ts";
import { enqueueDelivery, waitsBehind } from "./delivery.ts";
import { type Candidate, ticketCreated } from "./payloads.ts";

type Sub = Awaited<ReturnType<typeof activeSubscriptionsOf>>[number];
type Work = Candidate & { subs: Sub[] };

/** Tickets whose `ticket.created` was already decided here (bounded; the event key is the truth). */
const SEEN_LIMIT = 50_000;

export class Outbox {
  #queue: Candidate[] = [];
  #tail: Promise<void> = Promise.resolve();
  #next: Promise<void> | null = null;
  #seen = new Set<number>();

  constructor(private deps: Deps) {}

  /** Resolves once the candidate's batch is written (the bus's drain waits for it). */
  add(c: Candidate): Promise<void> {
    this.#queue.push(c);
    if (!this.#next) {
      this.#next = this.#tail = this.#tail.then(() => {
        this.#next = null;
        return this.#flush(this.#queue.splice(0));
      }).catch((err) => console.error("[webhooks] outbox write failed", err));
    }
    return this.#next;
  }

  async #flush(batch: Candidate[]): Promise<void> {
    const companyIds = [...new Set(batch.map((c) => c.companyId))];
    const subs = await activeSubscriptionsOf(this.deps.db, companyIds);
    if (!subs.length) return;
    const work: Work[] = [];
    for (const c of batch) {
      const mine = subs.filter((s) => s.companyId === c.companyId);
      if (!mine.length) continue;
      const t = c.ticket;
      if (t && !this.#seen.has(t.id)) {
        // The first event about a ticket born after a subscription: `ticket.created` goes first.
        const wants = mine.filter((s) => s.events.includes("ticket.created") && s.createdAt <= t.createdAt);
        if (wants.length) work.push({ ...ticketCreated(c.companyId, t), subs: wants });
        if (this.#seen.size >= SEEN_LIMIT) this.#seen.clear();
        this.#seen.add(t.id);
      }
      if (!c.type) continue;
      const wants = mine.filter((s) => s.events.includes(c.type!));
      if (wants.length) work.push({ ...c, subs: wants });
    }
    if (!work.length) return;
    const deps = this.deps;
    await deps.database.write(async (tx) => {
      const createdAt = deps.clock.now().toISOString();
      for (const w of work) {
        const id = crypto.randomUUID();
        const body = JSON.stringify({
          id,
          type: w.type,
          version: 1,
          createdAt,
          companyId: w.companyId,
          data: w.data,
        });
        const inserted = await tx.insert(webhookEvents).values({
          id,
          companyId: w.companyId,
          type: w.type!,
          dedupeKey: w.dedupeKey,
          orderKey: w.orderKey,
          body,
          createdAt,
        }).onConflictDoNothing().returning({ id: webhookEvents.id });
        if (!inserted.length) continue; // this event already exists (another instance, a re-emit)
        const rows = await tx.insert(webhookDeliveries).values(
          w.subs.map((s) => ({
            companyId: w.companyId,
            subscriptionId: s.id,
            eventId: id,
            orderKey: w.orderKey,
            createdAt,
            updatedAt: createdAt,
          })),
        ).returning({ id: webhookDeliveries.id, subscriptionId: webhookDeliveries.subscriptionId });
        for (const r of rows) {
          // Behind a pending delivery of its ticket it waits: that one's end queues it.
          if (await waitsBehind(tx, { ...r, orderKey: w.orderKey })) continue;
          await enqueueDelivery(tx, deps, { companyId: w.companyId, deliveryId: r.id });
        }
      }
    });
    deps.jobs.kick();
  }
}
