/** Contact list and item queries. `companyId` first; every query filters on it. */
import { and, asc, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import { contactListItems, contactLists } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import { notFound } from "../lib/errors.ts";
import { containsLike } from "../lib/like.ts";

export type ContactListRow = typeof contactLists.$inferSelect;
export type ItemRow = typeof contactListItems.$inferSelect;

// Drizzle writes a column in raw sql as its bare name ("id"), which inside the subquery would be
// the item's own id: the outer list's id is named with its table, explicitly.
const contactsCount = sql<number>`(select count(*) from ${contactListItems}
  where ${contactListItems.contactListId} = ${sql.identifier("contact_lists")}.${sql.identifier("id")})`
  .mapWith(Number);

export async function listLists(
  db: Db,
  companyId: number,
  f: { search?: string; limit: number; offset: number },
) {
  const where = and(
    eq(contactLists.companyId, companyId),
    f.search ? containsLike(contactLists.name, f.search) : undefined,
  );
  const rows = await db.select({ list: contactLists, contactsCount }).from(contactLists).where(where)
    .orderBy(desc(contactLists.id)).limit(f.limit).offset(f.offset);
  const [{ n }] = await db.select({ n: count() }).from(contactLists).where(where);
  return { rows: rows.map((r) => ({ ...r.list, contactsCount: r.contactsCount })), count: n };
}

export async function allLists(db: Db, companyId: number) {
  return await db.select({ id: contactLists.id, name: contactLists.name }).from(contactLists)
    .where(eq(contactLists.companyId, companyId)).orderBy(asc(contactLists.name));
}

export async function findList(db: Db | Tx, companyId: number, id: number): Promise<ContactListRow | null> {
  const [r] = await db.select().from(contactLists)
    .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id))).limit(1);
  return r ?? null;
}

export async function getList(db: Db | Tx, companyId: number, id: number) {
  const l = await findList(db, companyId, id);
  if (!l) throw notFound("contactList");
  const [{ n }] = await db.select({ n: count() }).from(contactListItems)
    .where(eq(contactListItems.contactListId, id));
  return { ...l, contactsCount: n };
}

export async function insertList(tx: Tx, companyId: number, name: string): Promise<ContactListRow> {
  return (await tx.insert(contactLists).values({ companyId, name }).returning())[0];
}

export async function updateList(tx: Tx, companyId: number, id: number, name: string) {
  const [r] = await tx.update(contactLists).set({ name, updatedAt: new Date().toISOString() })
    .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id))).returning();
  if (!r) throw notFound("contactList");
  return r;
}

export async function deleteList(tx: Tx, companyId: number, id: number) {
  await tx.delete(contactLists).where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)));
}

export async function listItems(
  db: Db,
  companyId: number,
  listId: number,
  f: { search?: string; limit: number; offset: number },
) {
  const where = and(
    eq(contactListItems.companyId, companyId),
    eq(contactListItems.contactListId, listId),
    f.search
      ? or(containsLike(contactListItems.name, f.search), containsLike(contactListItems.number, f.search))
      : undefined,
  );
  const rows = await db.select().from(contactListItems).where(where)
    .orderBy(asc(contactListItems.name), asc(contactListItems.id)).limit(f.limit).offset(f.offset);
  const [{ n }] = await db.select({ n: count() }).from(contactListItems).where(where);
  return { rows, count: n };
}

/** Every item of a list, in id order (export, campaign planning). */
export async function allItems(db: Db | Tx, companyId: number, listId: number, afterId = 0, limit = 5000) {
  return await db.select().from(contactListItems).where(
    and(
      eq(contactListItems.companyId, companyId),
      eq(contactListItems.contactListId, listId),
      sql`${contactListItems.id} > ${afterId}`,
    ),
  ).orderBy(asc(contactListItems.id)).limit(limit);
}

export async function findItem(db: Db | Tx, companyId: number, id: number): Promise<ItemRow | null> {
  const [r] = await db.select().from(contactListItems)
    .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id))).limit(1);
  return r ?? null;
}

export async function getItem(db: Db | Tx, companyId: number, id: number): Promise<ItemRow> {
  const r = await findItem(db, companyId, id);
  if (!r) throw notFound("contactListItem");
  return r;
}

export async function insertItem(tx: Tx, values: typeof contactListItems.$inferInsert): Promise<ItemRow> {
  return (await tx.insert(contactListItems).values(values).returning())[0];
}

export async function updateItem(tx: Tx, companyId: number, id: number, values: Partial<ItemRow>) {
  const [r] = await tx.update(contactListItems).set({ ...values, updatedAt: new Date().toISOString() })
    .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id))).returning();
  if (!r) throw notFound("contactListItem");
  return r;
}

export async function deleteItem(tx: Tx, companyId: number, id: number) {
  await tx.delete(contactListItems)
    .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id)));
}

/** Items of the list among `numbers`, keyed by number. */
export async function itemsByNumbers(tx: Tx, companyId: number, listId: number, numbers: string[]) {
  const out = new Map<string, ItemRow>();
  for (let i = 0; i < numbers.length; i += 500) {
    const rows = await tx.select().from(contactListItems).where(and(
      eq(contactListItems.companyId, companyId),
      eq(contactListItems.contactListId, listId),
      inArray(contactListItems.number, numbers.slice(i, i + 500)),
    ));
    for (const r of rows) out.set(r.number, r);
  }
  return out;
}

export async function insertItems(tx: Tx, values: (typeof contactListItems.$inferInsert)[]) {
  for (let i = 0; i < values.length; i += 500) {
    await tx.insert(contactListItems).values(values.slice(i, i + 500)).onConflictDoNothing();
  }
}

/** Records what the channel said about a number (campaign dispatch). */
export async function setValidity(tx: Tx, companyId: number, itemId: number, valid: boolean) {
  await tx.update(contactListItems).set({ isWhatsappValid: valid })
    .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, itemId)));
}

/** Items the channel has not judged yet, after `afterId`, in id order (the number check). */
export async function uncheckedItems(
  db: Db | Tx,
  companyId: number,
  listId: number,
  afterId: number,
  limit: number,
) {
  return await db.select().from(contactListItems).where(and(
    eq(contactListItems.companyId, companyId),
    eq(contactListItems.contactListId, listId),
    sql`${contactListItems.isWhatsappValid} IS NULL`,
    sql`${contactListItems.id} > ${afterId}`,
  )).orderBy(asc(contactListItems.id)).limit(limit);
}

/** How many items of the list are valid, invalid and not checked yet. */
export async function validityCounts(db: Db | Tx, companyId: number, listId: number) {
  const rows = await db.select({ v: contactListItems.isWhatsappValid, n: count() }).from(contactListItems)
    .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.contactListId, listId)))
    .groupBy(contactListItems.isWhatsappValid);
  const out = { valid: 0, invalid: 0, unchecked: 0 };
  for (const r of rows) out[r.v === null ? "unchecked" : r.v ? "valid" : "invalid"] += r.n;
  return out;
}
