/**
 * GET /contacts/{id}/tickets (the contact page): the contact's conversations across
 * tickets, newest first, those the viewer may see (canViewTicket), each with its message count
 * and, when resolved, when and by whom (the ticket log's last "closed" entry).
 */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { messages, ticketLogs, tickets, users } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { canViewTicket } from "../tickets/policy.ts";
import { type TicketDTO, ticketDTOs } from "../tickets/dto.ts";
import * as repo from "./repo.ts";
import { hidesNumbersFrom } from "./privacy.ts";

/** The page shows the latest conversations; older ones stay reachable through search. */
const MAX_TICKETS = 100;

export type ContactTicket = TicketDTO & {
  messageCount: number;
  closedBy: { id: number; name: string } | null;
};

export async function contactTickets(deps: Deps, actor: Actor, contactId: number): Promise<ContactTicket[]> {
  await repo.getContact(deps.db, actor.companyId, contactId);
  const rows = (await deps.db.select().from(tickets)
    .where(and(eq(tickets.companyId, actor.companyId), eq(tickets.contactId, contactId)))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id)).limit(MAX_TICKETS))
    .filter((t) => canViewTicket(actor.viewer, t));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [dtos, counts, closes] = await Promise.all([
    ticketDTOs(deps.db, actor.companyId, rows, { maskNumbers: await hidesNumbersFrom(deps.db, actor) }),
    deps.db.select({ ticketId: messages.ticketId, n: count() }).from(messages)
      // Unary +: the ticket ids drive (messages_ticket_created_idx), not the company's messages.
      .where(and(sql`+${messages.companyId} = ${actor.companyId}`, inArray(messages.ticketId, ids)))
      .groupBy(messages.ticketId),
    deps.db.select({
      ticketId: ticketLogs.ticketId,
      userId: users.id,
      name: users.name,
      at: ticketLogs.createdAt,
    })
      .from(ticketLogs).leftJoin(users, eq(users.id, ticketLogs.userId))
      .where(and(
        eq(ticketLogs.companyId, actor.companyId),
        inArray(ticketLogs.ticketId, ids),
        eq(ticketLogs.type, "closed"),
      ))
      .orderBy(ticketLogs.createdAt),
  ]);
  const n = new Map(counts.map((c) => [c.ticketId, c.n]));
  const by = new Map<number, { id: number; name: string } | null>();
  for (const c of closes) by.set(c.ticketId, c.userId ? { id: c.userId, name: c.name ?? "" } : null);
  return dtos.map((t) => ({
    ...t,
    messageCount: n.get(t.id) ?? 0,
    closedBy: t.status === "closed" ? by.get(t.id) ?? null : null,
  }));
}
