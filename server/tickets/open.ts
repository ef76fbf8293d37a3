/**
 * How a ticket comes into being, the one way for every path that opens one (an inbound message,
 * a campaign or scheduled send, the send API, the new-ticket dialog, a forward, a transfer that
 * closes the old ticket): find the contact's active ticket on the connection or create it under
 * the one-active-ticket rule, log `create`, and open its tracking cycle. What differs between the
 * paths (status, queue, assignee, who the log line names, which tracking) is a parameter; events
 * stay with the callers, after their transactions commit.
 */
import { sql } from "drizzle-orm";
import { tickets } from "@db/schema.ts";
import type { Tx } from "@db/client.ts";
import { isUniqueViolation } from "../lib/errors.ts";
import { findActiveTicket, logTicket, type NewTicket, openTraking, type TicketRow } from "./repo.ts";
import { startTraking } from "./tracking.ts";

export type OpenTicketOptions = {
  /** Who and which queue the `create` log line names (nobody when absent: the inbound path). */
  log?: { userId?: number | null; queueId?: number | null };
  /**
   * The new ticket's tracking cycle: none (the inbound path opens it per stored message; a forward
   * has none), `"queued"` (a waiting cycle), or `{ startedBy }`: started by that user, or waiting
   * when null (`startTraking`).
   */
  tracking?: "queued" | { startedBy: number | null };
  /**
   * Log and track even when an active ticket was found (the transfer to a new ticket, which has
   * just closed the old one and so in practice always creates).
   */
  evenWhenFound?: boolean;
};

/**
 * The contact's active ticket on the connection, created with `values` when there is none.
 * Must run inside `database.write`.
 */
export async function openTicket(
  tx: Tx,
  companyId: number,
  values: NewTicket & { contactId: number; whatsappId: number },
  o: OpenTicketOptions = {},
): Promise<{ ticket: TicketRow; created: boolean }> {
  const r = await findOrCreateActiveTicket(tx, companyId, values);
  if (!r.created && !o.evenWhenFound) return r;
  await logTicket(tx, companyId, {
    ticketId: r.ticket.id,
    type: "create",
    userId: o.log?.userId,
    queueId: o.log?.queueId,
  });
  if (o.tracking === "queued") await openTraking(tx, companyId, r.ticket);
  else if (o.tracking) await startTraking(tx, companyId, r.ticket, o.tracking.startedBy);
  return r;
}

/**
 * Atomic by the schema: tickets_one_active_uq rejects a second active row, so a racing insert
 * (another process) fails and we read the winner.
 */
async function findOrCreateActiveTicket(
  tx: Tx,
  companyId: number,
  values: NewTicket & { contactId: number; whatsappId: number },
): Promise<{ ticket: TicketRow; created: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await findActiveTicket(tx, companyId, values.contactId, values.whatsappId);
    if (existing) return { ticket: existing, created: false };
    try {
      const [ticket] = await tx.insert(tickets).values({
        ...values,
        companyId,
        number: sql`(SELECT COALESCE(MAX(number), 0) + 1 FROM tickets WHERE company_id = ${companyId})`,
      }).returning();
      return { ticket, created: true };
    } catch (err) {
      // Lost a race with another process (active slot or ticket number): read again.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error("findOrCreateActiveTicket: could not settle the active ticket");
}
