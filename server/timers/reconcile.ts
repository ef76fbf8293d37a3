/**
 * Arming after a transition: every ticket.updated (created, accepted, closed, moved, an
 * attendant's message) brings the ticket's timers in line with its state. Requests of one
 * event-loop turn share one write, so a burst of transitions costs one transaction.
 */
import { inArray } from "drizzle-orm";
import { queues, tickets } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { connectionWithQueues } from "../connections/with_queues.ts";
import { armTimer, cancelTimers } from "./repo.ts";
import { ALL_KINDS, planFor, type QueueTimerFields, type TimerPlan } from "./plan.ts";

export class TimerArmer {
  #pending = new Map<number, number>(); // ticketId → companyId
  #flush: Promise<void> | null = null;

  constructor(private deps: Deps) {}

  /** Resolves once the ticket's timers reflect a state at least as new as this call. */
  request(companyId: number, ticketId: number): Promise<void> {
    this.#pending.set(ticketId, companyId);
    this.#flush ??= new Promise<void>((r) => setTimeout(r, 0)).then(() => this.#run());
    return this.#flush;
  }

  async #run(): Promise<void> {
    const batch = this.#pending;
    this.#pending = new Map();
    this.#flush = null;
    await reconcileTickets(this.deps, [...batch.keys()]).catch((err) =>
      console.error("[timers] arming failed", err)
    );
  }
}

/** Brings the timers of `ids` in line with their tickets' state as of now. */
export async function reconcileTickets(deps: Deps, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const now = deps.clock.now();
  const rows = await deps.db.select().from(tickets).where(inArray(tickets.id, ids));
  const queueIds = [...new Set(rows.map((r) => r.queueId).filter((q): q is number => !!q))];
  const qs = queueIds.length
    ? await deps.db.select({
      id: queues.id,
      ativarRoteador: queues.ativarRoteador,
      tempoRoteador: queues.tempoRoteador,
    })
      .from(queues).where(inArray(queues.id, queueIds))
    : [];
  const queueById = new Map<number, QueueTimerFields>(qs.map((q) => [q.id, q]));
  const plans: { companyId: number; ticketId: number; plan: TimerPlan }[] = [];
  for (const t of rows) {
    let plan: TimerPlan = {};
    if (t.whatsappId && t.status !== "closed") {
      const { connection } = await connectionWithQueues(deps, t.companyId, t.whatsappId).catch(() => ({
        connection: null,
      }));
      if (connection) {
        plan = planFor(
          t,
          connection,
          t.queueId ? queueById.get(t.queueId) ?? null : null,
          deps.config.ticketAutoCloseHours,
        );
      }
    }
    plans.push({ companyId: t.companyId, ticketId: t.id, plan });
  }
  await deps.database.write(async (tx) => {
    for (const { companyId, ticketId, plan } of plans) {
      await cancelTimers(tx, ticketId, ALL_KINDS.filter((k) => plan[k] === undefined));
      for (const [kind, minutes] of Object.entries(plan) as [keyof TimerPlan, number][]) {
        await armTimer(tx, { companyId, ticketId, kind, dueAt: new Date(now.getTime() + minutes * 60_000) });
      }
    }
  });
}
