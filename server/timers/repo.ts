/**
 * Ticket timer rows (DESIGN §8, §11): one per (ticket, kind) with its due time. Arming replaces
 * (new due time, generation + 1, claim cleared); cancelling deletes; the tick claims due rows with
 * one conditional UPDATE; finishing deletes the row only if nobody re-armed it meanwhile.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { type TicketTimerKind, ticketTimers } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";

/** A claim older than this is taken again: the instance that claimed it died mid-run. */
export const CLAIM_STALE_MS = 2 * 60_000;

export type ClaimedTimer = {
  id: number;
  company_id: number;
  ticket_id: number;
  kind: TicketTimerKind;
  generation: number;
  due_at: string;
};

export async function armTimer(
  tx: Tx,
  t: { companyId: number; ticketId: number; kind: TicketTimerKind; dueAt: Date },
): Promise<void> {
  const due = t.dueAt.toISOString();
  await tx.insert(ticketTimers).values({
    companyId: t.companyId,
    ticketId: t.ticketId,
    kind: t.kind,
    dueAt: due,
  })
    .onConflictDoUpdate({
      target: [ticketTimers.ticketId, ticketTimers.kind],
      set: {
        dueAt: due,
        generation: sql`${ticketTimers.generation} + 1`,
        claimedAt: null,
        updatedAt: new Date().toISOString(),
      },
    });
}

export async function cancelTimers(
  tx: Tx,
  ticketId: number,
  kinds: readonly TicketTimerKind[],
): Promise<void> {
  if (!kinds.length) return;
  await tx.delete(ticketTimers).where(
    and(eq(ticketTimers.ticketId, ticketId), inArray(ticketTimers.kind, [...kinds])),
  );
}

export async function timersOf(db: Db | Tx, ticketId: number) {
  return await db.select().from(ticketTimers).where(eq(ticketTimers.ticketId, ticketId));
}

/** Claims up to `limit` due rows (unclaimed, or claimed by a holder that died). */
export async function claimDue(
  tx: Tx,
  now: Date,
  limit: number,
  staleMs = CLAIM_STALE_MS,
): Promise<ClaimedTimer[]> {
  const at = now.toISOString();
  const stale = new Date(now.getTime() - staleMs).toISOString();
  return await tx.all<ClaimedTimer>(sql`
    UPDATE ticket_timers SET claimed_at = ${at}
    WHERE id IN (
      SELECT id FROM ticket_timers
      WHERE due_at <= ${at} AND (claimed_at IS NULL OR claimed_at < ${stale})
      ORDER BY due_at LIMIT ${limit})
    RETURNING id, company_id, ticket_id, kind, generation, due_at`);
}

/** The run is over: the row goes, unless it was re-armed (a newer generation) meanwhile. */
export async function finishTimer(tx: Tx, id: number, generation: number): Promise<void> {
  await tx.delete(ticketTimers).where(and(eq(ticketTimers.id, id), eq(ticketTimers.generation, generation)));
}

/** Whether anything is due (a read, so an idle tick takes no write lock). */
export async function anyDue(db: Db, now: Date, staleMs = CLAIM_STALE_MS): Promise<boolean> {
  const stale = new Date(now.getTime() - staleMs).toISOString();
  const rows = await db.all<{ one: number }>(sql`
    SELECT 1 AS one FROM ticket_timers
    WHERE due_at <= ${now.toISOString()} AND (claimed_at IS NULL OR claimed_at < ${stale}) LIMIT 1`);
  return rows.length > 0;
}
