/** Ticket note queries. `companyId` first; every query filters on it. */
import { and, asc, eq } from "drizzle-orm";
import { ticketNotes, users } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import { notFound } from "../lib/errors.ts";

export type NoteRow = typeof ticketNotes.$inferSelect;
export type NoteDTO = NoteRow & { user: { id: number; name: string } | null };

export async function listNotes(
  db: Db,
  companyId: number,
  ticketId: number,
  contactId?: number,
): Promise<NoteDTO[]> {
  const rows = await db.select({ note: ticketNotes, user: { id: users.id, name: users.name } })
    .from(ticketNotes).leftJoin(users, eq(users.id, ticketNotes.userId))
    .where(and(
      eq(ticketNotes.companyId, companyId),
      eq(ticketNotes.ticketId, ticketId),
      contactId ? eq(ticketNotes.contactId, contactId) : undefined,
    )).orderBy(asc(ticketNotes.createdAt), asc(ticketNotes.id));
  return rows.map((r) => ({ ...r.note, user: r.user }));
}

export async function getNote(db: Db | Tx, companyId: number, id: number): Promise<NoteRow> {
  const [n] = await db.select().from(ticketNotes).where(
    and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.id, id)),
  )
    .limit(1);
  if (!n) throw notFound("ticketNote");
  return n;
}

export async function insertNote(tx: Tx, values: typeof ticketNotes.$inferInsert): Promise<NoteRow> {
  return (await tx.insert(ticketNotes).values(values).returning())[0];
}

export async function deleteNote(tx: Tx, companyId: number, id: number): Promise<void> {
  await tx.delete(ticketNotes).where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.id, id)));
}
