/** Ticket queries. `companyId` first; every query filters on it. */
import { and, desc, eq, inArray, isNull, SQL, sql } from "drizzle-orm";
import { activeTicketStatuses, ticketLogs, tickets, ticketTraking } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import { prepared } from "@db/prepared.ts";
import { notFound } from "../lib/errors.ts";

export type TicketRow = typeof tickets.$inferSelect;
export type NewTicket = Omit<typeof tickets.$inferInsert, "id" | "companyId" | "uuid" | "number">;

const p = sql.placeholder;

export async function findTicket(db: Db | Tx, companyId: number, id: number): Promise<TicketRow | null> {
  const q = prepared(
    db,
    "tickets.find",
    (d) =>
      d.select().from(tickets).where(and(eq(tickets.companyId, p("companyId")), eq(tickets.id, p("id"))))
        .limit(1).prepare(),
  );
  return (await q.get({ companyId, id })) ?? null;
}

export async function getTicket(db: Db | Tx, companyId: number, id: number): Promise<TicketRow> {
  const t = await findTicket(db, companyId, id);
  if (!t) throw notFound("ticket");
  return t;
}

/** The active ticket of (contact, connection). The IN list repeats the partial index's predicate so it is used. */
export async function findActiveTicket(
  db: Db | Tx,
  companyId: number,
  contactId: number,
  whatsappId: number,
): Promise<TicketRow | null> {
  const q = prepared(db, "tickets.active", (d) =>
    d.select().from(tickets).where(and(
      eq(tickets.companyId, p("companyId")),
      eq(tickets.contactId, p("contactId")),
      eq(tickets.whatsappId, p("whatsappId")),
      inArray(tickets.status, [...activeTicketStatuses]),
    )).limit(1).prepare());
  return (await q.get({ companyId, contactId, whatsappId })) ?? null;
}

/** The newest ticket of any status for (contact, connection). */
export async function findLatestTicket(
  db: Db | Tx,
  companyId: number,
  contactId: number,
  whatsappId: number,
): Promise<TicketRow | null> {
  const q = prepared(db, "tickets.latest", (d) =>
    d.select().from(tickets).where(and(
      eq(tickets.companyId, p("companyId")),
      eq(tickets.contactId, p("contactId")),
      eq(tickets.whatsappId, p("whatsappId")),
    )).orderBy(desc(tickets.id)).limit(1).prepare());
  return (await q.get({ companyId, contactId, whatsappId })) ?? null;
}

/** Sets `values` (and updatedAt); one prepared statement per set of column names. */
export async function updateTicket(
  tx: Tx,
  companyId: number,
  id: number,
  values: Partial<typeof tickets.$inferInsert>,
): Promise<TicketRow> {
  const set: Record<string, unknown> = { ...values, updatedAt: new Date().toISOString() };
  const keys = Object.keys(set).filter((k) => set[k] !== undefined).sort();
  let row: TicketRow | undefined;
  if (keys.some((k) => set[k] instanceof SQL)) {
    [row] = await tx.update(tickets).set(set).where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
      .returning();
  } else {
    const q = prepared(tx, `tickets.update:${keys}`, (d) => updateByKeys(d, keys).returning().prepare());
    [row] = await q.all(bindUpdate(keys, set, companyId, id));
  }
  if (!row) throw notFound("ticket");
  return row;
}

/**
 * `updateTicket` only while the ticket is still where the caller saw it — same status, queue and
 * attendant: null when it moved meanwhile (accepted, closed, transferred), and nothing is written.
 */
export async function updateTicketIfUnmoved(
  tx: Tx,
  companyId: number,
  id: number,
  seen: Pick<TicketRow, "status" | "queueId" | "userId">,
  values: Partial<typeof tickets.$inferInsert>,
): Promise<TicketRow | null> {
  const [row] = await tx.update(tickets).set({ ...values, updatedAt: new Date().toISOString() })
    .where(and(
      eq(tickets.companyId, companyId),
      eq(tickets.id, id),
      eq(tickets.status, seen.status),
      seen.queueId === null ? isNull(tickets.queueId) : eq(tickets.queueId, seen.queueId),
      seen.userId === null ? isNull(tickets.userId) : eq(tickets.userId, seen.userId),
    )).returning();
  return row ?? null;
}

/**
 * `updateTicket` for a row the caller holds (read in the same transaction): no RETURNING, the
 * row comes back with the new values applied (the ingest hot path: one fewer 45-column row to
 * carry across SQLite and Drizzle per message). Only columns that change are set, so an
 * unchanged status does not touch the partial index of active tickets.
 */
export async function updateHeldTicket(
  tx: Tx,
  row: TicketRow,
  values: Partial<Omit<TicketRow, "id" | "companyId" | "updatedAt">>,
): Promise<TicketRow> {
  const set: Record<string, unknown> = { updatedAt: new Date().toISOString() };
  for (const [k, v] of Object.entries(values)) {
    if (v !== undefined && v !== (row as Record<string, unknown>)[k]) set[k] = v;
  }
  const keys = Object.keys(set).sort();
  const q = prepared(tx, `tickets.updateHeld:${keys}`, (d) => updateByKeys(d, keys).prepare());
  const r = await q.run(bindUpdate(keys, set, row.companyId, row.id));
  if (!r.rowsAffected) throw notFound("ticket");
  return { ...row, ...set } as TicketRow;
}

/** `UPDATE tickets SET <keys> WHERE company and id`, with placeholders, to prepare once per set of keys. */
const updateByKeys = (d: Db | Tx, keys: string[]) =>
  d.update(tickets).set(Object.fromEntries(keys.map((k) => [k, p(k)])))
    .where(and(eq(tickets.companyId, p("_companyId")), eq(tickets.id, p("_id"))));

const bindUpdate = (keys: string[], set: Record<string, unknown>, companyId: number, id: number) => ({
  ...Object.fromEntries(keys.map((k) => [k, set[k]])),
  _companyId: companyId,
  _id: id,
});

export async function logTicket(
  tx: Tx,
  companyId: number,
  e: {
    ticketId: number;
    type: (typeof ticketLogs.$inferInsert)["type"];
    userId?: number | null;
    queueId?: number | null;
    /** A readable line for the history panel (integrations' failures). */
    detail?: string | null;
  },
): Promise<void> {
  const q = prepared(tx, "ticketLogs.insert", (d) =>
    d.insert(ticketLogs).values({
      companyId: p("companyId"),
      ticketId: p("ticketId"),
      type: p("type"),
      userId: p("userId"),
      queueId: p("queueId"),
      detail: p("detail"),
    }).prepare());
  await q.run({
    companyId,
    ticketId: e.ticketId,
    type: e.type,
    userId: e.userId ?? null,
    queueId: e.queueId ?? null,
    detail: e.detail ?? null,
  });
}

/** The open tracking cycle of a ticket, created when absent. */
export async function openTraking(
  tx: Tx,
  companyId: number,
  ticket: TicketRow,
): Promise<typeof ticketTraking.$inferSelect> {
  const q = prepared(tx, "ticketTraking.open", (d) =>
    d.select().from(ticketTraking).where(and(
      eq(ticketTraking.companyId, p("companyId")),
      eq(ticketTraking.ticketId, p("ticketId")),
      sql`${ticketTraking.finishedAt} IS NULL`,
    )).orderBy(desc(ticketTraking.id)).limit(1).prepare());
  const row = await q.get({ companyId, ticketId: ticket.id });
  if (row) return row;
  const [created] = await tx.insert(ticketTraking).values({
    companyId,
    ticketId: ticket.id,
    whatsappId: ticket.whatsappId,
    queueId: ticket.queueId,
    userId: ticket.userId,
    queuedAt: new Date().toISOString(),
  }).returning();
  return created;
}
