/**
 * The stored files of a conversation's messages, read inside the transaction that deletes their owner
 * (a ticket, a contact: the messages go by cascade), so the files can be removed once it commits — those
 * that no remaining message shares (`unreferencedMessageFiles`).
 */
import { and, eq, inArray, isNotNull, or } from "drizzle-orm";
import { messages, tickets } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";

export async function mediaOfTicket(tx: Tx, companyId: number, ticketId: number): Promise<string[]> {
  const rows = await tx.select({ path: messages.mediaUrl }).from(messages).where(and(
    eq(messages.companyId, companyId),
    eq(messages.ticketId, ticketId),
    isNotNull(messages.mediaUrl),
  ));
  return rows.map((r) => r.path!);
}

/** A contact's messages and those of its tickets (a group's participant keeps messages elsewhere). */
export async function mediaOfContact(tx: Tx, companyId: number, contactId: number): Promise<string[]> {
  const own = tx.select({ id: tickets.id }).from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId)));
  const rows = await tx.select({ path: messages.mediaUrl }).from(messages).where(and(
    eq(messages.companyId, companyId),
    isNotNull(messages.mediaUrl),
    or(eq(messages.contactId, contactId), inArray(messages.ticketId, own)),
  ));
  return rows.map((r) => r.path!);
}

/**
 * Of a deleted conversation's files, those no message points at any more. Only files uploaded for a
 * message (`company{id}/messages/…`) are candidates: a file list's, a flow's or a campaign's file is its
 * row's to remove, even when messages were sent with it; a forward shares its source's file, so a file
 * another ticket still shows stays. Read after the delete committed, outside the write lock.
 */
export async function unreferencedMessageFiles(
  db: Db,
  companyId: number,
  paths: string[],
): Promise<string[]> {
  const own = [...new Set(paths.filter((p) => p.startsWith(`company${companyId}/messages/`)))];
  const kept = new Set<string>();
  for (let i = 0; i < own.length; i += 500) {
    const rows = await db.select({ path: messages.mediaUrl }).from(messages)
      .where(and(eq(messages.companyId, companyId), inArray(messages.mediaUrl, own.slice(i, i + 500))));
    for (const r of rows) kept.add(r.path!);
  }
  return own.filter((p) => !kept.has(p));
}
