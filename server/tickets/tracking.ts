/**
 * A ticket's service cycle (ticket_traking: queued → started → closed → rated), as the transitions,
 * a new ticket (open.ts) and the bot move it. Opening the row is `openTraking` (repo.ts).
 */
import { eq } from "drizzle-orm";
import { ticketTraking } from "@db/schema.ts";
import type { Tx } from "@db/client.ts";
import { openTraking, type TicketRow } from "./repo.ts";

export const now = () => new Date().toISOString();

export async function closeTraking(tx: Tx, companyId: number, ticket: TicketRow) {
  const tr = await openTraking(tx, companyId, ticket);
  await tx.update(ticketTraking).set({
    closedAt: now(),
    finishedAt: now(),
    userId: ticket.userId ?? tr.userId,
  })
    .where(eq(ticketTraking.id, tr.id));
}

export async function startTraking(tx: Tx, companyId: number, ticket: TicketRow, userId: number | null) {
  const tr = await openTraking(tx, companyId, ticket);
  await tx.update(ticketTraking).set({ startedAt: userId ? now() : null, userId, queueId: ticket.queueId })
    .where(eq(ticketTraking.id, tr.id));
}
