/**
 * The lease holder's timer tick (registered in server/job_list.ts): claims due rows in
 * batches with one conditional UPDATE, runs their handlers outside any transaction, then removes
 * each row (unless re-armed meanwhile) or moves it to the time it is really due. Catches up
 * everything overdue, so a tick missed while no instance ran fires late, not never.
 */
import { and, eq, sql } from "drizzle-orm";
import { ticketTimers } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { findTicket } from "../tickets/repo.ts";
import { connectionWithQueues } from "../connections/with_queues.ts";
import { anyDue, CLAIM_STALE_MS, claimDue, type ClaimedTimer, finishTimer } from "./repo.ts";
import { staleAfter } from "../jobs/lease.ts";
import { HANDLERS, type Outcome } from "./handlers.ts";

const BATCH = 100;
/**
 * One handler at a time, with a macrotask yield after each: libsql answers synchronously, so a
 * chain of handlers would otherwise run as one long run of microtasks and hold the event loop (and
 * the inbound path behind it) for the whole batch. Measured on the large database (bench/timers.ts):
 * 4 in parallel without yields closed 10,000 in 14 s but held inbound frames back for seconds.
 */
const PARALLEL = 1;
const yieldToArrivals = () => new Promise((r) => setTimeout(r, 0));

async function runOne(deps: Deps, c: ClaimedTimer, now: Date): Promise<Outcome> {
  const ticket = await findTicket(deps.db, c.company_id, c.ticket_id);
  if (!ticket?.whatsappId) return "done";
  const { connection } = await connectionWithQueues(deps, c.company_id, ticket.whatsappId);
  return await HANDLERS[c.kind](deps, ticket, connection, now);
}

/** Runs every due timer; answers how many fired or were looked at. */
export async function runTicketTimers(deps: Deps, now = deps.clock.now()): Promise<number> {
  let seen = 0;
  const staleMs = staleAfter(deps.config, CLAIM_STALE_MS);
  if (!(await anyDue(deps.db, now, staleMs))) return 0;
  for (;;) {
    const claimed = await deps.database.write((tx) => claimDue(tx, now, BATCH, staleMs));
    if (!claimed.length) return seen;
    const outcomes = new Map<ClaimedTimer, Outcome>();
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const c = claimed[next++];
        try {
          outcomes.set(c, await runOne(deps, c, now));
        } catch (err) {
          // Left claimed: taken again once the claim is stale (a transient failure retries).
          console.error(`[timers] ${c.kind} of ticket ${c.ticket_id} failed`, err);
        }
        await yieldToArrivals();
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    await deps.database.write(async (tx) => {
      for (const [c, outcome] of outcomes) {
        if (outcome === "done") await finishTimer(tx, c.id, c.generation);
        else {
          await tx.update(ticketTimers).set({ dueAt: outcome.toISOString(), claimedAt: null })
            .where(and(eq(ticketTimers.id, c.id), eq(ticketTimers.generation, c.generation)));
        }
      }
    });
    seen += claimed.length;
    if (claimed.length < BATCH) return seen;
    // Let arrivals through between batches.
    await yieldToArrivals();
  }
}

/** For tests and tools: how many rows are due at `now`. */
export async function dueCount(deps: Deps, now: Date): Promise<number> {
  const [r] = await deps.db.select({ n: sql<number>`count(*)` }).from(ticketTimers)
    .where(sql`${ticketTimers.dueAt} <= ${now.toISOString()}`);
  return r.n;
}
